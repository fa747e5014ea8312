import type { Page } from 'playwright-core';
import { until } from './admin-browser';
import { adminPage, itRequestedOnlyTheGateway, saveCompanySettings } from './admin-fixtures';

/** The NFC-e's payments on the emission form: the means by label, the value as typed in Brazil, the change shown. */
jest.setTimeout(120_000);

const fixture = adminPage('admin-page-issue-nfce', { signedIn: true });
let page: Page;

beforeAll(async () => {
  ({ page } = fixture);
  await saveCompanySettings(fixture.admin);
});

describe('admin page - NFC-e payments', () => {
  it('admin issue nfce - paid in cash "50,00" for R$ 45,50: change R$ 4,50 shown, the NFC-e authorized', async () => {
    await page.getByRole('link', { name: 'Documentos fiscais' }).click();
    await page.getByRole('button', { name: 'Emitir documento' }).click();
    const form = page.getByRole('form', { name: 'Emitir documento fiscal' });
    await form.waitFor();
    await form.getByLabel('Modelo').selectOption('NFCE');
    await until(() => form.getByLabel('CST (regime normal)').count(), (n) => n === 0);
    await form.getByLabel('Código', { exact: true }).fill('CAFE-1');
    await form.getByLabel('Descrição').fill('Café torrado');
    await form.getByLabel('Quantidade').fill('2');
    await form.getByLabel('Valor unitário (R$)').fill('22,75');
    await form.getByLabel('NCM (8 dígitos)').fill('0901.21.00');
    await form.getByLabel('CFOP').fill('5102');
    await form.getByLabel('CSOSN (Simples)').fill('102');
    await form.getByLabel('Meio de pagamento 1').selectOption({ label: 'Dinheiro' });
    await form.getByLabel('Valor pago 1 (R$)').fill('50,00');
    // 2 x 22,75 = 45,50; 50,00 - 45,50 = 4,50.
    expect((await form.locator('.troco').textContent())!.replace(/\s/g, ' ')).toBe('Troco: R$ 4,50');
    await form.getByRole('button', { name: 'Emitir', exact: true }).click();
    await page.getByRole('heading', { name: /NFC-e \(65\) nº \d+, série 1 — Autorizado/ }).waitFor();
  });

  itRequestedOnlyTheGateway(fixture);
});
