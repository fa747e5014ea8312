import type { Page } from 'playwright-core';
import { graphql } from '../support/env';
import { screenshot, seriousAccessibilityViolations, until } from './admin-browser';
import { adminPage, itRequestedOnlyTheGateway, saveCompanySettings } from './admin-fixtures';

/**
 * The tax simulation screen in headless Chromium against the running stack (a Simples Nacional company): a
 * simulation, the regime comparison on the chart, the provisioning after a confirmation, and the API's field errors.
 */
jest.setTimeout(120_000);

const fixture = adminPage('admin-page-simulation', { signedIn: true });
const { byId, activeText } = fixture;
let page: Page;
let admin: string;

beforeAll(async () => {
  ({ page, admin } = fixture);
  await saveCompanySettings(admin);
});

describe('admin page - tax simulation', () => {
  it('admin page - simulates, compares the regimes on a chart, and provisions the taxes as payable titles after a confirmation', async () => {
    await page.getByRole('link', { name: 'Simulação de impostos' }).click();
    await page.getByRole('heading', { level: 1, name: 'Simulação de impostos' }).waitFor();
    await page.getByLabel('Documento').selectOption('NFSE');
    await page.getByLabel('Valor da operação (R$)').fill('10.000,00');
    await page.getByLabel('Data da operação').fill('2026-11-20');
    await page.getByRole('button', { name: 'Simular' }).click();
    await page.getByRole('heading', { name: /Resultado — Simples Nacional, NFS-e, R\$\s10\.000,00 em 20\/11\/2026/ }).waitFor();
    expect(await until(activeText, (t) => t.includes('Resultado'))).toContain('Resultado');
    const das = page.getByRole('row', { name: /^DAS/ });
    expect(await das.textContent()).toMatch(/\d\d\/12\/2026/);
    // Taxes by their names, not their codes (IBS_UF, IBS_MUN).
    expect(await das.textContent()).toContain('DAS (Simples Nacional)');
    const linhas = (await page.locator('main table').first().textContent())!;
    expect(linhas).not.toMatch(/IBS_UF|IBS_MUN|ICMS_UF_DEST|FCP_UF_DEST/);

    await page.getByRole('button', { name: 'Comparar regimes' }).click();
    await page.getByRole('heading', { name: 'Comparação de regimes' }).waitFor();
    const chart = page.getByRole('img', { name: /Total de impostos por regime/ });
    expect(await chart.locator('g').count()).toBe(3);
    expect(await chart.getAttribute('aria-labelledby')).toBe('grafico-titulo grafico-desc');
    // The legend names the taxes (DAS (Simples Nacional), IBS estadual), never their codes.
    const legend = (await page.getByRole('list', { name: 'Legenda' }).allTextContents()).join(' ');
    expect(legend).toContain('DAS (Simples Nacional)');
    expect(legend).not.toMatch(/IBS_UF|IBS_MUN|\bDAS\b(?! \()/);
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
    // The DAS of the operation's month: its competência as MM/AAAA and its creditor in words (not 2026-11, UNIAO).
    const dasTitle = titles.getByRole('row', { name: /^DAS \(Simples Nacional\)/ });
    expect(await dasTitle.locator('td').nth(2).textContent()).toMatch(/^\d{2}\/\d{4}$/);
    expect(await dasTitle.locator('td').nth(3).textContent()).toBe('União');
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
    const campos = ((await answer.json()).errors?.[0]?.extensions?.campos ?? []) as { campo: string; erro: string }[];
    expect(campos.map((c) => c.campo)).toContain('aliquotaIss');
    // The focus goes to the error summary (50 ms after the answer): a field edited before that would lose its keys.
    expect(await until(activeText, (t) => t.includes('Corrija'))).toContain('Corrija');
    for (const { campo } of campos) {
      await byId(`sim-${campo}-erro`).waitFor();
      expect(await byId(`sim-${campo}`).getAttribute('aria-invalid')).toBe('true');
    }
    // The API's "aliquotaIss deve estar de 2% até 5%." is shown by the field's label, without the key.
    expect(await byId('sim-aliquotaIss-erro').textContent()).toBe('Deve estar de 2% até 5%.');
    const summary = (await page.locator('.mensagem', { hasText: 'A simulação não foi feita' }).textContent()) ?? '';
    expect(summary).toContain('Alíquota ISS (%): Deve estar de 2% até 5%.');
    expect(summary).not.toContain('aliquotaIss');
    // Cleared for the next tests, and read back: on a loaded machine the summary's focus (moved 50 ms after the
    // answer) can still land between the select-all and the delete of a fill, leaving the value as it was.
    const iss = page.getByLabel('Alíquota ISS (%)');
    const cleared = async () => {
      await iss.fill('');
      return iss.inputValue();
    };
    expect(await until(cleared, (value) => value === '')).toBe('');
  });

  it('admin page - a simulation in another regime than the company’s says why it cannot be provisioned, before any click', async () => {
    await page.getByLabel('Regime', { exact: true }).selectOption('LUCRO_PRESUMIDO');
    await page.getByRole('button', { name: 'Simular' }).click();
    await page.getByRole('heading', { name: /Resultado — Lucro Presumido, NFS-e/ }).waitFor();
    const warning = page.locator('#provisionar-aviso');
    expect(await warning.textContent()).toBe(
      'Esta simulação é do Lucro Presumido, e a empresa é do Simples Nacional nas configurações fiscais: ela serve para comparar e não vira títulos a pagar. Para provisionar, simule no regime da empresa (deixe o regime em branco).',
    );
    const button = page.getByRole('button', { name: 'Provisionar impostos…' });
    expect(await button.isDisabled()).toBe(true);
    expect(await button.getAttribute('aria-describedby')).toBe('provisionar-aviso');
    await screenshot(page, 'impostos-outro-regime');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Back in the company's regime, the button is offered again and the warning is gone.
    await page.getByLabel('Regime', { exact: true }).selectOption('');
    await page.getByRole('button', { name: 'Simular' }).click();
    await page.getByRole('heading', { name: /Resultado — Simples Nacional, NFS-e/ }).waitFor();
    expect(await button.isDisabled()).toBe(false);
    expect(await warning.count()).toBe(0);
  });

  it('admin page - from 2029 an IBS without a fixed rate says where to give it, and the rate typed in the form computes the line', async () => {
    // The Lucro Presumido has IBS lines of its own (the Simples Nacional pays the IBS inside the DAS).
    await page.getByLabel('Regime', { exact: true }).selectOption('LUCRO_PRESUMIDO');
    await page.getByLabel('Data da operação').fill('2029-03-10');
    await page.getByRole('button', { name: 'Simular' }).click();
    await page.getByRole('heading', { name: /Resultado — Lucro Presumido, NFS-e, R\$\s10\.000,00 em 10\/03\/2029/ }).waitFor();
    // No rate given anywhere: the line says where to give one (this form or the settings), not which API field.
    const ibsUf = page.getByRole('row', { name: /^IBS estadual/ });
    expect(await ibsUf.textContent()).toContain('não calculável: a alíquota de 2029 ainda não foi fixada em norma.');
    expect(await ibsUf.textContent()).not.toMatch(/aliquotaIbsUf|aliquotasReferencia/);
    expect(await ibsUf.getByRole('link', { name: 'cadastrar a alíquota de 2029 nas configurações fiscais' }).getAttribute('href')).toBe('#/configuracoes');
    // The engine's notes name its input keys ("ISS: aliquotaIss não informada"): the page says the field's label.
    const avisos = (await page.getByRole('heading', { name: 'Avisos' }).locator('xpath=following-sibling::ul[1]').textContent()) ?? '';
    expect(avisos).toContain('ISS: “Alíquota ISS (%)” não informada');
    expect(avisos).not.toContain('aliquotaIss');
    // The legal basis names the activity by its description, not by the API's value (SERVICOS).
    const irpj = (await page.getByRole('row', { name: /^IRPJ/ }).textContent()) ?? '';
    expect(irpj).toContain('IRPJ no lucro presumido (Serviços em geral, profissões regulamentadas');
    expect(irpj).not.toContain('SERVICOS');
    await screenshot(page, 'impostos-ibs-2029');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await ibsUf.getByRole('button', { name: 'Informar “IBS estadual (%)” na simulação' }).click();
    expect(await until(() => page.evaluate<string>("document.activeElement?.id ?? ''"), (id) => id === 'sim-aliquotaIbsUf')).toBe('sim-aliquotaIbsUf');
    expect(await page.locator('#sim-reforma').getAttribute('open')).not.toBeNull();

    await page.getByLabel('IBS estadual (%)').fill('10,5');
    await page.getByLabel('IBS municipal (%)').fill('2');
    await page.getByRole('button', { name: 'Simular' }).click();
    // The rates typed are the ones used, and the line says where they came from.
    expect(await until(() => ibsUf.textContent(), (t) => !(t ?? '').includes('não calculável'))).toContain('informada na simulação');
    expect(await page.getByRole('row', { name: /^IBS municipal/ }).textContent()).toContain('informada na simulação');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    for (const label of ['IBS estadual (%)', 'IBS municipal (%)']) await page.getByLabel(label).fill('');
    await page.getByLabel('Data da operação').fill('2026-11-20');
    await page.getByLabel('Regime', { exact: true }).selectOption('');
  });

  itRequestedOnlyTheGateway(fixture);
});
