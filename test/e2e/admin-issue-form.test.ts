import type { Locator, Page } from 'playwright-core';
import { graphql, rest } from '../support/env';
import { screenshot, seriousAccessibilityViolations, until } from './admin-browser';
import { adminPage, itRequestedOnlyTheGateway, saveCompanySettings } from './admin-fixtures';

/**
 * The emission form as a person in Brazil fills it: "1.200,00", NCM "9401.30.00", CSOSN only (a Simples Nacional
 * company), a running total, the freight mode; every mistake in one round, named by its label.
 */
jest.setTimeout(120_000);

const fixture = adminPage('admin-page-issue-form', { signedIn: true });
const { byId } = fixture;
let page: Page;
let admin: string;

beforeAll(async () => {
  ({ page, admin } = fixture);
  await saveCompanySettings(admin);
});

/** An NF-e sale to a company in São Paulo, typed as a person does; the quantity and CSOSN as given. */
async function fillSale(form: Locator, item: { quantidade: string; csosn: string }) {
  await form.getByLabel('CNPJ ou CPF').fill('11.222.333/0001-81');
  await form.getByLabel('Nome', { exact: true }).fill('Cliente Comprador Ltda');
  await form.getByLabel('UF', { exact: true }).selectOption('SP');
  await form.getByLabel('Município (IBGE)').fill('3550308');
  await form.getByLabel('Logradouro').fill('Avenida Paulista');
  await form.getByLabel('Número', { exact: true }).fill('1578');
  await form.getByLabel('Bairro').fill('Bela Vista');
  await form.getByLabel('Município (nome)').fill('São Paulo');
  await form.getByLabel('CEP').fill('01310-200');
  await form.getByLabel('Código', { exact: true }).fill('MESA-2');
  await form.getByLabel('Descrição').fill('Mesa de reunião');
  await form.getByLabel('Quantidade').fill(item.quantidade);
  await form.getByLabel('Valor unitário (R$)').fill('1.200,00');
  await form.getByLabel('NCM (8 dígitos)').fill('9401.30.00');
  await form.getByLabel('CFOP').fill('5102');
  await form.getByLabel('CSOSN (Simples)').fill(item.csosn);
}

describe('admin page - the emission form in Brazilian', () => {
  it('admin issue form - "1.200,00", NCM with dots, CSOSN for the Simples, running total, freight; all errors in one round with labels', async () => {
    await page.getByRole('link', { name: 'Documentos fiscais' }).click();
    await page.getByRole('button', { name: 'Emitir documento' }).click();
    const form = page.getByRole('form', { name: 'Emitir documento fiscal' });
    await form.waitFor();
    // A Simples Nacional company: CSOSN is asked, CST is not.
    await until(() => form.getByLabel('CST (regime normal)').count(), (n) => n === 0);
    expect(await form.getByLabel('CSOSN (Simples)').count()).toBe(1);
    expect(await form.textContent()).toContain('Empresa do Simples Nacional: o ICMS de cada item vai pelo CSOSN.');

    await form.getByLabel('CNPJ ou CPF').fill('11.222.333/0001-81');
    await form.getByLabel('Nome', { exact: true }).fill('Cliente Comprador Ltda');
    // The UF is picked from the 27, as in the settings (not typed as free text).
    expect(await form.getByLabel('UF', { exact: true }).evaluate((el) => (el as { tagName: string }).tagName)).toBe('SELECT');
    expect(await form.getByLabel('UF', { exact: true }).locator('option').count()).toBe(28);
    await form.getByLabel('UF', { exact: true }).selectOption('SP');
    await form.getByLabel('Município (IBGE)').fill('3550308');
    await form.getByLabel('Logradouro').fill('Avenida Paulista');
    await form.getByLabel('Número', { exact: true }).fill('1578');
    // The address's Bairro left blank: named by the service with the rest, not refused whole by GraphQL's types.
    await form.getByLabel('Município (nome)').fill('São Paulo');
    await form.getByLabel('CEP').fill('01310-200');
    await form.getByLabel('Código', { exact: true }).fill('MESA-1');
    // Left without a description, and a quantity that is not a number: both said at once, with the API's.
    await form.getByLabel('Quantidade').fill('um');
    await form.getByLabel('Valor unitário (R$)').fill('1.200,00');
    await form.getByLabel('NCM (8 dígitos)').fill('9401.30.00');
    await form.getByLabel('CFOP').fill('5102');
    await form.getByLabel('CSOSN (Simples)').fill('102');
    await form.getByLabel('Frete (modalidade)').selectOption('1');
    expect(await form.locator('.total-itens').textContent()).toBe('Total dos itens: —');

    await form.getByRole('button', { name: 'Emitir', exact: true }).click();
    await byId('itens[0].quantidade-erro').waitFor();
    expect(await byId('itens[0].quantidade-erro').textContent()).toBe('deve ser um número, como 1.200,00');
    expect(await byId('itens[0].descricao-erro').count()).toBe(1);
    const summary = (await page.locator('#emitir-form').getByRole('list').first().textContent())!;
    expect(summary).toContain('Item 1: Quantidade: deve ser um número, como 1.200,00');
    expect(summary).toMatch(/Item 1: Descrição: /);
    expect(summary).not.toMatch(/itens\[0\]/);
    expect(await byId('destinatario.endereco.bairro-erro').count()).toBe(1);
    expect(summary).toMatch(/Bairro: /);
    expect(summary).not.toMatch(/Variable|non-nullable|destinatario\.endereco/);
    // The NCM with dots and the value with thousands were read: no error for them.
    expect(await byId('itens[0].ncm-erro').count()).toBe(0);
    expect(await byId('itens[0].valorUnitario-erro').count()).toBe(0);
    await screenshot(page, 'documentos-emissao-erros');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await form.getByLabel('Bairro').fill('Bela Vista');
    await form.getByLabel('Descrição').fill('Mesa de reunião');
    await form.getByLabel('Quantidade').fill('1');
    // 1 x R$ 1.200,00 = R$ 1.200,00.
    expect((await form.locator('.total-itens').textContent())!.replace(/\s/g, ' ')).toBe('Total dos itens: R$ 1.200,00');
    await form.getByRole('button', { name: 'Emitir', exact: true }).click();
    const heading = page.getByRole('heading', { name: /NF-e \(55\) nº \d+, série 1 — Autorizado/ });
    await heading.waitFor();
    const id = new URL(page.url()).hash.replace('#/documentos/', '');
    const stored = await graphql('query($id: ID!) { documentoFiscal(id: $id) { valorTotal modalidadeFrete } detalheDocumentoFiscal(id: $id) { itens { ncm quantidade valorUnitario } } }', { id }, admin);
    expect(stored.data).toEqual({
      documentoFiscal: { valorTotal: 1200, modalidadeFrete: 1 },
      detalheDocumentoFiscal: { itens: [{ ncm: '94013000', quantidade: 1, valorUnitario: 1200 }] },
    });
  });

  it('admin issue form - CSOSN 101 asks the Simples band on the form (no dead end): annex I, RBT12 "300.000,00" gives pCredSN 1.8088 %', async () => {
    await page.getByRole('link', { name: 'Documentos fiscais' }).click();
    await page.getByRole('button', { name: 'Emitir documento' }).click();
    const form = page.getByRole('form', { name: 'Emitir documento fiscal' });
    await form.waitFor();
    await fillSale(form, { quantidade: '0', csosn: '102' });
    expect(await form.getByLabel('Anexo do Simples Nacional').count()).toBe(0);
    await form.getByLabel('CSOSN (Simples)').fill('101');
    // The credit's band is asked as soon as the CSOSN gives a credit; left blank, it is named by its labels.
    await form.getByLabel('Anexo do Simples Nacional').waitFor();
    await form.getByRole('button', { name: 'Emitir', exact: true }).click();
    await byId('simplesNacional.receitaBruta12Meses-erro').waitFor();
    const summary = (await page.locator('#emitir-form').getByRole('list').first().textContent())!;
    expect(summary).toContain('Receita bruta dos últimos 12 meses: é obrigatório');
    expect(summary).toContain('Anexo do Simples Nacional: é obrigatório');
    expect(summary).not.toMatch(/simplesNacional|pCredSN/);
    // The service's own words, without the layout's tags ("qCom e vUnCom").
    expect(summary).toContain('Item 1: Quantidade: deve ser maior que zero e ter no máximo 11 dígitos antes da vírgula');
    await screenshot(page, 'documentos-emissao-simples');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await form.getByLabel('Quantidade').fill('1');
    await form.getByLabel('Anexo do Simples Nacional').selectOption('I');
    await form.getByLabel('Receita bruta dos últimos 12 meses (R$)').fill('300.000,00');
    await form.getByRole('button', { name: 'Emitir', exact: true }).click();
    await page.getByRole('heading', { name: /NF-e \(55\) nº \d+, série 1 — Autorizado/ }).waitFor();
    const id = new URL(page.url()).hash.replace('#/documentos/', '');
    // Annex I, RBT12 300,000.00: effective 5.32 %, ICMS share 34 % = 1.8088 %; 1,200.00 x 1.8088 % = 21.7056 -> 21.71.
    const xml = await rest('GET', `/api/erp/faturamento/documentos/${id}/xml`, { bearer: admin });
    expect(xml.status).toBe(200);
    expect(String(xml.body)).toMatch(/<pCredSN>1\.8088<\/pCredSN>\s*<vCredICMSSN>21\.71<\/vCredICMSSN>/);
  });

  it('admin issue form - settings the emission needs and the company lacks are named by label, with the way to them (no dead end)', async () => {
    // As a person would: the IE cleared in the settings, then an NF-e (the SEFAZ needs the issuer's IE).
    await page.getByRole('link', { name: 'Configurações fiscais' }).click();
    await page.getByLabel('Inscrição estadual').fill('');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await page.getByText(/Configurações salvas \(versão \d+\)\./).waitFor();
    await page.getByRole('link', { name: 'Documentos fiscais' }).click();
    await page.getByRole('button', { name: 'Emitir documento' }).click();
    const form = page.getByRole('form', { name: 'Emitir documento fiscal' });
    await form.waitFor();
    await fillSale(form, { quantidade: '1', csosn: '102' });
    await form.getByRole('button', { name: 'Emitir', exact: true }).click();
    const refusal = page.locator('#emitir-form').getByText('O documento não foi emitido: as configurações fiscais da empresa estão incompletas; falta: Inscrição estadual.');
    await refusal.waitFor();
    expect(await page.locator('#emitir-form').textContent()).not.toMatch(/empresa\.inscricaoEstadual|CONFIGURACAO_INCOMPLETA/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Completar as configurações fiscais' }).click();
    await page.getByLabel('Inscrição estadual').waitFor();
    expect(new URL(page.url()).hash).toBe('#/configuracoes');

    // The SEFAZ status of a company without a UF (the UF asked is the settings'): the same words, not "empresa.uf".
    await page.getByLabel('UF', { exact: true }).selectOption('');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await page.getByText(/Configurações salvas \(versão \d+\)\./).waitFor();
    await page.getByRole('link', { name: 'Documentos fiscais' }).click();
    await page.getByRole('button', { name: 'Consultar a SEFAZ' }).click();
    await page.getByText('Não foi possível consultar a SEFAZ: as configurações fiscais da empresa estão incompletas; falta: UF (em Configurações fiscais)').waitFor();
  });

  itRequestedOnlyTheGateway(fixture);
});
