import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { stackEnv } from '../support/env';
import { screenshot, seriousAccessibilityViolations, until } from './admin-browser';
import { preencherParte, REMETENTE_SP } from './admin-cte-parties';
import { adminPage, itRequestedOnlyTheGateway, saveCompanySettings } from './admin-fixtures';
import { CHAVE_NFE, cteInterno, cteProcBaixado, elementosCte, textoCte } from './cte-helpers';
import { emitir } from './fiscal-helpers';

/**
 * The CT-e (model 57, rodoviário) on the page in headless Chromium, for a Simples Nacional carrier in São Paulo: the
 * emission form's transport group typed as a person does (documents, IE and CEP punctuated while typed, values as
 * "12.000,00"), one round of errors by label, the authorized CT-e's cteProc holding what was typed, its DACTE; its
 * correction letter (grupoAlterado / campoAlterado / valorAlterado), a forbidden change named under its field; and
 * the cancellation of another CT-e with its procEventoCTe.
 */
jest.setTimeout(150_000);

const fixture = adminPage('admin-page-cte', { signedIn: true });
const { byId, typeKeys: type } = fixture;
let page: Page;
let admin: string;
let cteId: string;

beforeAll(async () => {
  ({ page, admin } = fixture);
  await saveCompanySettings(admin);
});

describe('admin page - CT-e', () => {
  it('admin page cte - issues a CT-e rodoviário through the form: masks while typing, one round of errors by label, the cteProc as typed', async () => {
    await page.getByRole('link', { name: 'Documentos fiscais' }).click();
    await page.getByRole('button', { name: 'Emitir documento' }).click();
    await page.getByRole('heading', { name: 'Emitir documento fiscal' }).waitFor();
    await byId('modelo').selectOption('CTE');
    await page.getByRole('group', { name: 'Transporte (CT-e rodoviário)' }).waitFor();

    // The recipient (dest, with its address), typed without punctuation: the masks put it in.
    await type('destinatario.documento', '11222333000181');
    expect(await byId('destinatario.documento').inputValue()).toBe('11.222.333/0001-81');
    await byId('destinatario.nome').fill('Cliente Comprador Ltda');
    await byId('destinatario.uf').selectOption('SP');
    await byId('destinatario.codigoMunicipio').fill('3550308');
    await byId('destinatario.endereco.logradouro').fill('Rua Augusta');
    await byId('destinatario.endereco.numero').fill('500');
    await byId('destinatario.endereco.bairro').fill('Consolação');
    await byId('destinatario.endereco.municipio').fill('São Paulo');
    await type('destinatario.endereco.cep', '01304000');
    expect(await byId('destinatario.endereco.cep').inputValue()).toBe('01304-000');

    // The components of the service's value: freight 1.000,00 + toll 50,00 = R$ 1.050,00.
    await page.getByRole('group', { name: 'Componentes do valor do serviço' }).waitFor();
    await byId('itens[0].codigo').fill('FRETE');
    await byId('itens[0].descricao').fill('Frete peso');
    await byId('itens[0].valorUnitario').fill('1.000,00');
    await byId('itens[0].csosn').fill('102');
    await page.getByRole('button', { name: 'Adicionar componente' }).click();
    await byId('itens[1].codigo').fill('PEDAGIO');
    await byId('itens[1].descricao').fill('Pedágio');
    await byId('itens[1].valorUnitario').fill('50,00');
    await byId('itens[1].csosn').fill('102');
    expect(await page.locator('.total-itens').textContent()).toMatch(/R\$\s1\.050,00/);

    // The transport group: the sender with its IE and CEP masked, start São Paulo, end Campinas (5353: inside SP).
    // 6353 is an interstate CFOP: the service refuses it on each component, said under the one CFOP field.
    await byId('cte.cfop').fill('6353');
    await preencherParte(fixture, 'cte.remetente', REMETENTE_SP);
    expect(await byId('cte.remetente.documento').inputValue()).toBe('11.222.333/0001-81');
    expect(await byId('cte.remetente.inscricaoEstadual').inputValue()).toBe('110.042.490.114');
    expect(await byId('cte.remetente.endereco.cep').inputValue()).toBe('01310-100');
    await byId('cte.inicio.codigoMunicipio').fill('3550308');
    await byId('cte.inicio.municipio').fill('São Paulo');
    await byId('cte.inicio.uf').selectOption('SP');
    await byId('cte.fim.codigoMunicipio').fill('3509502');
    await byId('cte.fim.municipio').fill('Campinas');
    await byId('cte.fim.uf').selectOption('SP');
    await byId('cte.valorCarga').fill('12.000,00');
    await byId('cte.produtoPredominante').fill('Móveis de escritório');
    await byId('cte.pesoKg').fill('350 kg');
    await byId('chavesNfeTransportadas').fill(CHAVE_NFE);

    // One round: the weight the page cannot read, the RNTRC and the CFOP the API refuses, all by label.
    await page.getByRole('button', { name: 'Emitir', exact: true }).click();
    await byId('cte.pesoKg-erro').waitFor();
    expect(await byId('cte.pesoKg-erro').textContent()).toBe('deve ser um número, como 1.200,00');
    await byId('cte.rntrc-erro').waitFor();
    const summary = (await page.locator('#emitir-form .mensagem').first().textContent())!;
    expect(summary).toContain('Peso bruto (kg): deve ser um número, como 1.200,00');
    expect(summary).toMatch(/RNTRC: /);
    expect(summary).toMatch(/Componente 1: CFOP: /);
    await byId('cte.cfop-erro').waitFor();
    expect(summary).not.toMatch(/cte\.|pesoKg|rntrc|itens\[/);
    await screenshot(page, 'documentos-cte-erros');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await byId('cte.pesoKg').fill('350,5');
    await byId('cte.rntrc').fill('12345678');
    await byId('cte.cfop').fill('5353');
    await page.getByRole('button', { name: 'Emitir', exact: true }).click();
    const detail = page.locator('.detalhe');
    const heading = detail.getByRole('heading', { name: /^CT-e \(57\) nº \d+, série \d+ — Autorizado$/ });
    await heading.waitFor({ timeout: 30_000 });
    cteId = /#\/documentos\/(.+)$/.exec(page.url())?.[1] ?? '';
    expect(cteId).not.toBe('');

    // What the authority authorized is what was typed (the cteProc, valid against procCTe_v4.00.xsd).
    const { raiz } = await cteProcBaixado(admin, decodeURIComponent(cteId));
    expect(textoCte(raiz, 'CFOP')).toBe('5353');
    expect(textoCte(raiz, 'vTPrest')).toBe('1050.00');
    expect(elementosCte(raiz, 'Comp').map((c) => c.getElementsByTagName('vComp').item(0)?.textContent)).toEqual(['1000.00', '50.00']);
    expect(textoCte(raiz, 'vCarga')).toBe('12000.00');
    expect(textoCte(raiz, 'qCarga')).toBe('350.5000');
    expect(textoCte(raiz, 'RNTRC')).toBe('12345678');
    expect([textoCte(raiz, 'cMunIni'), textoCte(raiz, 'cMunFim')]).toEqual(['3550308', '3509502']);
    const rem = elementosCte(raiz, 'rem')[0];
    expect([rem.getElementsByTagName('CNPJ').item(0)?.textContent, rem.getElementsByTagName('IE').item(0)?.textContent]).toEqual(['11222333000181', '110042490114']);
    expect(rem.getElementsByTagName('CEP').item(0)?.textContent).toBe('01310100');

    const dacte = detail.getByRole('link', { name: 'DACTE (PDF)' });
    const [pdf] = await Promise.all([page.waitForEvent('download'), dacte.click()]);
    expect(fs.readFileSync(await pdf.path()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await screenshot(page, 'documento-cte');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('admin page cte - registers the CT-e’s correction letter (group, field, value); a forbidden change is named under its field', async () => {
    const detail = page.locator('.detalhe');
    await detail.getByRole('button', { name: 'Registrar carta de correção…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Carta de correção do CT-e \(57\) nº \d+$/ });
    await dialog.waitFor();
    expect(await dialog.locator('blockquote').textContent()).toMatch(/^A Carta de Correcao e disciplinada pelo Art\. 58-B do CONVENIO\/SINIEF 06\/89/);
    // The sender's CNPJ is not corrected by a letter (art. 58-B): the API's reason under "Campo alterado".
    await byId('cce-alteracoes[0].grupo').fill('rem');
    await byId('cce-alteracoes[0].campo').fill('CNPJ');
    await byId('cce-alteracoes[0].valor').fill('33000167000101');
    await dialog.getByRole('button', { name: 'Registrar carta de correção' }).click();
    await byId('cce-alteracoes[0].campo-erro').waitFor();
    expect(await byId('cce-alteracoes[0].campo-erro').textContent()).toMatch(/^a CC-e não corrige valores, tributos, a identidade das partes/);
    expect(await dialog.locator('.mensagem').first().textContent()).toContain('Alteração 1: Campo alterado: a CC-e não corrige');
    await screenshot(page, 'documento-cte-carta-correcao', { fullPage: false });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await byId('cce-alteracoes[0].grupo').fill('compl');
    await byId('cce-alteracoes[0].campo').fill('xObs');
    await byId('cce-alteracoes[0].valor').fill('Entrega pelo portão 2');
    await dialog.getByRole('button', { name: 'Registrar carta de correção' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const letter = detail.locator('.cartas-correcao li');
    await until(() => letter.count(), (n) => n === 1);
    expect(await letter.locator('.correcao-texto').textContent()).toBe('compl.xObs: Entrega pelo portão 2');
    const [download] = await Promise.all([page.waitForEvent('download'), detail.getByRole('link', { name: 'XML da carta de correção 1 (procEventoCTe)' }).click()]);
    const xml = fs.readFileSync(await download.path(), 'utf8');
    expect(xml).toContain('<procEventoCTe');
    expect(xml).toMatch(/<grupoAlterado>compl<\/grupoAlterado><campoAlterado>xObs<\/campoAlterado><valorAlterado>Entrega pelo portão 2<\/valorAlterado>/);
  });

  it('admin page cte - cancels another CT-e with a justification; its procEventoCTe is offered', async () => {
    const issued = await emitir(admin, cteInterno(CHAVE_NFE, { csosn: '102' }));
    expect(issued.status).toBe(201);
    await page.goto(`${stackEnv.gatewayUrl}/admin/#/documentos/${issued.body.dados.id}`);
    const detail = page.locator('.detalhe');
    // This CT-e's own number: the previous test's CT-e (also authorized) is open until the route's document loads.
    await detail.getByRole('heading', { name: `CT-e (57) nº ${issued.body.dados.numero}, série ${issued.body.dados.serie} — Autorizado` }).waitFor();
    await detail.getByLabel('Justificativa').fill('Frete cancelado pelo cliente antes da coleta');
    await detail.getByRole('button', { name: 'Cancelar documento…' }).click();
    await page.getByRole('dialog', { name: /^Cancelar CT-e \(57\)/ }).getByRole('button', { name: 'Cancelar documento' }).click();
    // The outcome first (a refusal would be said there), then the heading.
    const outcome = detail.locator('.mensagem').first();
    await outcome.waitFor({ timeout: 60_000 });
    expect(await outcome.textContent()).toBe(`Documento nº ${issued.body.dados.numero} cancelado.`);
    await detail.getByRole('heading', { name: /— Cancelado$/ }).waitFor();
    const link = detail.getByRole('link', { name: 'XML do cancelamento (procEventoCTe)' });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const xml = fs.readFileSync(await download.path(), 'utf8');
    expect(xml).toContain('<tpEvento>110111</tpEvento>');
    // The DACTE of a cancelled CT-e is still offered (it prints the cancellation).
    expect(await detail.getByRole('link', { name: 'DACTE (PDF)' }).count()).toBe(1);
  });

  itRequestedOnlyTheGateway(fixture);
});
