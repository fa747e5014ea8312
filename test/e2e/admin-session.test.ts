import type { Page } from 'playwright-core';
import { signDevSession } from '@erp/kit';
import { sessionFor, stackEnv } from '../support/env';
import type { Browser } from './admin-browser';
import { adminPage, itRequestedOnlyTheGateway, saveCompanySettings } from './admin-fixtures';
import { emitir, nfeVenda } from './fiscal-helpers';

/**
 * The administration page's session in headless Chromium against the running stack: a session the stack refuses,
 * one that runs out, "Sair", and in production the session handed over by the host platform's page.
 */
jest.setTimeout(120_000);

const fixture = adminPage('admin-page-session', { signedIn: true });
const { companyId, signIn } = fixture;
let page: Page;
let admin: string;
let browser: Browser;

beforeAll(() => {
  ({ page, admin, browser } = fixture);
});

describe('admin page - session end, sign-out and the page’s own requests', () => {
  const SESSION_KEY = 'erp-admin:sessao-dev';

  it('admin page - an UNAUTHENTICATED answer (a session the stack refuses) returns to the sign-in, saying why', async () => {
    // A session whose claims the page accepts but whose signature the gateway refuses.
    const signature = admin.split('.')[2];
    const forged = `${admin.slice(0, -signature.length)}${signature.startsWith('AAAA') ? 'BBBB' : 'AAAA'}${signature.slice(4)}`;
    await page.evaluate(`sessionStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(forged)})`);
    await page.goto(`${stackEnv.gatewayUrl}/admin/#/tokens`);
    await page.reload();
    await page.getByText('A sessão não vale mais (expirou ou foi recusada). Entre de novo.').waitFor();
    await page.getByRole('heading', { name: /entrar \(desenvolvimento\)/ }).waitFor();
    expect(await page.evaluate<string | null>(`sessionStorage.getItem(${JSON.stringify(SESSION_KEY)})`)).toBeNull();
  });

  it('admin page - a development session that runs out returns to the sign-in a minute before it expires', async () => {
    // 61 seconds of validity: the page gives it up at exp - 60 s, about a second after it starts.
    const short = await signDevSession(stackEnv.sessionSecret, { companyId, role: 'admin', userId: 'curta' }, 61);
    await page.evaluate(`sessionStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(short)})`);
    await page.reload();
    await page.getByText('Sua sessão de desenvolvimento terminou. Entre de novo.').waitFor();
    await page.getByRole('heading', { name: /entrar \(desenvolvimento\)/ }).waitFor();
  });

  it('admin page - "Sair" forgets the development session: a reload stays on the sign-in', async () => {
    await signIn();
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.getByRole('heading', { name: /entrar \(desenvolvimento\)/ }).waitFor();
    expect(await page.evaluate<string | null>(`sessionStorage.getItem(${JSON.stringify(SESSION_KEY)})`)).toBeNull();
    await page.reload();
    await page.getByRole('heading', { name: /entrar \(desenvolvimento\)/ }).waitFor();
    expect(await page.locator('.topo').count()).toBe(0);
  });

  itRequestedOnlyTheGateway(fixture);
});

describe('admin page - production session from the host platform', () => {
  // The documents screen the host opens lists an NF-e of the company.
  beforeAll(async () => {
    await saveCompanySettings(admin);
    expect((await emitir(admin, nfeVenda())).status).toBe(201);
  });

  const platform = 'http://plataforma.test';
  const intruder = 'http://intruso.test';
  /** A host page framing /admin/ that hands it `sessao` when asked, and once unasked after it loads. */
  const hostPage = (sessao: string) => `<!doctype html><title>plataforma</title>
<iframe id="admin" src="${stackEnv.gatewayUrl}/admin/#/documentos" style="width:1300px;height:700px"></iframe>
<script>
  const frame = document.getElementById('admin');
  const send = () => frame.contentWindow.postMessage({ tipo: 'erp-admin:sessao', sessao: ${JSON.stringify(sessao)} }, ${JSON.stringify(stackEnv.gatewayUrl)});
  window.addEventListener('message', (e) => { if (e.data && e.data.tipo === 'erp-admin:pedir-sessao') send(); });
  // Pushed unasked as well (a platform may renew at any time): the page must still check where it comes from.
  frame.addEventListener('load', () => setTimeout(send, 300));
</script>`;

  it('admin page - in production mode it takes the session the platform posts, and ignores one from another origin', async () => {
    const { context } = browser;
    // The gateway of the test stack runs in development mode: here it answers as production would with
    // ADMIN_PLATFORM_ORIGINS=http://plataforma.test (config.json and the frame-ancestors it would send).
    await context.route(`${stackEnv.gatewayUrl}/admin/config.json`, (route) => route.fulfill({ json: { modo: 'producao', origensPlataforma: [platform] } }));
    await context.route(`${stackEnv.gatewayUrl}/admin/`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': `frame-ancestors ${platform} ${intruder}` } });
    });
    const session = await sessionFor(companyId, 'user', 'maria');
    await context.route(`${platform}/`, (route) => route.fulfill({ contentType: 'text/html', body: hostPage(session) }));
    await context.route(`${intruder}/`, (route) => route.fulfill({ contentType: 'text/html', body: hostPage(session) }));
    const host = await context.newPage();
    try {
      await host.goto(`${platform}/`);
      const admin = host.frameLocator('#admin');
      await admin.getByRole('heading', { level: 1, name: 'Documentos fiscais' }).waitFor();
      const header = (await admin.locator('.topo').textContent())!;
      expect(header).toContain(companyId);
      expect(header).toContain('Usuário');
      expect(header).not.toContain('sessão de desenvolvimento');
      await admin.getByRole('row', { name: /NF-e \(55\)/ }).first().waitFor();

      await host.goto(`${intruder}/`);
      const ignored = host.frameLocator('#admin');
      await ignored.getByText('Aguardando a sessão da plataforma…').waitFor();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await ignored.locator('.topo').count()).toBe(0);
    } finally {
      await host.close();
      await context.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });
});
