import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { signDevSession } from '@erp/kit';
import { criarPfx } from '../../services/settings/test/support/certificados';
import { graphql, newCompanyId, rest, sessionFor, stackEnv } from '../support/env';
import { openBrowser, screenshot, seriousAccessibilityViolations, until, type Browser } from './admin-browser';
import { cancelar, cnpjNovo, emitir, nfeVenda } from './fiscal-helpers';
import { textoDoPdf } from './danfe-helpers';

/**
 * The administration page (admin/, served by the gateway at /admin) in headless Chromium against the running
 * stack: everything a company administrator does on it, checked on screen and read back from the API.
 * ADMIN_SCREENSHOTS_DIR=docs/admin keeps a screenshot of each screen (the ones in the README).
 */
jest.setTimeout(120_000);

const companyId = newCompanyId('admin-page');
let browser: Browser;
let page: Page;
let admin: string;
/** The token created on the Tokens screen, used to send a batch over REST. */
let tokenValue = '';
let loteId = '';
let cnpj = '';

// Page-side expressions are strings: the tests' type check has no DOM library.
const activeText = () => page.evaluate<string>("document.activeElement?.textContent ?? ''");
const activeLabel = () => page.evaluate<string | null>("document.activeElement?.getAttribute('aria-label') ?? null");
/** Every URL the page asked for, to check that none left the gateway's origin. */
const requested: string[] = [];

/** The development sign-in screen, as an administrator of the test's company. */
async function signIn(): Promise<void> {
  await page.getByLabel('Empresa (identificador)').fill(companyId);
  await page.getByLabel('Administrador').check();
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('heading', { level: 1, name: 'Tokens de ingestão' }).waitFor();
}
const byId = (id: string) => page.locator(`[id="${id}"]`);

beforeAll(async () => {
  const built = await fetch(`${stackEnv.gatewayUrl}/admin/`);
  if (built.status !== 200) throw new Error('the administration page is not built: run npm test (scripts/bootstrap.sh builds admin/dist) or npm run -s build -w admin');
  admin = await sessionFor(companyId, 'admin');
  browser = await openBrowser();
  page = browser.page;
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stackEnv.gatewayUrl });
  page.on('request', (request) => requested.push(request.url()));
  page.on('pageerror', (error) => {
    throw error;
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('admin page - session and tokens', () => {
  it('admin page - development sign-in asks for a company and a role and lands on the tokens screen', async () => {
    await page.goto(`${stackEnv.gatewayUrl}/admin/`);
    await page.getByRole('heading', { name: /entrar \(desenvolvimento\)/ }).waitFor();
    await screenshot(page, 'entrar');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await signIn();
    expect(await page.locator('.topo').textContent()).toContain(companyId);
  });

  it('admin page - creates a token with ticked entities and shows its value once, with a copy button and a warning', async () => {
    await page.getByRole('checkbox', { name: /Incidente de segurança/ }).waitFor();
    await page.getByLabel('Nome').fill('SIEM da portaria');
    await page.getByRole('checkbox', { name: /Incidente de segurança/ }).check();
    await page.getByRole('checkbox', { name: /Ativo de informação/ }).check();
    await page.getByRole('radio', { name: /^INSERT/ }).check();
    await page.getByRole('button', { name: 'Criar token' }).click();

    const valor = page.getByLabel('Valor do token');
    await valor.waitFor();
    tokenValue = await valor.inputValue();
    expect(tokenValue).toMatch(/^ing_[A-Za-z0-9_-]{43}$/);
    expect(await page.locator('#token-criado-aviso').textContent()).toContain('Este valor aparece só esta vez');
    expect(await activeText()).toContain('copie o valor agora');
    await page.getByRole('button', { name: 'Copiar' }).click();
    await page.getByText('Copiado para a área de transferência.').waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(tokenValue);
    const row = page.locator('tr', { hasText: 'SIEM da portaria' });
    expect(await row.textContent()).toContain(tokenValue.slice(0, 12));
    expect(await row.textContent()).toContain('INSERT');
    await screenshot(page, 'tokens');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: /Já guardei o valor/ }).click();
    expect(await page.content()).not.toContain(tokenValue);
    // The panel is gone with the focus it had: the focus is back on the button that created the token.
    expect(await until(activeText, (t) => t === 'Criar token')).toBe('Criar token');
    await page.reload();
    await page.getByRole('row', { name: /SIEM da portaria/ }).waitFor();
    expect(await page.content()).not.toContain(tokenValue);
    const listed = await graphql('{ tokensIngestao { nome prefixo modo entidades status } }', {}, admin);
    expect(listed.data!.tokensIngestao).toEqual([
      { nome: 'SIEM da portaria', prefixo: tokenValue.slice(0, 12), modo: 'INSERT', entidades: ['incidente_seguranca', 'ativo_informacao'], status: 'ATIVO' },
    ]);
  });

  it('admin page - inactivates and reactivates with a confirmation; Esc on the revoke dialog changes nothing; revoke is final', async () => {
    await page.getByRole('button', { name: 'Inativar SIEM da portaria' }).click();
    const dialog = page.getByRole('dialog', { name: /Inativar o token/ });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Inativar token' }).click();
    await page.getByRole('status').filter({ hasText: 'Token "SIEM da portaria" inativado.' }).waitFor();
    expect(await page.getByRole('row', { name: /SIEM da portaria/ }).textContent()).toContain('Inativo');
    await page.getByRole('button', { name: 'Reativar SIEM da portaria' }).click();
    await page.getByText('Token "SIEM da portaria" reativado.').waitFor();
    expect(await until(activeText, (t) => t.includes('reativado'))).toContain('reativado');

    // A second token, revoked: Esc first (nothing happens, focus back on the button), then confirmed.
    await page.getByLabel('Nome').fill('Planilha antiga');
    await page.getByRole('checkbox', { name: /Risco corporativo/ }).check();
    await page.getByRole('button', { name: 'Criar token' }).click();
    await page.getByRole('button', { name: /Já guardei o valor/ }).click();
    const revogar = page.getByRole('button', { name: 'Revogar Planilha antiga' });
    await revogar.click();
    await page.getByRole('dialog', { name: /Revogar o token/ }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await page.evaluate<string>("document.activeElement?.getAttribute('aria-label')")).toBe('Revogar Planilha antiga');
    expect(await page.getByRole('row', { name: /Planilha antiga/ }).textContent()).toContain('Ativo');
    // Enter on the button (focused again first: under a full run's load the focus check above passed once and the
    // Enter then opened nothing, as if focus had moved meanwhile).
    await revogar.press('Enter');
    await page.getByRole('dialog', { name: /Revogar o token/ }).getByRole('button', { name: 'Revogar token' }).click();
    await page.getByText('Token "Planilha antiga" revogado.').waitFor();
    const revoked = page.getByRole('row', { name: /Planilha antiga/ });
    expect(await revoked.textContent()).toContain('Revogado');
    expect(await revoked.getByRole('button').count()).toBe(0);
  });

  it('admin page - changes a scope and renews an expiry through their dialogs', async () => {
    await page.getByRole('button', { name: 'Alterar escopo de SIEM da portaria' }).click();
    const scope = page.getByRole('dialog', { name: /Escopo do token/ });
    await scope.getByRole('checkbox', { name: /Ativo de informação/ }).uncheck();
    await scope.getByRole('button', { name: 'Salvar escopo' }).click();
    await page.getByText('Escopo do token "SIEM da portaria" alterado.').waitFor();
    await page.getByRole('button', { name: 'Renovar SIEM da portaria' }).click();
    const renew = page.getByRole('dialog', { name: /Renovar o token/ });
    // The earliest date is today where the deadline is counted (Brasília), not today in UTC (ahead after 21:00).
    const todayInBrasilia = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    expect(await renew.getByLabel('Nova validade').getAttribute('min')).toBe(todayInBrasilia);
    await renew.getByLabel('Nova validade').fill('2030-01-31');
    await renew.getByRole('button', { name: 'Renovar' }).click();
    await page.getByText('Token "SIEM da portaria" renovado.').waitFor();
    const listed = await graphql('{ tokensIngestao { nome entidades expiraEm } }', {}, admin);
    expect(listed.data!.tokensIngestao.find((t: any) => t.nome === 'SIEM da portaria')).toEqual({
      nome: 'SIEM da portaria',
      entidades: ['incidente_seguranca'],
      expiraEm: '2030-02-01T02:59:59.999Z',
    });
  });
});

describe('admin page - import history', () => {
  it('admin page - a batch sent over REST with the token shows its counts, its refused rows with reasons, and their CSV', async () => {
    const sent = await rest('POST', '/api/ingestao-pub/incidente_seguranca', {
      bearer: tokenValue,
      body: {
        linhas: [
          { codigo: 'INC-1', titulo: 'Porta aberta', tipo: 'Confidencialidade', severidade: 'alta', dataDeteccao: '21/11/2026 14:30' },
          { codigo: 'INC-2', titulo: 'Ataque; "grave"', tipo: 'Ransomware', descricao: '=HIPERLINK("http://x")' },
          { titulo: 'sem código', tipo: 'Integridade', descricao: '-12.5' },
        ],
      },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.dados).toMatchObject({ gravadas: 1, recusadas: 2 });
    loteId = sent.body.dados.loteId;

    await page.getByRole('link', { name: 'Histórico de importações' }).click();
    await page.getByRole('heading', { level: 1, name: 'Histórico de importações' }).waitFor();
    await page.getByLabel('Entidade').selectOption('incidente_seguranca');
    const row = page.locator(`tr[data-lote-id="${loteId}"]`);
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(1, 8)).toEqual(['Incidente de segurança', expect.stringContaining('SIEM da portaria'), 'INSERT', '3', '1', '2', '0']);

    const open = row.getByRole('button', { name: /^Ver recusadas: 2 linhas do lote/ });
    await open.click();
    await page.getByRole('heading', { name: /Linhas recusadas/ }).waitFor();
    expect(await until(activeText, (t) => t.includes('Linhas recusadas'))).toContain('Linhas recusadas');
    await page.getByText(/Ransomware/).first().waitFor();
    const refused = await graphql<{ historicoImportacoes: { itens: { loteId: string; linhasRecusadas: { linha: number; erros: string[] }[] }[] } }>(
      '{ historicoImportacoes(entidade: "incidente_seguranca") { itens { loteId linhasRecusadas { linha erros } } } }',
      {},
      admin,
    );
    const reasons = refused.data!.historicoImportacoes.itens.find((l) => l.loteId === loteId)!.linhasRecusadas;
    expect(reasons.map((l) => l.linha)).toEqual([2, 3]);
    for (const reason of reasons.flatMap((l) => l.erros)) await page.getByText(reason, { exact: true }).waitFor();
    await screenshot(page, 'historico');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar CSV das recusadas' }).click()]);
    expect(download.suggestedFilename()).toBe(`recusadas-incidente_seguranca-${loteId}.csv`);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('linha;erros;codigo;titulo;tipo;descricao');
    // Each row's reasons, joined; a formula defused with an apostrophe; a negative number as sent.
    const quoted = (text: string) => (/[;"]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
    expect(lines[1]).toBe(`2;${quoted(reasons[0].erros.join(' | '))};INC-2;"Ataque; ""grave""";Ransomware;"'=HIPERLINK(""http://x"")"`);
    expect(lines[2]).toBe(`3;${quoted(reasons[1].erros.join(' | '))};;sem código;Integridade;-12.5`);

    await page.locator('section', { has: page.getByRole('heading', { name: /Linhas recusadas/ }) }).getByRole('button', { name: 'Fechar' }).click();
    await page.getByRole('heading', { name: /Linhas recusadas/ }).waitFor({ state: 'detached' });
    const openLabel = await open.getAttribute('aria-label');
    expect(await until(activeLabel, (l) => l === openLabel)).toBe(openLabel);
  });

  it('admin page - batches newest first across entities; the entity filter keeps only that entity’s', async () => {
    const created = await graphql<{ criarTokenIngestao: { token: string } }>(
      'mutation($input: CriarTokenIngestaoInput!) { criarTokenIngestao(input: $input) { token } }',
      { input: { nome: 'Inventário e SIEM', entidades: ['ativo_informacao', 'incidente_seguranca'], modo: 'UPSERT' } },
      admin,
    );
    const token = created.data!.criarTokenIngestao.token;
    const asset = await rest('POST', '/api/ingestao-pub/ativo_informacao', { bearer: token, body: { linhas: [{ codigo: 'ATV-1', nome: 'Servidor de arquivos' }, { codigo: 'ATV-2', nome: 'Notebook' }] } });
    const incident = await rest('POST', '/api/ingestao-pub/incidente_seguranca', { bearer: token, body: { linhas: [{ codigo: 'INC-9', titulo: 'Outro incidente' }] } });
    expect([asset.status, incident.status]).toEqual([200, 200]);
    const [assetBatch, incidentBatch] = [asset.body.dados.loteId as string, incident.body.dados.loteId as string];

    const listed = async () => {
      const rows = page.locator('tr[data-lote-id]');
      return Promise.all(Array.from({ length: await rows.count() }, (_, i) => rows.nth(i).getAttribute('data-lote-id')));
    };
    await page.getByLabel('Entidade').selectOption('');
    await page.getByRole('button', { name: 'Atualizar', exact: true }).click();
    expect(await until(listed, (ids) => ids.length === 3)).toEqual([incidentBatch, assetBatch, loteId]);
    expect(await page.locator(`tr[data-lote-id="${assetBatch}"] td`).nth(1).textContent()).toBe('Ativo de informação');

    await page.getByLabel('Entidade').selectOption('ativo_informacao');
    expect(await until(listed, (ids) => ids.length === 1)).toEqual([assetBatch]);
    await page.getByLabel('Entidade').selectOption('incidente_seguranca');
    expect(await until(listed, (ids) => ids.length === 2)).toEqual([incidentBatch, loteId]);
  });
});

describe('admin page - fiscal settings', () => {
  it('admin page - shows the API’s own validation messages next to each field', async () => {
    await page.getByRole('link', { name: 'Configurações fiscais' }).click();
    await page.getByRole('heading', { level: 1, name: 'Configurações fiscais' }).waitFor();
    await page.getByLabel('CNPJ').fill('11.222.333/0001-99');
    await page.getByLabel('Razão social').fill('X');
    await page.getByLabel('Município (código IBGE)').fill('3550309');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await byId('cfg-empresa.cnpj-erro').waitFor();

    const api = await rest('PUT', '/api/erp/faturamento/configuracao', {
      bearer: admin,
      body: { empresa: { cnpj: '11.222.333/0001-99', razaoSocial: 'X', codigoMunicipio: '3550309' } },
    });
    expect(api.status).toBe(400);
    const campos = api.body.campos as { campo: string; erro: string }[];
    expect(campos.map((c) => c.campo).sort()).toEqual(['empresa.cnpj', 'empresa.codigoMunicipio', 'empresa.razaoSocial']);
    for (const { campo, erro } of campos) {
      expect(await byId(`cfg-${campo}-erro`).textContent()).toBe(erro);
      expect(await byId(`cfg-${campo}`).getAttribute('aria-invalid')).toBe('true');
    }
    expect(await until(activeText, (t) => t.includes('3 campos precisam de correção'))).toContain('3 campos precisam de correção');
  });

  it('admin page - saves with a certificate: holder, CNPJ, validity and the expiry warning shown, passwords never', async () => {
    cnpj = cnpjNovo();
    await page.getByLabel('CNPJ').fill(cnpj);
    await page.getByLabel('Razão social').fill('Empresa da Página Ltda');
    await page.getByLabel('UF', { exact: true }).selectOption('SP');
    await page.getByLabel('Município (código IBGE)').fill('3550308');
    await page.getByLabel('Regime tributário').selectOption('SIMPLES_NACIONAL');
    await page.getByLabel('Alíquota efetiva do DAS (%)').fill('6');
    await page.getByLabel('Séries em uso').fill('1, 2');
    await page.getByLabel('Código de serviço (LC 116/2003)').fill('01.07');
    await page.getByLabel('Código da cidade (IBGE)').fill('3550308');
    await page.getByLabel('Senha do web service').fill('segredo-do-ws');
    await page.getByLabel('Logradouro').fill('Avenida Paulista');
    await page.getByLabel('Número', { exact: true }).fill('1000');
    await page.getByLabel('Bairro').fill('Bela Vista');
    await page.getByLabel('Município (nome)').fill('São Paulo');
    await page.getByLabel('CEP').fill('01310100');
    await page.getByLabel('NF-e (horas)').fill('12');
    await page.getByLabel('ICMS: dia').fill('5');
    await page.getByLabel('ICMS: em dia não útil').selectOption('ANTECIPAR');
    const pfx = criarPfx('senha-do-a1', { cnpjNoNome: cnpj, razaoSocial: 'EMPRESA DA PAGINA LTDA', validoAte: new Date(Date.now() + 20 * 86_400_000) });
    await page.getByLabel('Arquivo .pfx', { exact: true }).setInputFiles({ name: 'empresa.pfx', mimeType: 'application/x-pkcs12', buffer: pfx });
    await page.getByLabel('Senha do arquivo .pfx').fill('senha-do-a1');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();

    await page.getByText('Configurações salvas (versão 1).').waitFor();
    expect(await until(activeText, (t) => t.includes('Configurações salvas'))).toContain('Configurações salvas');
    const card = page.locator('.certificado');
    const text = (await card.textContent())!;
    expect(text).toContain(`EMPRESA DA PAGINA LTDA:${cnpj}`);
    expect(text).toContain(cnpj);
    expect(text).toMatch(/(19|20) dias restantes/);
    expect(await card.getByRole('note').textContent()).toMatch(/expira/i);
    expect(await page.getByLabel('Senha do arquivo .pfx').inputValue()).toBe('');
    expect(await page.getByLabel('Senha do web service').inputValue()).toBe('');
    expect(await page.getByLabel('Senha do web service').getAttribute('placeholder')).toBe('•••••••• (guardada)');
    const html = await page.content();
    expect(html).not.toContain('senha-do-a1');
    expect(html).not.toContain('segredo-do-ws');
    await screenshot(page, 'configuracoes');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const stored = await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin });
    expect(stored.body.dados).toMatchObject({ versao: 1, series: [1, 2], empresa: { cnpj, regimeTributario: 'SIMPLES_NACIONAL' }, nfse: { codigoServico: '01.07', senha: expect.stringMatching(/^•+$/) } });
    expect(stored.body.dados.empresa.endereco).toEqual({ logradouro: 'Avenida Paulista', numero: '1000', complemento: null, bairro: 'Bela Vista', municipio: 'São Paulo', cep: '01310100', telefone: null });
    expect(stored.body.dados.prazosCancelamento).toEqual({ nfeHoras: 12, nfceMinutos: null, cteHoras: null, nfseDias: null });
    expect(stored.body.dados.vencimentos).toEqual({ icms: { dia: 5, ajuste: 'ANTECIPAR' }, iss: null, cbs: null, ibs: null, is: null });
  });

  it('admin page - a save that changes one field keeps every other stored setting (address, deadlines, due days, certificate)', async () => {
    const before = (await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin })).body.dados;
    await page.getByLabel('Timeout (segundos)').fill('50');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await page.getByText(`Configurações salvas (versão ${before.versao + 1}).`).waitFor();
    const after = (await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin })).body.dados;
    expect(after.timeoutSegundos).toBe(50);
    const { versao: _v1, atualizadoEm: _a1, timeoutSegundos: _t1, ...rest1 } = before;
    const { versao: _v2, atualizadoEm: _a2, timeoutSegundos: _t2, ...rest2 } = after;
    expect(rest2).toEqual(rest1);
  });

  it('admin page - a save over someone else’s newer version is refused (CONFLITO_DE_EDICAO) and nothing is lost silently', async () => {
    const current = await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin });
    const other = await rest('PUT', '/api/erp/faturamento/configuracao', {
      bearer: admin,
      body: { ...current.body.dados, timeoutSegundos: 45 },
      headers: { 'if-match': current.headers.get('etag')! },
    });
    expect(other.status).toBe(200);

    await page.getByLabel('Timeout (segundos)').fill('60');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await page.getByText(/Conflito de edição \(CONFLITO_DE_EDICAO\)/).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'CONFLITO_DE_EDICAO' }).textContent()).toContain(`salvou a versão ${other.body.dados.versao}`);
    expect((await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin })).body.dados.timeoutSegundos).toBe(45);
    await page.getByRole('button', { name: new RegExp(`Descartar as minhas alterações e carregar a versão ${other.body.dados.versao}`) }).click();
    await page.getByText(new RegExp(`Versão ${other.body.dados.versao}, salva em`)).waitFor();
    expect(await page.getByLabel('Timeout (segundos)').inputValue()).toBe('45');
  });

  it('admin page - "Salvar por cima" asks first, then replaces the newer version with what was typed', async () => {
    const current = await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin });
    const other = await rest('PUT', '/api/erp/faturamento/configuracao', {
      bearer: admin,
      body: { ...current.body.dados, timeoutSegundos: 30 },
      headers: { 'if-match': current.headers.get('etag')! },
    });
    expect(other.status).toBe(200);
    const newer = other.body.dados.versao as number;

    await page.getByLabel('Timeout (segundos)').fill('70');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    const overwrite = page.getByRole('button', { name: `Salvar as minhas alterações por cima da versão ${newer}` });
    await overwrite.click();
    const dialog = page.getByRole('dialog', { name: `Salvar por cima da versão ${newer}?` });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`as alterações da versão ${newer} são substituídas pelas suas`);
    await dialog.getByRole('button', { name: 'Voltar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin })).body.dados.timeoutSegundos).toBe(30);

    await overwrite.click();
    await dialog.getByRole('button', { name: `Salvar por cima da versão ${newer}` }).click();
    await page.getByText(`Configurações salvas (versão ${newer + 1}).`).waitFor();
    expect((await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin })).body.dados).toMatchObject({ versao: newer + 1, timeoutSegundos: 70 });
  });

  it('admin page - removing the stored certificate or web-service password asks first; "Voltar" saves nothing', async () => {
    const before = (await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin })).body.dados;
    const save = page.getByRole('button', { name: 'Salvar configurações' });
    const dialog = page.getByRole('dialog', { name: 'Salvar e remover o que está guardado?' });

    await page.getByLabel('Remover o certificado guardado ao salvar').check();
    await save.click();
    expect(await dialog.textContent()).toContain('o certificado A1 de EMPRESA DA PAGINA LTDA');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByLabel('Remover o certificado guardado ao salvar').uncheck();

    await page.getByLabel('Remover a senha guardada ao salvar').check();
    await save.click();
    expect(await dialog.textContent()).toContain('a senha guardada do web service da NFS-e é apagada');
    expect(await dialog.textContent()).not.toContain('certificado');
    await dialog.getByRole('button', { name: 'Voltar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin })).body.dados.versao).toBe(before.versao);

    await save.click();
    await dialog.getByRole('button', { name: 'Salvar e remover' }).click();
    await page.getByText(`Configurações salvas (versão ${before.versao + 1}).`).waitFor();
    const after = (await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin })).body.dados;
    expect(after.nfse.senha).toBeNull();
    expect(after.certificadoA1).toEqual(before.certificadoA1);
  });

  it('admin page - a certificate refused for its password shows the API’s message under the password field', async () => {
    const pfx = criarPfx('senha-certa', { cnpjNoNome: cnpj, razaoSocial: 'EMPRESA DA PAGINA LTDA', validoAte: new Date(Date.now() + 200 * 86_400_000) });
    await page.getByLabel('Substituir por outro arquivo .pfx').setInputFiles({ name: 'novo.pfx', mimeType: 'application/x-pkcs12', buffer: pfx });
    await page.getByLabel('Senha do arquivo .pfx').fill('senha-errada');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    const message = byId('cfg-certificadoA1.senha-erro');
    await message.waitFor();

    const current = (await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin })).body.dados;
    const api = await rest('PUT', '/api/erp/faturamento/configuracao', {
      bearer: admin,
      body: { ...current, certificadoA1: { arquivoBase64: pfx.toString('base64'), senha: 'senha-errada' } },
    });
    expect(api.body.codigo).toBe('CERTIFICADO_SENHA_INVALIDA');
    expect(await message.textContent()).toBe(api.body.erro);
    expect(await byId('cfg-certificadoA1.senha').getAttribute('aria-invalid')).toBe('true');
    expect(await until(activeText, (t) => t.includes('1 campo precisa de correção'))).toContain('1 campo precisa de correção');
    await page.getByRole('button', { name: 'Desfazer alterações' }).click();
    await message.waitFor({ state: 'detached' });
  });
});

describe('admin page - fiscal documents', () => {
  it('admin page - issues an NF-e and shows key, number, taxes, protocol, the cancellation countdown, the DANFE download and why there is no XML', async () => {
    await page.getByRole('link', { name: 'Documentos fiscais' }).click();
    await page.getByRole('heading', { level: 1, name: 'Documentos fiscais' }).waitFor();
    await page.getByRole('button', { name: 'Emitir documento' }).click();
    await page.getByRole('heading', { name: 'Emitir documento fiscal' }).waitFor();
    await page.getByLabel('CNPJ ou CPF').fill('11.222.333/0001-81');
    await page.getByLabel('Nome', { exact: true }).fill('Cliente Comprador Ltda');
    await page.getByLabel('UF', { exact: true }).fill('SP');
    await page.getByLabel('Município (IBGE)').fill('3550308');
    await page.getByLabel('Logradouro').fill('Avenida Paulista');
    await page.getByLabel('Número', { exact: true }).fill('1578');
    await page.getByLabel('Bairro').fill('Bela Vista');
    await page.getByLabel('Município (nome)').fill('São Paulo');
    await page.getByLabel('CEP').fill('01310-20');
    await page.getByLabel('Código', { exact: true }).fill('P-1');
    await page.getByLabel('Descrição').fill('Cadeira de escritório');
    await page.getByLabel('Quantidade').fill('2');
    await page.getByLabel('Valor unitário (R$)').fill('250,50');
    await page.getByLabel('NCM (8 dígitos)').fill('9401300');
    await page.getByLabel('CFOP').fill('5102');
    await page.getByLabel('CSOSN (Simples)').fill('102');
    await page.getByRole('button', { name: 'Emitir', exact: true }).click();
    await byId('itens[0].ncm-erro').waitFor();
    expect(await byId('itens[0].ncm-erro').textContent()).toBe('NCM deve ter 8 dígitos');
    // The API's message for the recipient's address shows next to its field.
    expect(await byId('destinatario.endereco.cep-erro').textContent()).toBe('cep deve ter 8 dígitos');

    await page.getByLabel('NCM (8 dígitos)').fill('94013000');
    await page.getByLabel('CEP').fill('01310-200');
    await page.getByRole('button', { name: 'Emitir', exact: true }).click();
    const heading = page.getByRole('heading', { name: /NF-e \(55\) nº \d+, série 1 — Autorizado/ });
    await heading.waitFor();
    expect(await until(activeText, (t) => /Autorizado/.test(t))).toMatch(/Autorizado/);
    const numero = Number(/nº (\d+)/.exec((await heading.textContent())!)![1]);
    const listed = await graphql('{ documentosFiscais(modelo: NFE) { itens { id numero chaveAcesso protocolo valorTotal } } }', {}, admin);
    const doc = listed.data!.documentosFiscais.itens.find((d: any) => d.numero === numero);
    expect(doc.valorTotal).toBe(501);
    const detail = page.locator('.detalhe');
    expect((await detail.locator('code.chave').textContent())!.replace(/\s/g, '')).toBe(doc.chaveAcesso);
    expect(await detail.textContent()).toContain(doc.protocolo);
    expect(await detail.getByRole('heading', { name: 'Impostos' }).count()).toBe(1);

    const countdown = detail.locator('.contagem');
    const first = await countdown.textContent();
    // The company's own NF-e deadline saved on the settings screen above: 12 hours, not the legal 24.
    expect(first).toMatch(/^11 h \d\d min \d\d s$/);
    expect(await until(() => countdown.textContent(), (t) => t !== first, 5_000)).not.toBe(first);

    await screenshot(page, 'documentos');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The DANFE of an authorized NF-e downloads as a PDF, fetched with the session.
    const danfe = detail.getByRole('link', { name: 'DANFE (PDF)' });
    expect(await danfe.getAttribute('href')).toBe(`/api/erp/faturamento/documentos/${doc.id}/danfe.pdf`);
    const [download] = await Promise.all([page.waitForEvent('download'), danfe.click()]);
    expect(download.suggestedFilename()).toBe(`nfe-${doc.chaveAcesso}.pdf`);
    const pdf = fs.readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The recipient's address typed above fills its boxes.
    expect(textoDoPdf(pdf).replace(/\s+/g, ' ')).toMatch(/Avenida Paulista, 1578.*Bela Vista.*01310-200/);
    await page.getByText(`DANFE baixado (nfe-${doc.chaveAcesso}.pdf).`).waitFor();
    // The local authorizer signs nothing: no XML, and the page says why in the API's own words.
    const xml = await rest('GET', `/api/erp/faturamento/documentos/${doc.id}/xml`, { bearer: admin });
    expect(xml.status).toBe(404);
    expect(xml.body.codigo).toBe('XML_INDISPONIVEL');
    expect(await until(() => byId('doc-xml').textContent(), (t) => !t!.includes('verificando'))).toBe(`XML: não existe para este documento (${xml.body.erro}).`);
    expect(await detail.getByRole('link', { name: /XML/ }).count()).toBe(0);
  });

  it('admin page - cancels with a justification after a confirmation', async () => {
    const detail = page.locator('.detalhe');
    await detail.getByLabel('Justificativa').fill('curta');
    await detail.getByRole('button', { name: 'Cancelar documento…' }).click();
    await byId('doc-justificativa-erro').waitFor();
    expect(await byId('doc-justificativa-erro').textContent()).toBe('A justificativa deve ter de 15 a 255 caracteres (tem 5).');
    await detail.getByLabel('Justificativa').fill('Pedido desistido pelo cliente antes da saída');
    await detail.getByRole('button', { name: 'Cancelar documento…' }).click();
    await page.getByRole('dialog', { name: /Cancelar NF-e/ }).getByRole('button', { name: 'Cancelar documento' }).click();
    await page.getByRole('heading', { name: /— Cancelado$/ }).waitFor();
    const text = (await detail.textContent())!;
    expect(text).toContain('Pedido desistido pelo cliente antes da saída');
    expect(text).toMatch(/Protocolo do cancelamento\d+/);
    const id = await page.locator('tr.selecionada').getAttribute('data-documento-id');
    const read = await graphql('query($id: ID!) { documentoFiscal(id: $id) { situacao justificativaCancelamento } }', { id }, admin);
    expect(read.data!.documentoFiscal).toEqual({ situacao: 'CANCELADO', justificativaCancelamento: 'Pedido desistido pelo cliente antes da saída' });
  });

  it('admin page - filters by status and records a delivery, after which the NF-e can no longer be cancelled', async () => {
    const issued = await emitir(admin, nfeVenda());
    expect(issued.status).toBe(201);
    const id = issued.body.dados.id;
    await page.getByLabel('Situação').selectOption('AUTORIZADO');
    const row = page.locator(`tr[data-documento-id="${id}"]`);
    await row.waitFor();
    expect(await page.locator('tr', { hasText: 'Cancelado' }).count()).toBe(0);
    await row.getByRole('button', { name: /Abrir/ }).click();
    await page.getByRole('button', { name: 'Registrar entrega…' }).click();
    await page.getByRole('dialog', { name: /Registrar a entrega/ }).getByRole('button', { name: 'Registrar entrega' }).click();
    await page.getByText('Entrega registrada.').waitFor();
    const detail = page.locator('.detalhe');
    expect(await detail.textContent()).toContain('Entregue em');
    expect(await detail.textContent()).toContain('não pode mais ser cancelado (mercadoria entregue');
    expect(await detail.getByLabel('Justificativa').count()).toBe(0);

    // Closing the detail gives the focus back to the document's own "Abrir" in the list.
    const abrir = await row.getByRole('button', { name: /Abrir/ }).getAttribute('aria-label');
    await detail.getByRole('button', { name: 'Fechar' }).click();
    await detail.waitFor({ state: 'detached' });
    expect(await until(activeLabel, (l) => l === abrir)).toBe(abrir);
  });

  it('admin page - "Atualizar" refreshes the open document too: one cancelled elsewhere shows as cancelled', async () => {
    const issued = await emitir(admin, nfeVenda());
    expect(issued.status).toBe(201);
    const id = issued.body.dados.id;
    await page.getByRole('button', { name: 'Atualizar', exact: true }).click();
    const row = page.locator(`tr[data-documento-id="${id}"]`);
    await row.getByRole('button', { name: /Abrir/ }).click();
    const detail = page.locator('.detalhe');
    await detail.getByRole('heading', { name: /— Autorizado$/ }).waitFor();
    const cancelled = await cancelar(admin, id, 'Cancelado por outra tela do ERP');
    expect(cancelled.status).toBe(200);
    await page.getByRole('button', { name: 'Atualizar', exact: true }).click();
    await detail.getByRole('heading', { name: /— Cancelado$/ }).waitFor();
    expect(await detail.textContent()).toContain('Cancelado por outra tela do ERP');
  });

  it('admin page - issues a CT-e through the form (no DACTE offered), marks the start of the service, and filters by model', async () => {
    const transported = await emitir(admin, nfeVenda());
    expect(transported.status).toBe(201);
    await page.getByLabel('Situação').selectOption('');
    await page.getByRole('button', { name: 'Emitir documento' }).click();
    await page.getByRole('heading', { name: 'Emitir documento fiscal' }).waitFor();
    await byId('modelo').selectOption('CTE');
    await page.getByLabel('CNPJ ou CPF').fill('11.222.333/0001-81');
    await page.getByLabel('UF', { exact: true }).fill('SP');
    await page.getByLabel('Código', { exact: true }).fill('FRETE');
    await page.getByLabel('Descrição').fill('Frete da venda');
    await page.getByLabel('Quantidade').fill('1');
    await page.getByLabel('Valor unitário (R$)').fill('80');
    await page.getByLabel('CFOP').fill('5353');
    await page.getByLabel('CSOSN (Simples)').fill('102');
    await page.getByLabel('Chaves das NF-e transportadas (uma por linha)').fill(transported.body.dados.chaveAcesso);
    await page.getByRole('button', { name: 'Emitir', exact: true }).click();
    const detail = page.locator('.detalhe');
    const heading = detail.getByRole('heading', { name: /^CT-e \(57\) nº \d+, série \d+ — Autorizado$/ });
    await heading.waitFor();
    const id = await page.locator('tr.selecionada').getAttribute('data-documento-id');
    const stored = await graphql('query($id: ID!) { documentoFiscal(id: $id) { modelo situacao } }', { id }, admin);
    expect(stored.data!.documentoFiscal).toEqual({ modelo: 'CTE', situacao: 'AUTORIZADO' });
    expect(await detail.getByRole('link', { name: /DACTE|DANFE/ }).count()).toBe(0);
    expect(await detail.locator('.arquivos').textContent()).toContain('DACTE: não é gerado');
    expect((await rest('GET', `/api/erp/faturamento/documentos/${id}/danfe.pdf`, { bearer: admin })).body.codigo).toBe('DANFE_INDISPONIVEL');

    await detail.getByRole('button', { name: 'Registrar início do serviço…' }).click();
    await page.getByRole('dialog', { name: 'Registrar o início do serviço de transporte?' }).getByRole('button', { name: 'Registrar início do serviço' }).click();
    await page.getByText('Início do serviço registrado.').waitFor();
    expect(await detail.textContent()).toContain('Serviço iniciado em');
    expect(await detail.textContent()).toContain('não pode mais ser cancelado (serviço iniciado)');
    expect(await detail.getByRole('button', { name: /Registrar início/ }).count()).toBe(0);
    const marked = await graphql('query($id: ID!) { documentoFiscal(id: $id) { servicoIniciadoEm prazoCancelamento } }', { id }, admin);
    expect(marked.data!.documentoFiscal).toEqual({ servicoIniciadoEm: expect.any(String), prazoCancelamento: null });

    const models = () => page.locator('tr[data-documento-id] td:nth-child(2)').allTextContents();
    await byId('docs-modelo').selectOption('CTE');
    expect(await until(models, (m) => m.length > 0 && m.every((x) => x === 'CT-e (57)'))).toEqual(['CT-e (57)']);
    expect(await page.locator(`tr[data-documento-id="${id}"]`).count()).toBe(1);
    await byId('docs-modelo').selectOption('NFE');
    expect(await until(models, (m) => m.length > 0 && m.every((x) => x === 'NF-e (55)'))).toContain('NF-e (55)');
    expect(await page.locator(`tr[data-documento-id="${id}"]`).count()).toBe(0);
    await byId('docs-modelo').selectOption('');
  });
});

describe('admin page - tax simulation', () => {
  it('admin page - simulates, compares the regimes on a chart, and provisions the taxes as payable titles after a confirmation', async () => {
    await page.getByRole('link', { name: 'Simulação de impostos' }).click();
    await page.getByRole('heading', { level: 1, name: 'Simulação de impostos' }).waitFor();
    await page.getByLabel('Documento').selectOption('NFSE');
    await page.getByLabel('Valor da operação (R$)').fill('10.000,00');
    await page.getByLabel('Data da operação').fill('2026-11-20');
    await page.getByRole('button', { name: 'Simular' }).click();
    await page.getByRole('heading', { name: /Resultado — Simples Nacional, NFSE, R\$\s10\.000,00 em 20\/11\/2026/ }).waitFor();
    expect(await until(activeText, (t) => t.includes('Resultado'))).toContain('Resultado');
    const das = page.getByRole('row', { name: /^DAS/ });
    expect(await das.textContent()).toMatch(/\d\d\/12\/2026/);

    await page.getByRole('button', { name: 'Comparar regimes' }).click();
    await page.getByRole('heading', { name: 'Comparação de regimes' }).waitFor();
    const chart = page.getByRole('img', { name: /Total de impostos por regime/ });
    expect(await chart.locator('g').count()).toBe(3);
    expect(await chart.getAttribute('aria-labelledby')).toBe('grafico-titulo grafico-desc');
    const table = page.getByRole('table', { name: 'Comparação em números' });
    expect(await table.locator('tbody tr').count()).toBe(3);

    await page.getByRole('button', { name: 'Provisionar impostos…' }).click();
    const dialog = page.getByRole('dialog', { name: /Provisionar os impostos/ });
    const planned = await dialog.locator('li').count();
    expect(planned).toBeGreaterThan(0);
    await screenshot(page, 'impostos-confirmacao', { fullPage: false });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Provisionar impostos' }).click();
    await page.locator('.mensagem', { hasText: planned === 1 ? '1 título a pagar criado no financeiro.' : `${planned} títulos a pagar criados no financeiro.` }).waitFor();
    const titles = page.getByRole('table', { name: 'Títulos a pagar criados' });
    expect(await titles.locator('tbody tr').count()).toBe(planned);
    await screenshot(page, 'impostos');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const stored = await graphql('{ simulacoesImposto(primeiros: 10) { itens { provisionada titulos { id } } } }', {}, admin);
    const provisioned = stored.data!.simulacoesImposto.itens.filter((s: any) => s.provisionada);
    expect(provisioned).toHaveLength(1);
    expect(provisioned[0].titulos).toHaveLength(planned);
  });

  it('admin page - the simulation API’s field errors are shown under their fields', async () => {
    await page.getByLabel('Alíquota ISS (%)').fill('9');
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('simularImpostos')),
      page.getByRole('button', { name: 'Simular' }).click(),
    ]);
    const campos = ((await answer.json()).errors?.[0]?.extensions?.campos ?? []) as { campo: string; mensagem: string }[];
    expect(campos.map((c) => c.campo)).toContain('aliquotaIss');
    for (const { campo, mensagem } of campos) {
      await byId(`sim-${campo}-erro`).waitFor();
      expect(await byId(`sim-${campo}-erro`).textContent()).toBe(mensagem);
      expect(await byId(`sim-${campo}`).getAttribute('aria-invalid')).toBe('true');
    }
    await page.getByLabel('Alíquota ISS (%)').fill('');
  });
});

describe('admin page - what the page reads from the graph', () => {
  it('admin page - entidadesIngestao lists every ingestion entity, for admins only', async () => {
    const asAdmin = await graphql('{ entidadesIngestao }', {}, admin);
    expect(asAdmin.data!.entidadesIngestao).toEqual(['incidente_seguranca', 'ativo_informacao', 'risco_corporativo', 'consumo_energia', 'emissao']);
    const asUser = await graphql('{ entidadesIngestao }', {}, await sessionFor(companyId, 'user'));
    expect(asUser.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('admin page - entidadesIngestaoComNome gives each entity the name of the ingestion discovery, for admins only', async () => {
    const named = await graphql<{ entidadesIngestaoComNome: { entidade: string; nome: string }[] }>('{ entidadesIngestaoComNome { entidade nome } }', {}, admin);
    const ids = (await graphql('{ entidadesIngestao }', {}, admin)).data!.entidadesIngestao;
    expect(named.data!.entidadesIngestaoComNome.map((e) => e.entidade)).toEqual(ids);
    const discovery = await rest('GET', '/api/ingestao-pub/entidades', { bearer: tokenValue });
    expect(discovery.status).toBe(200);
    const discovered = discovery.body.dados.entidades as { entidade: string; nome: string }[];
    expect(discovered.length).toBeGreaterThan(0);
    for (const { entidade, nome } of discovered) expect(named.data!.entidadesIngestaoComNome).toContainEqual({ entidade, nome });
    const asUser = await graphql('{ entidadesIngestaoComNome { entidade } }', {}, await sessionFor(companyId, 'user'));
    expect(asUser.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('admin page - loteImportacao reads one batch of the session company; another company gets null for the same id', async () => {
    const query = 'query($loteId: ID!) { loteImportacao(loteId: $loteId) { loteId entidade recusadas linhasRecusadas { linha } } }';
    const own = await graphql(query, { loteId }, admin);
    expect(own.errors).toBeUndefined();
    expect(own.data!.loteImportacao).toEqual({ loteId, entidade: 'incidente_seguranca', recusadas: 2, linhasRecusadas: [{ linha: 2 }, { linha: 3 }] });
    const other = await graphql(query, { loteId }, await sessionFor(newCompanyId('admin-page-other'), 'admin'));
    expect(other.errors).toBeUndefined();
    expect(other.data!.loteImportacao).toBeNull();
    expect((await graphql(query, { loteId: 'nao-existe' }, admin)).data!.loteImportacao).toBeNull();
    expect((await graphql(query, { loteId: 'x'.repeat(5_000) }, admin)).data!.loteImportacao).toBeNull();
    const asUser = await graphql(query, { loteId }, await sessionFor(companyId, 'user'));
    expect(asUser.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
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

  it('admin page - every request the page made went to the gateway’s own origin', async () => {
    const origin = new URL(stackEnv.gatewayUrl).origin;
    expect(requested.length).toBeGreaterThan(50);
    const outside = requested.filter((url) => !(url.startsWith('data:') || new URL(url.replace(/^blob:/, '')).origin === origin));
    expect(outside).toEqual([]);
  });
});

describe('admin page - production session from the host platform', () => {
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
