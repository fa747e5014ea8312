import type { Page } from 'playwright-core';
import { rest } from '../support/env';
import { screenshot, seriousAccessibilityViolations, until } from './admin-browser';
import { adminPage, itRequestedOnlyTheGateway, saveCompanySettings } from './admin-fixtures';

/**
 * What every screen says of the company, and the settings' guards: the environment badge in the header, the
 * certificate's expiry warning from 30 days on every screen, the question before leaving unsaved settings, and the
 * confirmation that names the consequence before PRODUÇÃO is saved.
 */
jest.setTimeout(120_000);

const fixture = adminPage('admin-page-company-status', { signedIn: true });
let page: Page;
let admin: string;

const header = () => page.locator('header.topo');
const banner = () => page.locator('.aviso-certificado');
const storedEnvironment = async () => (await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin })).body.dados.ambiente;

beforeAll(async () => {
  ({ page, admin } = fixture);
  // HOMOLOGAÇÃO, with an A1 certificate valid for 20 more days.
  await saveCompanySettings(admin);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Tokens de ingestão' }).waitFor();
});

describe('admin page - company status on every screen', () => {
  it('admin page status - the environment badge and the certificate warning (20 days left) on every screen', async () => {
    for (const screen of ['Tokens de ingestão', 'Histórico de importações', 'Documentos fiscais', 'Simulação de impostos', 'Configurações fiscais']) {
      await page.getByRole('link', { name: screen }).click();
      await page.getByRole('heading', { level: 1, name: screen }).waitFor();
      expect(await until(() => header().textContent(), (t) => t!.includes('Ambiente:'))).toContain('Ambiente: Homologação — testes, sem valor fiscal');
      expect(await banner().textContent()).toMatch(/^O certificado A1 vence em (19|20) dias \(\d\d\/\d\d\/\d{4}, \d\d:\d\d\)\. Depois disso nenhum documento é emitido/);
    }
    await screenshot(page, 'configuracoes-aviso-certificado', { fullPage: false });
  });

  it('admin page status - unsaved settings: leaving asks first; "Cancelar" keeps the screen and the edit', async () => {
    await page.getByLabel('Timeout (segundos)').fill('45');
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: 'Tokens de ingestão' }).click();
    expect(await until(async () => asked, (a) => a !== '')).toBe('As alterações das configurações fiscais não foram salvas. Sair e perdê-las?');
    expect(await page.getByRole('heading', { level: 1, name: 'Configurações fiscais' }).count()).toBe(1);
    expect(await page.getByLabel('Timeout (segundos)').inputValue()).toBe('45');
    await page.getByRole('button', { name: 'Desfazer alterações' }).click();
    await until(() => page.getByLabel('Timeout (segundos)').inputValue(), (v) => v === '30');
  });

  it('admin page status - PRODUÇÃO is saved only after a confirmation naming the consequence; the badge follows', async () => {
    // The environments by their meaning (labels.ts), not the bare codes.
    expect(await page.getByLabel('Ambiente').locator('option').allTextContents()).toEqual(['Homologação (testes, sem valor fiscal)', 'Produção (com valor fiscal)']);
    await page.getByLabel('Ambiente').selectOption('PRODUÇÃO');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    const dialog = page.getByRole('dialog', { name: 'Passar a emitir em PRODUÇÃO?' });
    await dialog.waitFor();
    expect((await dialog.textContent())!.replace(/\s+/g, ' ')).toContain('os próximos documentos vão à SEFAZ em PRODUÇÃO: têm valor fiscal');
    await screenshot(page, 'configuracoes-producao', { fullPage: false });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Voltar' }).click();
    expect(await storedEnvironment()).toBe('HOMOLOGAÇÃO');

    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await dialog.getByRole('button', { name: 'Salvar e emitir em PRODUÇÃO' }).click();
    await page.getByText(/^Configurações salvas \(versão \d+\)\.$/).waitFor();
    expect(await storedEnvironment()).toBe('PRODUÇÃO');
    expect(await until(() => header().textContent(), (t) => t!.includes('PRODUÇÃO'))).toContain('Ambiente: PRODUÇÃO — documentos com valor fiscal');

    // Saved: nothing to lose, leaving asks nothing.
    let asked = false;
    page.once('dialog', (d) => {
      asked = true;
      void d.dismiss();
    });
    await page.getByRole('link', { name: 'Documentos fiscais' }).click();
    await page.getByRole('heading', { level: 1, name: 'Documentos fiscais' }).waitFor();
    expect(asked).toBe(false);
    page.removeAllListeners('dialog');
  });

  it('admin page status - the CBS / IBS reference rates per year are edited in the settings ("8,8"), saved and read back', async () => {
    await page.getByRole('link', { name: 'Configurações fiscais' }).click();
    await page.getByRole('heading', { level: 1, name: 'Configurações fiscais' }).waitFor();
    await page.getByRole('button', { name: 'Adicionar ano' }).click();
    const row = page.getByRole('group', { name: 'Alíquotas de 2029' });
    await row.getByLabel('CBS (%)').fill('8,8');
    await row.getByLabel('IBS estadual (%)').fill('16');
    await row.getByLabel('IBS municipal (%)').fill('2,25');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await page.getByText(/^Configurações salvas \(versão \d+\)\.$/).waitFor();
    const stored = (await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin })).body.dados.aliquotasReferencia;
    expect(stored).toEqual([{ ano: 2029, cbs: 8.8, ibsUf: 16, ibsMun: 2.25 }]);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Configurações fiscais' }).waitFor();
    expect(await page.getByRole('group', { name: 'Alíquotas de 2029' }).getByLabel('CBS (%)').inputValue()).toBe('8,8');
    await screenshot(page, 'configuracoes-aliquotas');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  itRequestedOnlyTheGateway(fixture);
});
