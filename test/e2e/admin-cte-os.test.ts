import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { stackEnv } from '../support/env';
import { screenshot, seriousAccessibilityViolations, until } from './admin-browser';
import { preencherParte, REMETENTE_SP } from './admin-cte-parties';
import { adminPage, itRequestedOnlyTheGateway, saveCompanySettings } from './admin-fixtures';
import { CHAVE_NFE, cteOsProcBaixado, cteProcBaixado, elementosCte, textoCte } from './cte-helpers';
import { cenario } from './sefaz-helpers';

/**
 * The CT-e's other takers and the CT-e OS (model 67) on the page in headless Chromium, for a Simples Nacional carrier
 * in São Paulo (CSOSN 102): a CT-e whose taker is the shipper (EXPEDIDOR, toma3 1) with the shipper's own fields,
 * first refused in one round by label ("Expedidor: CEP"), then authorized with exped in its cteProc; a CT-e OS chosen
 * as "CT-e OS (67)", its taker, route, passengers, TAF and vehicle typed as a person does, one round of errors by
 * label, then authorized under model 67: "CT-e OS (67)" in the detail, its cteOSProc, its DACTE OS in a new tab.
 * Then the search's "CT-e OS (67)" model apart from "CT-e (57)"; a CT-e paid by the sender with a shipper and a
 * receiver ticked as present (exped and receb in its cteProc); and the CT-e and CT-e OS authorizers' status in words.
 */
jest.setTimeout(150_000);

const fixture = adminPage('admin-page-cte-os', { signedIn: true });
const { byId, typeKeys: type } = fixture;
let page: Page;
let admin: string;
let cnpj: string;

beforeAll(async () => {
  ({ page, admin } = fixture);
  cnpj = await saveCompanySettings(admin);
});

const emitButton = () => page.getByRole('button', { name: 'Emitir', exact: true });
const summaryText = async () => (await page.locator('#emitir-form .mensagem').first().textContent()) ?? '';

async function openForm(modelo: string): Promise<void> {
  await page.goto(`${stackEnv.gatewayUrl}/admin/#/documentos`);
  await page.getByRole('button', { name: 'Emitir documento' }).click();
  await page.getByRole('heading', { name: 'Emitir documento fiscal' }).waitFor();
  await byId('modelo').selectOption(modelo);
}

/** The recipient (or, in a CT-e OS, the taker) inside São Paulo, with its address. */
async function recipientSp(): Promise<void> {
  await type('destinatario.documento', '11222333000181');
  await byId('destinatario.nome').fill('Cliente Comprador Ltda');
  await byId('destinatario.uf').selectOption('SP');
  await byId('destinatario.codigoMunicipio').fill('3550308');
  await type('destinatario.inscricaoEstadual', '110042490114');
  await byId('destinatario.endereco.logradouro').fill('Rua Augusta');
  await byId('destinatario.endereco.numero').fill('500');
  await byId('destinatario.endereco.bairro').fill('Consolação');
  await byId('destinatario.endereco.municipio').fill('São Paulo');
  await type('destinatario.endereco.cep', '01304000');
}

async function place(prefix: string, codigo: string, nome: string, uf: string): Promise<void> {
  await byId(`${prefix}.codigoMunicipio`).fill(codigo);
  await byId(`${prefix}.municipio`).fill(nome);
  await byId(`${prefix}.uf`).selectOption(uf);
}

async function component(i: number, codigo: string, nome: string, valor: string): Promise<void> {
  if (i > 0) await page.getByRole('button', { name: 'Adicionar componente' }).click();
  await byId(`itens[${i}].codigo`).fill(codigo);
  await byId(`itens[${i}].descricao`).fill(nome);
  await byId(`itens[${i}].valorUnitario`).fill(valor);
  await byId(`itens[${i}].csosn`).fill('102');
}

/** A CT-e inside São Paulo (CFOP 5353, São Paulo -> Campinas), one component of R$ 800,00, its sender and cargo. */
async function cteSaoPauloCampinas(): Promise<void> {
  await recipientSp();
  await component(0, 'FRETE', 'Frete peso', '800,00');
  await byId('cte.cfop').fill('5353');
  await byId('cte.rntrc').fill('12345678');
  await preencherParte(fixture, 'cte.remetente', REMETENTE_SP);
  await place('cte.inicio', '3550308', 'São Paulo', 'SP');
  await place('cte.fim', '3509502', 'Campinas', 'SP');
  await byId('cte.valorCarga').fill('12.000,00');
  await byId('cte.produtoPredominante').fill('Móveis de escritório');
  await byId('cte.pesoKg').fill('350,5');
  await byId('chavesNfeTransportadas').fill(CHAVE_NFE);
}

/** The detail of the document just issued, once authorized: its id from the URL. */
async function authorized(heading: RegExp): Promise<string> {
  await page.waitForURL(/#\/documentos\/.+$/, { timeout: 60_000 });
  await page.locator('.detalhe').getByRole('heading', { name: heading }).waitFor({ timeout: 60_000 });
  return decodeURIComponent(/#\/documentos\/(.+)$/.exec(page.url())?.[1] ?? '');
}

describe('admin page - CT-e takers and CT-e OS', () => {
  it('admin page cte os - a CT-e whose taker is the shipper (Expedidor): its fields appear, errors by label in one round, then exped in the cteProc', async () => {
    await openForm('CTE');
    const transport = page.getByRole('group', { name: 'Transporte (CT-e rodoviário)' });
    await transport.waitFor();
    // The five takers of the layout, by what they are.
    expect(await byId('cte.tomador').locator('option').allTextContents()).toEqual([
      'Remetente',
      'Expedidor',
      'Recebedor',
      'Destinatário',
      'Outro (um terceiro)',
    ]);
    expect(await byId('cte.expedidor.documento').count()).toBe(0);
    await byId('cte.tomador').selectOption('EXPEDIDOR');
    await page.getByRole('group', { name: 'Expedidor: o tomador do serviço' }).waitFor();

    await cteSaoPauloCampinas();
    // The shipper, with the masks of the sender: its CNPJ and IE punctuated while typed; a CEP cut short, no bairro.
    await type('cte.expedidor.documento', '11444777000161');
    expect(await byId('cte.expedidor.documento').inputValue()).toBe('11.444.777/0001-61');
    await byId('cte.expedidor.nome').fill('Armazém Expedidor Ltda');
    await byId('cte.expedidor.uf').selectOption('SP');
    await type('cte.expedidor.inscricaoEstadual', '110042490114');
    expect(await byId('cte.expedidor.inscricaoEstadual').inputValue()).toBe('110.042.490.114');
    await byId('cte.expedidor.codigoMunicipio').fill('3550308');
    await byId('cte.expedidor.endereco.logradouro').fill('Rua do Armazém');
    await byId('cte.expedidor.endereco.numero').fill('77');
    await byId('cte.expedidor.endereco.municipio').fill('São Paulo');
    await type('cte.expedidor.endereco.cep', '0131');
    expect(await byId('cte.expedidor.endereco.cep').inputValue()).toBe('0131');

    await emitButton().click();
    await byId('cte.expedidor.endereco.cep-erro').waitFor();
    await byId('cte.expedidor.endereco.bairro-erro').waitFor();
    const summary = await summaryText();
    expect(summary).toMatch(/Expedidor: CEP: /);
    expect(summary).toMatch(/Expedidor: Bairro: /);
    expect(summary).not.toMatch(/cte\.|expedidor\.|endereco/);
    await screenshot(page, 'documentos-cte-expedidor-erros');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await byId('cte.expedidor.endereco.bairro').fill('Brás');
    await type('cte.expedidor.endereco.cep', '03012000');
    await emitButton().click();
    const id = await authorized(/^CT-e \(57\) nº \d+, série \d+ — Autorizado$/);
    // The authority's cteProc (valid against procCTe_v4.00.xsd): toma3 1 and the shipper as typed, digits only.
    const { raiz } = await cteProcBaixado(admin, id);
    expect(textoCte(elementosCte(raiz, 'toma3')[0], 'toma')).toBe('1');
    const exped = elementosCte(raiz, 'exped')[0];
    expect([textoCte(exped, 'CNPJ'), textoCte(exped, 'IE'), textoCte(exped, 'CEP'), textoCte(exped, 'xBairro')]).toEqual(['11444777000161', '110042490114', '03012000', 'Brás']);
    expect(await page.locator('.detalhe').getByRole('link', { name: 'XML do CT-e (cteProc)' }).count()).toBe(1);
  });

  it('admin page cte os - a CT-e paid by a third party (Outro: toma4 with its address), a person typed as a CPF', async () => {
    await openForm('CTE');
    await byId('cte.tomador').selectOption({ label: 'Outro (um terceiro)' });
    await page.getByRole('group', { name: 'Tomador do serviço (outro): quem paga' }).waitFor();
    expect(await byId('cte.expedidor.documento').count()).toBe(0);
    await cteSaoPauloCampinas();
    const contratante = { documento: '52998224725', nome: 'Contratante Pessoa Física', uf: 'MG', codigoMunicipio: '3106200' };
    await preencherParte(fixture, 'cte.outroTomador', { ...contratante, logradouro: 'Rua da Bahia', numero: '1', bairro: 'Centro', municipio: 'Belo Horizonte', cep: '30160011' });
    expect(await byId('cte.outroTomador.documento').inputValue()).toBe('529.982.247-25');
    await emitButton().click();
    const id = await authorized(/^CT-e \(57\) nº \d+, série \d+ — Autorizado$/);
    // toma4 inside ide, with enderToma; no IE typed: indIEToma 9 (not a taxpayer); no toma3.
    const { raiz } = await cteProcBaixado(admin, id);
    const toma4 = elementosCte(raiz, 'toma4')[0];
    expect([textoCte(toma4, 'toma'), textoCte(toma4, 'CPF'), textoCte(toma4, 'cMun'), textoCte(toma4, 'CEP'), textoCte(raiz, 'indIEToma')]).toEqual(['4', '52998224725', '3106200', '30160011', '9']);
    expect(elementosCte(raiz, 'toma3')).toHaveLength(0);
  });

  it('admin page cte os - a CT-e OS (67) through the form: one round of errors by label, then authorized under model 67 with its cteOSProc and DACTE OS', async () => {
    await openForm('CTEOS');
    await page.getByRole('group', { name: 'Transporte de passageiros (CT-e OS)' }).waitFor();
    // No goods: no NF-e keys, no cargo, no sender; the recipient is the taker.
    expect(await byId('chavesNfeTransportadas').count()).toBe(0);
    expect(await byId('cte.remetente.documento').count()).toBe(0);
    await page.getByRole('group', { name: 'Tomador do serviço (quem contrata e paga)' }).waitFor();
    expect(await byId('cteOs.tipoServico').locator('option').allTextContents()).toEqual(['Transporte de pessoas (fretamento)']);

    await recipientSp();
    // Charter 4.000,00 + toll 150,00 = R$ 4.150,00 (each quantity 1).
    await component(0, 'FRETAMENTO', 'Fretamento', '4.000,00');
    await component(1, 'PEDAGIO', 'Pedágio', '150,00');
    expect(await page.locator('.total-itens').textContent()).toMatch(/R\$\s4\.150,00/);
    // São Paulo -> Rio de Janeiro is interstate: CFOP 6353.
    await byId('cteOs.cfop').fill('6353');
    await place('cteOs.inicio', '3550308', 'São Paulo', 'SP');
    await place('cteOs.fim', '3304557', 'Rio de Janeiro', 'RJ');
    await byId('cteOs.descricaoServico').fill('Fretamento de ônibus');
    // Three mistakes a person makes: passengers in words, no TAF number, a plate of 6 characters.
    await byId('cteOs.quantidadePassageiros').fill('quarenta');
    await byId('cteOs.placa').fill('abc1d2');
    expect(await byId('cteOs.placa').inputValue()).toBe('ABC1D2');
    await byId('cteOs.ufVeiculo').selectOption('SP');
    await byId('cteOs.fretamento').selectOption('EVENTUAL');

    await emitButton().click();
    await byId('cteOs.taf-erro').waitFor();
    expect(await byId('cteOs.quantidadePassageiros-erro').textContent()).toBe('deve ser um número inteiro de passageiros, como 40');
    await byId('cteOs.placa-erro').waitFor();
    const summary = await summaryText();
    expect(summary).toContain('Quantidade de passageiros: deve ser um número inteiro de passageiros, como 40');
    expect(summary).toContain('Número do TAF: é obrigatório');
    expect(summary).toMatch(/Placa do veículo: /);
    expect(summary).not.toMatch(/cteOs|quantidadePassageiros|placa_|itens\[/);
    await screenshot(page, 'documentos-cte-os-erros');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await byId('cteOs.quantidadePassageiros').fill('40');
    await byId('cteOs.placa').fill('ABC1D23');
    await byId('cteOs.taf').fill('123456789012');
    await emitButton().click();
    const id = await authorized(/^CT-e OS \(67\) nº 1, série \d+ — Autorizado$/);
    const detail = page.locator('.detalhe');
    expect(await detail.locator('dl.pares dt', { hasText: 'Tomador do serviço' }).count()).toBe(1);

    // The authority's cteOSProc (valid against procCTeOS_v4.00.xsd) holds what was typed.
    const { raiz } = await cteOsProcBaixado(admin, id);
    expect(raiz.localName).toBe('cteOSProc');
    expect([textoCte(raiz, 'mod'), textoCte(raiz, 'tpServ'), textoCte(raiz, 'CFOP'), textoCte(raiz, 'vTPrest')]).toEqual(['67', '6', '6353', '4150.00']);
    expect([textoCte(raiz, 'TAF'), textoCte(raiz, 'placa'), textoCte(raiz, 'tpFretamento'), textoCte(raiz, 'qCarga'), textoCte(raiz, 'xDescServ')]).toEqual(['123456789012', 'ABC1D23', '1', '40.0000', 'Fretamento de ônibus']);
    expect([textoCte(raiz, 'cMunIni'), textoCte(raiz, 'cMunFim')]).toEqual(['3550308', '3304557']);
    expect(textoCte(elementosCte(raiz, 'toma')[0], 'CNPJ')).toBe('11222333000181');

    // Its files by their names: the cteOSProc and the DACTE OS, which opens in a new tab through a short-lived link.
    const [xmlFile] = await Promise.all([page.waitForEvent('download'), detail.getByRole('link', { name: 'XML do CT-e OS (cteOSProc)' }).click()]);
    expect(fs.readFileSync(await xmlFile.path(), 'utf8')).toContain('<cteOSProc');
    const [pdf] = await Promise.all([page.waitForEvent('download'), detail.getByRole('link', { name: 'DACTE OS (PDF)' }).click()]);
    expect(pdf.suggestedFilename()).toMatch(/^cte-os-\d{44}\.pdf$/);
    expect(fs.readFileSync(await pdf.path()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), detail.getByRole('button', { name: 'Abrir o DACTE OS em nova aba' }).click()]);
    await tab.waitForURL(/\/api\/erp\/faturamento\/documentos\/arquivos\/[A-Za-z0-9_-]{43}$/);
    const opened = await fetch(tab.url());
    expect([opened.status, opened.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(opened.headers.get('content-disposition')).toContain('-dacte-os.pdf');
    await tab.close();
    await screenshot(page, 'documento-cte-os');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The list names it too.
    await page.goto(`${stackEnv.gatewayUrl}/admin/#/documentos`);
    await page.getByRole('button', { name: /^Abrir CT-e OS \(67\) número 1$/ }).waitFor();
  });

  it('admin page cte os - the search tells the CT-e OS (67) from the CT-e (57): each model lists only its own', async () => {
    await page.goto(`${stackEnv.gatewayUrl}/admin/#/documentos`);
    const list = page.locator('table');
    const opened = () => list.getByRole('button', { name: /^Abrir / }).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    await list.getByRole('button', { name: 'Abrir CT-e OS (67) número 1' }).waitFor();
    expect(await byId('docs-modelo').locator('option').allTextContents()).toEqual(['Todos', 'NF-e (55)', 'NFC-e (65)', 'CT-e (57)', 'CT-e OS (67)', 'NFS-e']);
    await byId('docs-modelo').selectOption({ label: 'CT-e OS (67)' });
    const soOs = await until(opened, (names) => names.length === 1);
    expect(soOs).toEqual(['Abrir CT-e OS (67) número 1']);
    await byId('docs-modelo').selectOption({ label: 'CT-e (57)' });
    // The two CT-e issued above (the shipper's and the third party's), and no CT-e OS.
    const soCte = await until(opened, (names) => names.length === 2);
    expect(soCte.every((name) => /^Abrir CT-e \(57\) número \d+$/.test(name ?? ''))).toBe(true);
    await screenshot(page, 'documentos-busca-cte-os');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('admin page cte os - a CT-e paid by the sender with a shipper and a receiver present: "Há expedidor" / "Há recebedor", exped and receb in the cteProc', async () => {
    await openForm('CTE');
    expect(await byId('cte.tomador').inputValue()).toBe('REMETENTE');
    const hasShipper = page.getByRole('checkbox', { name: /^Há expedidor/ });
    const hasReceiver = page.getByRole('checkbox', { name: /^Há recebedor/ });
    expect(await byId('cte.expedidor.documento').count()).toBe(0);
    await hasShipper.check();
    await hasReceiver.check();
    await page.getByRole('group', { name: 'Expedidor', exact: true }).waitFor();
    await page.getByRole('group', { name: 'Recebedor', exact: true }).waitFor();
    await cteSaoPauloCampinas();
    const parties: [string, string, string, string, string, string][] = [
      ['expedidor', '11444777000161', 'Armazém Expedidor Ltda', 'Rua do Armazém', 'Brás', '03012000'],
      ['recebedor', '11222333000181', 'Centro de Distribuição Recebedor', 'Rodovia Anhanguera', 'Jardim Campinas', '13051000'],
    ];
    for (const [key, documento, nome, logradouro, bairro, cep] of parties) {
      const [codigoMunicipio, municipio] = key === 'expedidor' ? ['3550308', 'São Paulo'] : ['3509502', 'Campinas'];
      await preencherParte(fixture, `cte.${key}`, { documento, nome, uf: 'SP', codigoMunicipio, logradouro, numero: '10', bairro, municipio, cep });
    }
    await screenshot(page, 'documentos-cte-expedidor-recebedor');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Choosing the shipper as taker keeps its block (now the taker's) and takes its box away.
    await byId('cte.tomador').selectOption('EXPEDIDOR');
    await page.getByRole('group', { name: 'Expedidor: o tomador do serviço' }).waitFor();
    expect(await hasShipper.count()).toBe(0);
    expect(await byId('cte.expedidor.nome').inputValue()).toBe('Armazém Expedidor Ltda');
    await byId('cte.tomador').selectOption('REMETENTE');
    await hasShipper.waitFor();
    expect(await hasShipper.isChecked()).toBe(true);

    await emitButton().click();
    const id = await authorized(/^CT-e \(57\) nº \d+, série \d+ — Autorizado$/);
    // The sender pays (toma3 0); the shipper and the receiver are in the CT-e as typed, digits only.
    const { raiz } = await cteProcBaixado(admin, id);
    expect(textoCte(elementosCte(raiz, 'toma3')[0], 'toma')).toBe('0');
    const exped = elementosCte(raiz, 'exped')[0];
    const receb = elementosCte(raiz, 'receb')[0];
    expect([textoCte(exped, 'CNPJ'), textoCte(exped, 'xNome') !== null, textoCte(exped, 'cMun'), textoCte(exped, 'CEP')]).toEqual(['11444777000161', true, '3550308', '03012000']);
    expect([textoCte(receb, 'CNPJ'), textoCte(receb, 'xLgr'), textoCte(receb, 'cMun'), textoCte(receb, 'CEP')]).toEqual(['11222333000181', 'Rodovia Anhanguera', '3509502', '13051000']);
  });

  it('admin page cte os - the CT-e and CT-e OS authorizers\u2019 status in words: in operation, then paralysed', async () => {
    await page.goto(`${stackEnv.gatewayUrl}/admin/#/documentos`);
    const kind = page.getByLabel('Serviço da SEFAZ para');
    expect(await kind.locator('option').allTextContents()).toEqual(['NF-e (55)', 'NFC-e (65)', 'CT-e (57)', 'CT-e OS (67)']);
    const said = page.locator('.status-sefaz [role="status"]');
    const ask = async (label: string, before: string | null) => {
      await kind.selectOption({ label });
      await page.getByRole('button', { name: 'Consultar a SEFAZ' }).click();
      return until(() => said.textContent(), (t) => Boolean(t) && t !== before);
    };
    // The local authority (HOMOLOGAÇÃO in the test stack) answers CTeStatusServicoV4 as SEFAZ does: 107.
    const cte = await ask('CT-e (57)', null);
    expect(cte).toMatch(/^SEFAZ SP, CT-e \(57\), homologação: em operação — 107 Serviço em Operação \(consultada em \d\d\/\d\d\/\d{4}, \d\d:\d\d\)\.$/);
    const os = await ask('CT-e OS (67)', cte);
    expect(os).toMatch(/^SEFAZ SP, CT-e OS \(67\), homologação: em operação — 107 /);
    await screenshot(page, 'documentos-situacao-sefaz-cte');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // The authorizer paralysed for a while (108): said as such.
    await cenario(cnpj, { status: '108' });
    const parado = await ask('CT-e (57)', os);
    expect(parado).toMatch(/^SEFAZ SP, CT-e \(57\), homologação: paralisada no momento \(volta em breve\) — 108 /);
  });

  itRequestedOnlyTheGateway(fixture);
});
