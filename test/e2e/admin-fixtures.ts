import type { Locator, Page } from 'playwright-core';
import { criarPfx } from '../../services/settings/test/support/certificados';
import { graphql, newCompanyId, rest, sessionFor, stackEnv } from '../support/env';
import { openBrowser, type Browser } from './admin-browser';
import { cnpjNovo } from './fiscal-helpers';

/**
 * What every browser test of the administration page starts from (test/e2e/admin-*.test.ts, one file per screen):
 * a company of its own, its admin session, and a new Chromium on /admin/ that records every request it makes.
 */
export interface AdminPage {
  companyId: string;
  /** Filled before the first test: the admin session of the company, for API calls made beside the page. */
  admin: string;
  browser: Browser;
  page: Page;
  /** Every URL the page asked for, to check that none left the gateway's origin. */
  requested: string[];
  /** The development sign-in screen, as an administrator of the company. */
  signIn: () => Promise<void>;
  byId: (id: string) => Locator;
  /** Types into the field of this id key by key, as a person does (the masks act on each key). */
  typeKeys: (id: string, text: string) => Promise<void>;
  // Page-side expressions are strings: the tests' type check has no DOM library.
  activeText: () => Promise<string>;
  activeLabel: () => Promise<string | null>;
}

/**
 * Registers the file's beforeAll / afterAll: the company and its browser, signed in on the tokens screen when
 * `signedIn` (a file that tests the sign-in itself starts on a blank page).
 */
export function adminPage(label: string, options: { signedIn: boolean }): AdminPage {
  const fixture = {
    companyId: newCompanyId(label),
    admin: '',
    requested: [] as string[],
    signIn: async () => {
      const { page } = fixture;
      await page.getByLabel('Empresa (identificador)').fill(fixture.companyId);
      await page.getByLabel('Administrador').check();
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.getByRole('heading', { level: 1, name: 'Tokens de ingestão' }).waitFor();
    },
    byId: (id: string) => fixture.page.locator(`[id="${id}"]`),
    typeKeys: async (id: string, text: string) => {
      await fixture.byId(id).fill('');
      await fixture.byId(id).pressSequentially(text);
    },
    activeText: () => fixture.page.evaluate<string>("document.activeElement?.textContent ?? ''"),
    activeLabel: () => fixture.page.evaluate<string | null>("document.activeElement?.getAttribute('aria-label') ?? null"),
  } as AdminPage;

  beforeAll(async () => {
    const built = await fetch(`${stackEnv.gatewayUrl}/admin/`);
    if (built.status !== 200) throw new Error('the administration page is not built: run npm test (scripts/bootstrap.sh builds admin/dist) or npm run -s build -w admin');
    fixture.admin = await sessionFor(fixture.companyId, 'admin');
    fixture.browser = await openBrowser();
    fixture.page = fixture.browser.page;
    await fixture.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stackEnv.gatewayUrl });
    fixture.page.on('request', (request) => fixture.requested.push(request.url()));
    fixture.page.on('pageerror', (error) => {
      throw error;
    });
    if (options.signedIn) {
      await fixture.page.goto(`${stackEnv.gatewayUrl}/admin/`);
      await fixture.signIn();
    }
  });

  afterAll(async () => {
    await fixture.browser?.close();
  });

  return fixture;
}

/** The last test of each file: every request the page made in it went to the gateway's origin (or a blob of it). */
export function itRequestedOnlyTheGateway(fixture: AdminPage): void {
  it('admin page - every request the page made went to the gateway’s own origin', async () => {
    const origin = new URL(stackEnv.gatewayUrl).origin;
    // The page, its script and style, its configuration and the graph at least: the recording works.
    expect(fixture.requested.length).toBeGreaterThan(5);
    // chrome: and chrome-extension: are the browser's own PDF viewer showing a preview (never the network).
    const internal = (url: string) => url.startsWith('data:') || url.startsWith('chrome:') || url.startsWith('chrome-extension:');
    const outside = fixture.requested.filter((url) => !(internal(url) || new URL(url.replace(/^blob:/, '')).origin === origin));
    expect(outside).toEqual([]);
  });
}

/**
 * The company's fiscal settings as the settings screen's test saves them (Simples Nacional in São Paulo, its
 * IE and address, a 12-hour NF-e cancellation deadline, ICMS due on day 5, an A1 certificate of 20 days), through REST;
 * returns the company's CNPJ.
 */
export async function saveCompanySettings(admin: string): Promise<string> {
  const cnpj = cnpjNovo();
  const pfx = criarPfx('senha-do-a1', { cnpjNoNome: cnpj, razaoSocial: 'EMPRESA DA PAGINA LTDA', validoAte: new Date(Date.now() + 20 * 86_400_000) });
  const saved = await rest('PUT', '/api/erp/faturamento/configuracao', {
    bearer: admin,
    body: {
      series: [1, 2],
      empresa: {
        cnpj,
        razaoSocial: 'Empresa da Página Ltda',
        inscricaoEstadual: '110042490114',
        uf: 'SP',
        codigoMunicipio: '3550308',
        regimeTributario: 'SIMPLES_NACIONAL',
        aliquotaDas: 6,
        endereco: { logradouro: 'Avenida Paulista', numero: '1000', bairro: 'Bela Vista', municipio: 'São Paulo', cep: '01310100' },
      },
      nfse: { codigoServico: '01.07', codigoCidade: '3550308', senha: 'segredo-do-ws' },
      prazosCancelamento: { nfeHoras: 12 },
      vencimentos: { icms: { dia: 5, ajuste: 'ANTECIPAR' } },
      certificadoA1: { arquivoBase64: pfx.toString('base64'), senha: 'senha-do-a1' },
    },
  });
  if (saved.status !== 200) throw new Error(`settings not saved: ${JSON.stringify(saved.body)}`);
  return cnpj;
}

/** A new ingestion token of the company, created through the graph as the tokens screen does; its value. */
export async function createIngestionToken(admin: string, input: { nome: string; entidades: string[]; modo: 'UPSERT' | 'INSERT' }): Promise<string> {
  const created = await graphql<{ criarTokenIngestao: { token: string } }>('mutation($input: CriarTokenIngestaoInput!) { criarTokenIngestao(input: $input) { token } }', { input }, admin);
  if (!created.data) throw new Error(`token not created: ${JSON.stringify(created.errors)}`);
  return created.data.criarTokenIngestao.token;
}

/**
 * A batch of three security incidents sent over REST with an ingestion token: row 1 written, rows 2 (an unknown
 * type, a title with `;` and quotes, a formula) and 3 (no code, a negative number) refused; its `loteId`.
 */
export async function sendIncidentBatch(token: string): Promise<string> {
  const sent = await rest('POST', '/api/ingestao-pub/incidente_seguranca', {
    bearer: token,
    body: {
      linhas: [
        { codigo: 'INC-1', titulo: 'Porta aberta', tipo: 'Confidencialidade', severidade: 'alta', dataDeteccao: '21/11/2026 14:30', origemSiem: 'portaria' },
        { codigo: 'INC-2', titulo: 'Ataque; "grave"', tipo: 'Ransomware', descricao: '=HIPERLINK("http://x")' },
        { titulo: 'sem código', tipo: 'Integridade', descricao: '-12.5' },
      ],
    },
  });
  expect(sent.status).toBe(200);
  expect(sent.body.dados).toMatchObject({ gravadas: 1, recusadas: 2 });
  return sent.body.dados.loteId as string;
}

