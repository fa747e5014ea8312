import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { graphql, rest, stackEnv } from '../support/env';
import { screenshot, seriousAccessibilityViolations, until } from './admin-browser';
import { adminPage, itRequestedOnlyTheGateway, saveCompanySettings } from './admin-fixtures';
import { emitir, nfeVenda } from './fiscal-helpers';

/**
 * The NF-e's correction letter (CC-e, event 110110) from the document's detail in headless Chromium: the dialog with
 * the text counted (15 to 1,000 characters) and the fixed conditions of use, a short text refused in the dialog, the
 * letters listed with their procEventoNFe each, and the DANFE still there.
 */
jest.setTimeout(120_000);

const fixture = adminPage('admin-page-correction', { signedIn: true });
const { byId, activeText } = fixture;
let page: Page;
let admin: string;

beforeAll(async () => {
  ({ page, admin } = fixture);
  await saveCompanySettings(admin);
});

const PRIMEIRA = 'O endereço de entrega é Rua Augusta, 500, fundos (portão azul).';
const SEGUNDA = 'Entrega na Rua Augusta, 500, fundos; pedido do cliente nº 4471.';

describe('admin page - correction letter of an NF-e', () => {
  it('admin page cc-e - registers two letters from the detail, each listed with its procEventoNFe; the DANFE still opens', async () => {
    const issued = await emitir(admin, nfeVenda());
    expect(issued.status).toBe(201);
    const { id, chaveAcesso } = issued.body.dados;
    await page.goto(`${stackEnv.gatewayUrl}/admin/#/documentos/${id}`);
    const detail = page.locator('.detalhe');
    await detail.getByRole('heading', { name: /^NF-e \(55\) nº \d+, série 1 — Autorizado$/ }).waitFor();
    await detail.getByText('Nenhuma carta de correção registrada.').waitFor();

    await detail.getByRole('button', { name: 'Registrar carta de correção…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Carta de correção da NF-e \(55\) nº \d+$/ });
    await dialog.waitFor();
    // The fixed text the event carries, word for word, is read before the letter is sent.
    expect(await dialog.locator('blockquote').textContent()).toMatch(/^A Carta de Correcao e disciplinada pelo paragrafo 1o-A do art\. 7o do Convenio S\/N.*III - a data de emissao ou de saida\.$/);
    expect(await until(() => page.evaluate<string>('document.activeElement?.id ?? ""'), (f) => f === 'cce-correcao')).toBe('cce-correcao');
    await dialog.getByLabel('Correção').fill('curta');
    expect(await byId('cce-correcao-ajuda').textContent()).toBe('De 15 a 1000 caracteres (5 digitados).');
    await dialog.getByRole('button', { name: 'Registrar carta de correção' }).click();
    await byId('cce-correcao-erro').waitFor();
    expect(await byId('cce-correcao-erro').textContent()).toBe('deve ter de 15 a 1000 caracteres (tem 5)');
    expect(await dialog.locator('.mensagem').first().textContent()).toContain('Correção: deve ter de 15 a 1000 caracteres (tem 5)');
    await screenshot(page, 'documento-carta-correcao', { fullPage: false });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Esc closes it and nothing was sent.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await activeText()).toBe('Registrar carta de correção…');
    expect((await graphql('query($id: ID!) { cartasCorrecao(id: $id) { sequencia } }', { id }, admin)).data!.cartasCorrecao).toEqual([]);

    for (const texto of [PRIMEIRA, SEGUNDA]) {
      await detail.getByRole('button', { name: 'Registrar carta de correção…' }).click();
      await dialog.getByLabel('Correção').fill(texto);
      await dialog.getByRole('button', { name: 'Registrar carta de correção' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    await detail.getByText(/^Carta de correção 2 registrada pela SEFAZ \(protocolo \d+\)\.$/).waitFor();
    const letters = detail.locator('.cartas-correcao li');
    expect(await letters.count()).toBe(2);
    expect(await letters.nth(0).textContent()).toMatch(/^Carta de correção 1, registrada em \d{2}\/\d{2}\/\d{4}.*protocolo \d+ \(135 — .+\)/);
    expect(await letters.nth(0).locator('.correcao-texto').textContent()).toBe(PRIMEIRA);
    expect(await letters.nth(1).locator('.correcao-texto').textContent()).toBe(SEGUNDA);
    const stored = await graphql('query($id: ID!) { cartasCorrecao(id: $id) { sequencia correcao } }', { id }, admin);
    expect(stored.data!.cartasCorrecao).toEqual([
      { sequencia: 1, correcao: PRIMEIRA },
      { sequencia: 2, correcao: SEGUNDA },
    ]);

    // Each letter's own procEventoNFe: the first one's XML holds the first text, not the latest.
    const first = detail.getByRole('link', { name: 'XML da carta de correção 1 (procEventoNFe)' });
    const [download] = await Promise.all([page.waitForEvent('download'), first.click()]);
    expect(download.suggestedFilename()).toBe(`nfe-${chaveAcesso}-cce-01.xml`);
    const xml = fs.readFileSync(await download.path(), 'utf8');
    expect(xml).toContain('<procEventoNFe');
    expect(xml).toContain('<tpEvento>110110</tpEvento>');
    expect(xml).toContain('<nSeqEvento>1</nSeqEvento>');
    expect(xml).toContain(`<xCorrecao>${PRIMEIRA}</xCorrecao>`);
    // The same route without ?sequencia serves the latest letter; a sequence with no letter is said, not guessed.
    const latest = await rest('GET', `/api/erp/faturamento/documentos/${id}/carta-correcao.xml`, { bearer: admin });
    expect(latest.status).toBe(200);
    expect(String(latest.body)).toContain(`<xCorrecao>${SEGUNDA}</xCorrecao>`);
    for (const sequencia of ['3', '99', 'abc']) {
      const none = await rest('GET', `/api/erp/faturamento/documentos/${id}/carta-correcao.xml?sequencia=${sequencia}`, { bearer: admin });
      expect([sequencia, none.status, none.body.codigo]).toEqual([sequencia, 404, 'XML_INDISPONIVEL']);
    }
    await screenshot(page, 'documento-cartas');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The DANFE is still offered and downloads (it prints the latest letter).
    const danfe = detail.getByRole('link', { name: 'DANFE (PDF)' });
    const [pdf] = await Promise.all([page.waitForEvent('download'), danfe.click()]);
    expect(fs.readFileSync(await pdf.path()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('admin page cc-e - an NFC-e has no correction letter (the law gives it none): no section, no button', async () => {
    const nfce = await emitir(admin, {
      referencia: `NFCE-CCE-${Date.now().toString(36)}`,
      modelo: 'NFCE',
      itens: [{ codigo: 'CAFE', descricao: 'Café torrado 500 g', quantidade: 1, valorUnitario: 32.9, ncm: '09012100', cfop: '5102', csosn: '102' }],
    });
    expect(nfce.status).toBe(201);
    await page.goto(`${stackEnv.gatewayUrl}/admin/#/documentos/${nfce.body.dados.id}`);
    const detail = page.locator('.detalhe');
    await detail.getByRole('heading', { name: /^NFC-e \(65\) nº \d+/ }).waitFor();
    expect(await detail.getByRole('heading', { name: 'Cartas de correção' }).count()).toBe(0);
    expect(await detail.getByRole('button', { name: /carta de correção/ }).count()).toBe(0);
  });

  itRequestedOnlyTheGateway(fixture);
});
