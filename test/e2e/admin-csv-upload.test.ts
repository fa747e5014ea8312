import type { Page } from 'playwright-core';
import writeXlsxFile from 'write-excel-file/node';
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
    await page.getByRole('heading', { name: 'Enviar planilha (CSV ou Excel)' }).waitFor();
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

  it('admin page xlsx - a real .xlsx (written here by write-excel-file): the refused row by its sheet line and label, numbers and dates as the API reads them, then sent', async () => {
    // Row 2 is good (a date and time cell, a true cell); row 3 is empty; row 4 has no code; row 5 has a number cell
    // as its title and a date cell; rows 6-265 each carry a distinct 2,200-character description, so the sheet's
    // strings pass 512 KB unzipped: fflate would inflate them in a blob: Worker, which the page's CSP refuses
    // (vite.config.ts gives read-excel-file an unzip without workers).
    const longa = (i: number) => `Incidente ${i}: ${'conta de serviço usada fora do horário; '.repeat(55)}`.slice(0, 2200);
    const sheet = await writeXlsxFile([
      ['Código', 'Título', 'Tipo', 'Severidade', 'Data de detecção', 'Dados pessoais envolvidos', 'Descrição'],
      ['INC-XLSX-1', 'Porta aberta', 'Confidencialidade', 'Alta', { value: new Date(Date.UTC(2026, 2, 15, 14, 30)), format: 'dd/mm/yyyy hh:mm' }, true, null],
      [null, null, null, null, null, null, null],
      [null, 'Sem código', 'Integridade', null, null, null, null],
      ['INC-XLSX-2', 2026, 'Integridade', 'Baixa', { value: new Date(Date.UTC(2026, 0, 5)), format: 'dd/mm/yyyy' }, false, null],
      ...Array.from({ length: 260 }, (_, i) => [`INC-XLSX-B${i}`, null, 'Disponibilidade', null, null, null, longa(i)]),
    ]).toBuffer();
    await byId('csv-token').fill(token);
    await byId('csv-entidade').selectOption('incidente_seguranca');
    await byId('csv-arquivo').setInputFiles({ name: 'incidentes.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(sheet) });
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();

    await page.getByRole('heading', { name: 'Pré-visualização (nada foi gravado)' }).waitFor();
    const result = page.locator('.resultado-csv');
    expect(await result.locator('p').first().textContent()).toBe('263 linhas: 262 seriam gravadas, 1 seria recusada, 0 duplicadas.');
    const rows = page.getByRole('table', { name: 'Linhas que seriam recusadas' }).locator('tbody tr');
    expect(await rows.count()).toBe(1);
    // The sheet's own row number (the empty row 3 counted), the reason by the field's label.
    expect(await rows.nth(0).locator('td').first().textContent()).toBe('4');
    expect(await rows.nth(0).locator('td').nth(1).textContent()).toBe('Código: campo obrigatório não informado.');
    await screenshot(page, 'historico-xlsx');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: /^Enviar assim \(262 linhas aceitas; as recusadas ficam no histórico\)$/ }).click();
    await page.getByText('Lote enviado: 262 linhas gravadas, 1 recusada, 0 duplicadas. Ele está na lista abaixo.').waitFor();
    expect((await batches())[0]).toEqual({ entidade: 'incidente_seguranca', totalLinhas: 263, gravadas: 262, recusadas: 1 });
    type Registros = { registrosIngeridos: { itens: { chave: string; valores: string }[]; proximo: string | null } };
    const stored: { chave: string; valores: string }[] = [];
    for (let depois: string | null = null; ; ) {
      const lida: { data?: Registros | null } = await graphql<Registros>(
        'query($depois: String) { registrosIngeridos(entidade: "incidente_seguranca", primeiros: 100, depois: $depois) { itens { chave valores } proximo } }',
        { depois },
        admin,
      );
      stored.push(...lida.data!.registrosIngeridos.itens);
      depois = lida.data!.registrosIngeridos.proximo;
      if (!depois) break;
    }
    const valores = (chave: string) => JSON.parse(stored.find((r) => r.chave === chave)!.valores);
    // 15/03/2026 14:30 in Brasília (UTC-3) is 17:30 UTC; 05/01/2026 is midnight there; the number cell 2026 is the text "2026".
    expect(valores('INC-XLSX-1')).toMatchObject({ titulo: 'Porta aberta', tipo: 'Confidencialidade', dataDeteccao: '2026-03-15T17:30:00.000Z', dadosPessoaisEnvolvidos: true });
    expect(valores('INC-XLSX-2')).toMatchObject({ titulo: '2026', dataDeteccao: '2026-01-05T03:00:00.000Z', dadosPessoaisEnvolvidos: false });
    expect(valores('INC-XLSX-B259').descricao).toBe(longa(259));
  });

  itRequestedOnlyTheGateway(fixture);
});
