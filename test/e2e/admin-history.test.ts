import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { graphql, rest } from '../support/env';
import { screenshot, seriousAccessibilityViolations, until } from './admin-browser';
import { adminPage, createIngestionToken, itRequestedOnlyTheGateway, sendIncidentBatch } from './admin-fixtures';

/**
 * The import history screen in headless Chromium against the running stack: a batch sent over REST with its
 * counts, refused rows and their CSV; batches newest first across entities and the entity filter.
 */
jest.setTimeout(120_000);

const fixture = adminPage('admin-page-history', { signedIn: true });
const { activeText, activeLabel } = fixture;
let page: Page;
let admin: string;
/** A token of the company as the tokens screen's test creates it: named, INSERT, scoped to incidents and assets. */
let tokenValue = '';
let loteId = '';

beforeAll(async () => {
  ({ page, admin } = fixture);
  tokenValue = await createIngestionToken(admin, { nome: 'SIEM da portaria', entidades: ['incidente_seguranca', 'ativo_informacao'], modo: 'INSERT' });
});

describe('admin page - import history', () => {
  it('admin page - a batch sent over REST with the token shows its counts, its refused rows with reasons, and their CSV', async () => {
    loteId = await sendIncidentBatch(tokenValue);

    await page.getByRole('link', { name: 'Histórico de importações' }).click();
    await page.getByRole('heading', { level: 1, name: 'Histórico de importações' }).waitFor();
    await page.getByLabel('Entidade', { exact: true }).selectOption('incidente_seguranca');
    const row = page.locator(`tr[data-lote-id="${loteId}"]`);
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    // The mode in words (labels.ts), not the bare INSERT.
    expect(cells.slice(1, 8)).toEqual(['Incidente de segurança', expect.stringContaining('SIEM da portaria'), 'Só inserir (INSERT)', '3', '1', '2', '0']);

    // The written row's note (an unknown key ignored) is shown with the batch.
    await row.getByText('1 linha gravada com aviso').click();
    await row.getByText(/Linha 1: .*origemSiem/).waitFor();

    const open = row.getByRole('button', { name: /^Ver recusadas: 2 linhas do lote/ });
    await open.click();
    await page.getByRole('heading', { name: /Linhas recusadas/ }).waitFor();
    expect(await until(activeText, (t) => t.includes('Linhas recusadas'))).toContain('Linhas recusadas');
    await page.getByText(/Ransomware/).first().waitFor();
    const refused = await graphql<{ historicoImportacoes: { itens: { loteId: string; linhasRecusadas: { linha: number; erros: string[] }[] }[] } }>(
      '{ historicoImportacoes(entidade: "incidente_seguranca") { itens { loteId linhasRecusadas { linha erros } } } }',
      {},
      admin,
    );
    const reasons = refused.data!.historicoImportacoes.itens.find((l) => l.loteId === loteId)!.linhasRecusadas;
    expect(reasons.map((l) => l.linha)).toEqual([2, 3]);
    // Each reason as the API wrote it, the field's key replaced by its label ("codigo: ..." is "Código: ...").
    const entities = await graphql<{ entidadesIngestaoComNome: { entidade: string; campos: { campo: string; rotulo: string }[] }[] }>('{ entidadesIngestaoComNome { entidade campos { campo rotulo } } }', {}, admin);
    const fields = entities.data!.entidadesIngestaoComNome.find((e) => e.entidade === 'incidente_seguranca')!.campos;
    const byLabel = (reason: string) => reason.replace(/^(\w+): /, (_whole, key: string) => `${fields.find((f) => f.campo === key)?.rotulo ?? key}: `);
    for (const reason of reasons.flatMap((l) => l.erros)) await page.getByText(byLabel(reason), { exact: true }).waitFor();
    const panel = page.locator('section[aria-labelledby="lote-titulo"]');
    expect(await panel.getByText('Código: campo obrigatório não informado.', { exact: true }).count()).toBe(1);
    expect(await panel.locator('table').textContent()).not.toMatch(/codigo|titulo|descricao/);
    await screenshot(page, 'historico');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar CSV das recusadas' }).click()]);
    expect(download.suggestedFilename()).toBe(`recusadas-incidente_seguranca-${loteId}.csv`);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('linha;erros;codigo;titulo;tipo;descricao');
    // Each row's reasons, joined; a formula defused with an apostrophe; a negative number as sent.
    const quoted = (text: string) => (/[;"]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
    expect(lines[1]).toBe(`2;${quoted(reasons[0].erros.join(' | '))};INC-2;"Ataque; ""grave""";Ransomware;"'=HIPERLINK(""http://x"")"`);
    expect(lines[2]).toBe(`3;${quoted(reasons[1].erros.join(' | '))};;sem código;Integridade;-12.5`);

    await page.locator('section', { has: page.getByRole('heading', { name: /Linhas recusadas/ }) }).getByRole('button', { name: 'Fechar' }).click();
    await page.getByRole('heading', { name: /Linhas recusadas/ }).waitFor({ state: 'detached' });
    const openLabel = await open.getAttribute('aria-label');
    expect(await until(activeLabel, (l) => l === openLabel)).toBe(openLabel);
  });

  it('admin page - batches newest first across entities; the entity filter keeps only that entity’s', async () => {
    const created = await graphql<{ criarTokenIngestao: { token: string } }>(
      'mutation($input: CriarTokenIngestaoInput!) { criarTokenIngestao(input: $input) { token } }',
      { input: { nome: 'Inventário e SIEM', entidades: ['ativo_informacao', 'incidente_seguranca'], modo: 'UPSERT' } },
      admin,
    );
    const token = created.data!.criarTokenIngestao.token;
    const asset = await rest('POST', '/api/ingestao-pub/ativo_informacao', { bearer: token, body: { linhas: [{ codigo: 'ATV-1', nome: 'Servidor de arquivos' }, { codigo: 'ATV-2', nome: 'Notebook' }] } });
    const incident = await rest('POST', '/api/ingestao-pub/incidente_seguranca', { bearer: token, body: { linhas: [{ codigo: 'INC-9', titulo: 'Outro incidente' }] } });
    expect([asset.status, incident.status]).toEqual([200, 200]);
    const [assetBatch, incidentBatch] = [asset.body.dados.loteId as string, incident.body.dados.loteId as string];

    // The batches the list shows, read in one go: read row by row (count, then each row), it raced the list being
    // replaced under a new filter and waited 30 s for a second row the new filter no longer had.
    const listed = () => page.locator('tr[data-lote-id]').evaluateAll((rows: { getAttribute: (name: string) => string | null }[]) => rows.map((row) => row.getAttribute('data-lote-id')));
    const shows = (expected: string[]) => (ids: (string | null)[]) => ids.join() === expected.join();
    await page.getByLabel('Entidade', { exact: true }).selectOption('');
    await page.getByRole('button', { name: 'Atualizar', exact: true }).click();
    expect(await until(listed, shows([incidentBatch, assetBatch, loteId]))).toEqual([incidentBatch, assetBatch, loteId]);
    expect(await page.locator(`tr[data-lote-id="${assetBatch}"] td`).nth(1).textContent()).toBe('Ativo de informação');
    expect(await page.locator(`tr[data-lote-id="${assetBatch}"] td`).nth(3).textContent()).toBe('Inserir ou atualizar (UPSERT)');

    await page.getByLabel('Entidade', { exact: true }).selectOption('ativo_informacao');
    expect(await until(listed, shows([assetBatch]))).toEqual([assetBatch]);
    await page.getByLabel('Entidade', { exact: true }).selectOption('incidente_seguranca');
    expect(await until(listed, shows([incidentBatch, loteId]))).toEqual([incidentBatch, loteId]);
  });

  itRequestedOnlyTheGateway(fixture);
});
