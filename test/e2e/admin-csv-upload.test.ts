import type { Page } from 'playwright-core';
import { graphql } from '../support/env';
import { screenshot, seriousAccessibilityViolations, until } from './admin-browser';
import { adminPage, createIngestionToken, itRequestedOnlyTheGateway } from './admin-fixtures';

/**
 * The import history's CSV upload in headless Chromium: a spreadsheet file of security incidents (header by label,
 * ";" separator, as a spreadsheet in Portuguese saves it) sent with an ingestion token the person pastes; the API's
 * `/preview` lists the rows that would be refused, each reason by the field's label and the file's line, before
 * anything is written; "Enviar" then writes the batch, which shows in the history.
 */
jest.setTimeout(120_000);

const fixture = adminPage('admin-page-csv', { signedIn: true });
const { byId, activeText } = fixture;
let page: Page;
let admin: string;
let token: string;

beforeAll(async () => {
  ({ page, admin } = fixture);
  token = await createIngestionToken(admin, { nome: 'Planilha do SOC', entidades: ['incidente_seguranca'], modo: 'UPSERT' });
});

// Line 2 is good; line 3 has no code; line 4 names an attack vector as its type; "Cor" is no field.
const CSV = '\uFEFFCódigo;Título;Tipo;Severidade;Cor\r\nINC-CSV-1;"Porta; aberta";Confidencialidade;Alta;azul\r\n;Sem código;Integridade;;\r\nINC-CSV-3;Vetor;Ransomware;Baixa;\r\n';

const batches = async () => (await graphql('{ historicoImportacoes { itens { entidade totalLinhas gravadas recusadas } } }', {}, admin)).data!.historicoImportacoes.itens;

describe('admin page - CSV upload with preview', () => {
  it('admin page csv - previews a file (refused rows by label and line, nothing written), then sends it', async () => {
    await page.getByRole('link', { name: 'Histórico de importações' }).click();
    await page.getByRole('heading', { name: 'Enviar planilha (CSV)' }).waitFor();
    await byId('csv-token').fill(token);
    await byId('csv-entidade').selectOption('incidente_seguranca');
    await byId('csv-arquivo').setInputFiles({ name: 'incidentes.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV, 'utf8') });
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();

    await page.getByRole('heading', { name: 'Pré-visualização (nada foi gravado)' }).waitFor();
    const result = page.locator('.resultado-csv');
    expect(await result.locator('p').first().textContent()).toBe('3 linhas: 1 seria gravada, 2 seriam recusadas, 0 duplicadas.');
    expect(await result.textContent()).toContain('Colunas que não são campos da entidade, deixadas de fora: Cor.');
    const refused = page.getByRole('table', { name: 'Linhas que seriam recusadas' });
    const rows = refused.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).locator('td').first().textContent()).toBe('3');
    expect(await rows.nth(0).locator('td').nth(1).textContent()).toBe('Código: campo obrigatório não informado.');
    expect(await rows.nth(1).locator('td').first().textContent()).toBe('4');
    expect(await rows.nth(1).locator('td').nth(1).textContent()).toMatch(/^Tipo: /);
    expect(await result.textContent()).not.toMatch(/\bcodigo:|\btipo:/);
    expect(await until(activeText, (t) => t.includes('Pré-visualização'))).toContain('Pré-visualização');
    // A preview writes nothing.
    expect(await batches()).toEqual([]);
    await screenshot(page, 'historico-csv');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: /^Enviar assim \(1 linha aceita; as recusadas ficam no histórico\)$/ }).click();
    await page.getByText('Lote enviado: 1 linha gravada, 2 recusadas, 0 duplicadas. Ele está na lista abaixo.').waitFor();
    expect(await batches()).toEqual([{ entidade: 'incidente_seguranca', totalLinhas: 3, gravadas: 1, recusadas: 2 }]);
    // The new batch is in the list, with its refused rows to open.
    await page.locator('tr[data-lote-id]').first().getByRole('button', { name: /Ver recusadas: 2 linhas/ }).waitFor();
  });

  it('admin page csv - a token without the entity in its scope is said in words, nothing is sent', async () => {
    const other = await createIngestionToken(admin, { nome: 'Outro sistema', entidades: ['risco_corporativo'], modo: 'UPSERT' });
    await byId('csv-token').fill(other);
    await byId('csv-entidade').selectOption('incidente_seguranca');
    await byId('csv-arquivo').setInputFiles({ name: 'incidentes.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV, 'utf8') });
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await page.getByText('Este token não pode enviar esta entidade: escolha um token com ela no escopo.').waitFor();
    expect(await batches()).toHaveLength(1);
  });

  itRequestedOnlyTheGateway(fixture);
});
