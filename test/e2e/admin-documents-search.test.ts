import type { Page } from 'playwright-core';
import { graphql, rest, stackEnv } from '../support/env';
import { screenshot, seriousAccessibilityViolations, until } from './admin-browser';
import { adminPage, itRequestedOnlyTheGateway, saveCompanySettings } from './admin-fixtures';
import { emitir, nfeVenda } from './fiscal-helpers';

/**
 * The documents screen as a person works it: searches a customer by a part of the name, by its CNPJ, by a document's
 * number; gets a wrong filter named by its label; opens a document at its own URL with its recipient, items (each
 * with its taxes) and events; closes it with Esc; opens the URL again after a reload.
 */
jest.setTimeout(120_000);

const fixture = adminPage('admin-page-documents-search', { signedIn: true });
const { byId, activeLabel } = fixture;
let page: Page;
let admin: string;
const emitidos: { id: string; numero: number }[] = [];

function nfePara(documento: string, nome: string) {
  const corpo = nfeVenda();
  // With an IE sent as digits, to see it punctuated by its UF's layout in the detail.
  return { ...corpo, destinatario: { ...corpo.destinatario, documento, nome, inscricaoEstadual: '110042490114' } };
}

const rows = () => page.locator('tr[data-documento-id]');
const listedIds = () => rows().evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-documento-id')));

beforeAll(async () => {
  ({ page, admin } = fixture);
  await saveCompanySettings(admin);
  for (const [documento, nome] of [
    ['11.222.333/0001-81', 'Móveis São João Ltda'],
    ['45.997.418/0001-53', 'Padaria Central ME'],
    ['11.222.333/0001-81', 'Móveis São João Ltda'],
  ]) {
    const resposta = await emitir(admin, nfePara(documento, nome));
    expect(resposta.status).toBe(201);
    emitidos.push(resposta.body.dados);
  }
});

describe('admin page - documents search and detail route', () => {
  it('admin page search - a customer by a part of its name, then by CNPJ, then a number: the list shows the names', async () => {
    await page.getByRole('link', { name: 'Documentos fiscais' }).click();
    await page.getByRole('heading', { level: 1, name: 'Documentos fiscais' }).waitFor();
    const busca = page.getByRole('search', { name: 'Buscar documentos' });
    // The statuses in words; a pending one waits for its authorizer, which is not the SEFAZ for an NFS-e.
    expect(await busca.getByLabel('Situação').locator('option').allTextContents()).toContain('Pendente (aguardando resposta)');
    await busca.getByLabel('Cliente').fill('padaria');
    await busca.getByLabel('Cliente').press('Enter');
    expect(await until(listedIds, (ids) => ids.length === 1)).toEqual([emitidos[1].id]);
    // The recipient by name, and its CNPJ punctuated.
    expect(await rows().first().textContent()).toContain('Padaria Central ME45.997.418/0001-53');

    await busca.getByLabel('Cliente').fill('11.222.333/0001-81');
    await busca.getByRole('button', { name: 'Buscar' }).click();
    expect(await until(listedIds, (ids) => ids.length === 2)).toEqual([emitidos[2].id, emitidos[0].id]);

    await busca.getByLabel('Cliente').fill('');
    await busca.getByLabel('Número do documento').fill(String(emitidos[0].numero));
    await busca.getByRole('button', { name: 'Buscar' }).click();
    expect(await until(listedIds, (ids) => ids.length === 1)).toEqual([emitidos[0].id]);
    await screenshot(page, 'documentos-busca');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('admin page search - a filter the API refuses is named by its label under its field, not by its key', async () => {
    const busca = page.getByRole('search', { name: 'Buscar documentos' });
    await busca.getByLabel('Número do documento').fill('');
    await busca.getByLabel('Cliente').fill('123');
    await busca.getByRole('button', { name: 'Buscar' }).click();
    await byId('busca-cliente-erro').waitFor();
    expect(await byId('busca-cliente-erro').textContent()).toBe('um CNPJ tem 14 dígitos e um CPF, 11');
    expect(await busca.getByText('A busca não foi feita: Cliente.').count()).toBe(1);
    expect(await busca.textContent()).not.toContain('cliente:');
    await busca.getByRole('button', { name: 'Limpar filtros' }).click();
    expect(await until(listedIds, (ids) => ids.length === 3)).toHaveLength(3);
    expect(await byId('busca-cliente-erro').count()).toBe(0);
  });

  it('admin page detail - opens at its own URL with recipient, items and their taxes and events; Esc closes it; the URL opens it again', async () => {
    const id = emitidos[1].id;
    await page.locator(`tr[data-documento-id="${id}"]`).getByRole('button', { name: /Abrir/ }).click();
    const detail = page.locator('.detalhe');
    await detail.getByRole('heading', { name: /NF-e \(55\) nº \d+, série 1 — Autorizado/ }).waitFor();
    expect(new URL(page.url()).hash).toBe(`#/documentos/${id}`);
    await detail.getByRole('heading', { name: 'Itens' }).waitFor();
    const text = (await detail.textContent())!.replace(/\s+/g, ' ');
    expect(text).toContain('Padaria Central ME');
    expect(text).toContain('45.997.418/0001-53');
    // The CEP and the IE (São Paulo's layout) punctuated as the person typed them in the form.
    expect(text).toContain('Rua Augusta, 500 — Consolação, São Paulo/SP, CEP 01304-000');
    expect(text).toContain('Inscrição estadual110.042.490.114');
    const items = detail.locator('table.itens-documento tbody tr');
    expect(await items.count()).toBe(2);
    // Item 1: 2 x R$ 250,50 = R$ 501,00; its DAS at 6%: R$ 30,06. Item 2: 3 x 3,3333 = 9,9999 -> R$ 10,00; DAS R$ 0,60.
    const first = (await items.nth(0).textContent())!.replace(/\s/g, ' ');
    expect(first).toMatch(/Cadeira de escritório.*R\$ 250,50.*R\$ 501,00.*DAS \(Simples Nacional\) 6%: R\$ 30,06/);
    expect((await items.nth(1).textContent())!.replace(/\s/g, ' ')).toMatch(/Parafusos.*R\$ 3,3333.*R\$ 10,00.*R\$ 0,60/);
    expect(await detail.locator('.eventos li').first().textContent()).toMatch(/^Autorização de uso em \d\d\/\d\d\/\d{4}.* — protocolo \d{15}$/);
    await screenshot(page, 'documento-detalhe');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const abrir = await page.locator(`tr[data-documento-id="${id}"]`).getByRole('button', { name: /Abrir/ }).getAttribute('aria-label');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    expect(new URL(page.url()).hash).toBe('#/documentos');
    expect(await until(activeLabel, (l) => l === abrir)).toBe(abrir);

    // The document's URL, in a reload (or pasted, or bookmarked), opens it.
    await page.goto(`${stackEnv.gatewayUrl}/admin/#/documentos/${emitidos[2].id}`);
    await page.reload();
    await detail.getByRole('heading', { name: new RegExp(`nº ${emitidos[2].numero}, série 1 — Autorizado`) }).waitFor();
    expect(await detail.textContent()).toContain('Móveis São João Ltda');
    // Back in the browser closes it (the list's URL).
    await page.goBack();
    await until(
      () => detail.count(),
      (n) => n === 0,
    );
  });

  it('admin page detail - the DANFE opens in a new tab and in a preview through a short-lived link, the session in no URL', async () => {
    const id = emitidos[0].id;
    await page.goto(`${stackEnv.gatewayUrl}/admin/#/documentos/${id}`);
    const detail = page.locator('.detalhe');
    await detail.getByRole('heading', { name: /— Autorizado$/ }).waitFor();
    const [tab] = await Promise.all([page.context().waitForEvent('page'), detail.getByRole('button', { name: 'Abrir o DANFE em nova aba' }).click()]);
    await tab.waitForURL(/\/api\/erp\/faturamento\/documentos\/arquivos\/[A-Za-z0-9_-]{43}$/);
    const url = tab.url();
    // The link carries no session (a JWT starts with eyJ) and opens with no header at all, as a new tab does.
    expect(url).not.toMatch(/eyJ|sessao|authorization/i);
    const opened = await fetch(url);
    expect([opened.status, opened.headers.get('content-type'), opened.headers.get('cache-control')]).toEqual([200, 'application/pdf', 'no-store']);
    expect(Buffer.from(await opened.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await tab.close();

    await detail.getByRole('button', { name: 'Pré-visualizar o DANFE' }).click();
    const frame = detail.locator('iframe[title="Pré-visualização do DANFE"]');
    await frame.waitFor();
    const src = (await frame.getAttribute('src'))!;
    expect(src).toMatch(/^\/api\/erp\/faturamento\/documentos\/arquivos\/[A-Za-z0-9_-]{43}$/);
    expect(src).not.toBe(new URL(url).pathname);
    const preview = await fetch(`${stackEnv.gatewayUrl}${src}`);
    expect([preview.status, preview.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    await screenshot(page, 'documento-danfe-previa');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await detail.getByRole('button', { name: 'Fechar a pré-visualização' }).click();
    expect(await frame.count()).toBe(0);
  });

  it('admin page - the SEFAZ service status is asked from the documents screen and said in words', async () => {
    await page.goto(`${stackEnv.gatewayUrl}/admin/#/documentos`);
    // One select of the kind of document (NF-e first) and one button; the CT-e's are in admin-cte-os.
    expect(await page.getByLabel('Serviço da SEFAZ para').inputValue()).toBe('NFE');
    await page.getByRole('button', { name: 'Consultar a SEFAZ' }).click();
    const said = page.locator('.status-sefaz [role="status"]');
    const text = await until(() => said.textContent(), (t) => Boolean(t));
    // The local authority (HOMOLOGAÇÃO in the test stack) answers NFeStatusServico4 as SEFAZ does: 107.
    expect(text).toMatch(/^SEFAZ SP, NF-e \(55\), homologação.*: em operação — 107 .+ \(consultada em \d\d\/\d\d\/\d{4}, \d\d:\d\d\)\.$/);
  });

  it('admin page detail - an NFC-e is cancelled by substitution: the key of the NFC-e issued in its place, a confirmation that says so', async () => {
    const nfce = () => ({
      referencia: `NFCE-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
      modelo: 'NFCE',
      itens: [{ codigo: 'CAFE', descricao: 'Café torrado 500 g', quantidade: 1, valorUnitario: 32.9, ncm: '09012100', cfop: '5102', csosn: '102' }],
    });
    const original = (await emitir(admin, nfce())).body.dados;
    const substituta = (await emitir(admin, nfce())).body.dados;
    expect([original.situacao, substituta.situacao]).toEqual(['AUTORIZADO', 'AUTORIZADO']);
    await page.goto(`${stackEnv.gatewayUrl}/admin/#/documentos/${original.id}`);
    const detail = page.locator('.detalhe');
    await detail.getByRole('heading', { name: /NFC-e \(65\) nº \d+, série 1 — Autorizado/ }).waitFor();
    await detail.getByLabel('Justificativa').fill('Venda refeita no caixa com outro produto');
    await detail.getByLabel('Chave da NFC-e que substitui esta').fill(substituta.chaveAcesso.replace(/(.{4})/g, '$1 '));
    await detail.getByRole('button', { name: 'Cancelar documento…' }).click();
    const dialog = page.getByRole('dialog', { name: /Cancelar NFC-e/ });
    expect(await dialog.textContent()).toContain('É um cancelamento por substituição');
    await dialog.getByRole('button', { name: 'Cancelar documento' }).click();
    await detail.getByRole('heading', { name: /— Cancelado$/ }).waitFor();
    const evento = await rest('GET', `/api/erp/faturamento/documentos/${original.id}/cancelamento.xml`, { bearer: admin });
    expect(evento.status).toBe(200);
    for (const trecho of ['<tpEvento>110112</tpEvento>', `<chNFeRef>${substituta.chaveAcesso}</chNFeRef>`]) expect(String(evento.body)).toContain(trecho);
  });

  it('admin page - voids a burned number from the page: field errors named by their labels first, then SEFAZ\'s protocol', async () => {
    // An NF-e the authority rejects (NCM 00000000 does not exist: 778) burns its number, which must then be voided.
    const burned = await emitir(admin, nfeVenda({ itens: [{ codigo: 'X-1', descricao: 'Produto sem NCM válido', quantidade: 1, valorUnitario: 10, ncm: '00000000', cfop: '5102', csosn: '102' }] }));
    expect(burned.body).toMatchObject({ codigo: 'DOCUMENTO_REJEITADO', cStat: '778' });
    const { numero, serie } = (await graphql('query($id: ID!) { documentoFiscal(id: $id) { numero serie } }', { id: burned.body.documentoId }, admin)).data!.documentoFiscal;
    await page.goto(`${stackEnv.gatewayUrl}/admin/#/documentos`);
    await page.getByRole('button', { name: 'Inutilizar números…' }).click();
    const form = page.getByRole('form', { name: 'Inutilizar numeração' });
    await form.getByLabel('Série').fill(String(serie));
    await form.getByLabel('Do número').fill(String(numero + 1));
    await form.getByLabel('Até o número').fill(String(numero));
    await form.getByLabel('Justificativa').fill('curta');
    await form.getByRole('button', { name: 'Inutilizar a faixa' }).click();
    expect(await byId('inut-ate-erro').textContent()).toBe('Até o número: deve ser maior ou igual a "Do número".');
    expect(await byId('inut-justificativa-erro').textContent()).toBe('Justificativa: de 15 a 255 caracteres (tem 5).');
    const focusedId = () => page.evaluate<string>('document.activeElement?.id');
    expect(await until(focusedId, (id) => id === 'inut-ate')).toBe('inut-ate');

    await form.getByLabel('Do número').fill(String(numero));
    await form.getByLabel('Justificativa').fill('Número pulado por rejeição do NCM');
    await form.getByRole('button', { name: 'Inutilizar a faixa' }).click();
    await form.getByText(new RegExp(`^Números ${numero} a ${numero} da série ${serie} inutilizados \\(protocolo \\d{15}, em `)).waitFor();
    const listed = await rest('GET', '/api/erp/faturamento/inutilizacoes', { bearer: admin });
    expect(listed.body.dados).toEqual([expect.objectContaining({ de: numero, ate: numero, situacao: 'INUTILIZADA', origem: 'MANUAL' })]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  itRequestedOnlyTheGateway(fixture);
});
