import type { Page } from 'playwright-core';
import { graphql, stackEnv } from '../support/env';
import { screenshot, seriousAccessibilityViolations, until } from './admin-browser';
import { adminPage, itRequestedOnlyTheGateway } from './admin-fixtures';

/**
 * The administration page in headless Chromium against the running stack, first screen: the development sign-in
 * and the tokens screen (create, copy, inactivate, reactivate, revoke, re-scope, renew), each read back from the
 * graph. ADMIN_SCREENSHOTS_DIR=docs/admin keeps its screenshots (the sign-in and the new token's value).
 */
jest.setTimeout(120_000);

const fixture = adminPage('admin-page-tokens', { signedIn: false });
const { companyId, signIn, activeText } = fixture;
let page: Page;
let admin: string;
/** The token created on the screen. */
let tokenValue = '';

beforeAll(() => {
  ({ page, admin } = fixture);
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
    // No entity ticked: the page refuses, says why under the entities and puts the focus on the first one; nothing is created.
    await page.getByRole('button', { name: 'Criar token' }).click();
    expect(await page.locator('#token-entidades-erro').textContent()).toBe(
      'Marque ao menos uma entidade: um token sem entidades seria recusado em toda chamada, sem gravar nada.',
    );
    const focusedType = () => page.evaluate<string>("document.activeElement?.getAttribute('type')");
    expect(await until(focusedType, (t) => t === 'checkbox')).toBe('checkbox');
    expect((await graphql('{ tokensIngestao { nome } }', {}, admin)).data!.tokensIngestao).toEqual([]);
    await page.getByRole('checkbox', { name: /Incidente de segurança/ }).check();
    await page.getByRole('checkbox', { name: /Ativo de informação/ }).check();
    // The modes in words, the API's name after each.
    expect(await page.getByRole('radio', { name: /^Inserir ou atualizar \(UPSERT\) — / }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: /^Só inserir \(INSERT\) — / }).check();
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
    // The mode in words, not the bare code.
    expect(await row.locator('td').nth(2).textContent()).toBe('Só inserir (INSERT)');
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
    // The consequence in words, not the API's 401 code.
    expect(await dialog.textContent()).toContain('Toda chamada com este token passa a ser recusada até alguém reativá-lo.');
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
    expect(await page.getByRole('dialog', { name: /Revogar o token/ }).textContent()).not.toMatch(/TOKEN_|401/);
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
    // An empty scope is refused by the page (every call would fail), in words, not with the API's code; nothing sent.
    await page.getByRole('button', { name: 'Alterar escopo de SIEM da portaria' }).click();
    const empty = page.getByRole('dialog', { name: /Escopo do token/ });
    expect(await empty.textContent()).not.toMatch(/TOKEN_|401/);
    for (const box of await empty.getByRole('checkbox').all()) await box.uncheck();
    await empty.getByRole('button', { name: 'Salvar escopo' }).click();
    await page.getByText('Nenhuma entidade marcada: o escopo do token "SIEM da portaria" não foi alterado. Para parar o token, use "Inativar".').waitFor();
    const before = await graphql('{ tokensIngestao { nome entidades } }', {}, admin);
    expect(before.data!.tokensIngestao.find((t: any) => t.nome === 'SIEM da portaria').entidades).toHaveLength(2);
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

  itRequestedOnlyTheGateway(fixture);
});
