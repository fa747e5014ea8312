import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { graphql, rest, stackEnv } from '../support/env';
import { screenshot, seriousAccessibilityViolations, until } from './admin-browser';
import { adminPage, itRequestedOnlyTheGateway, saveCompanySettings } from './admin-fixtures';
import { textoDoPdf } from './danfe-helpers';
import { cteInterno } from './cte-helpers';
import { cancelar, emitir, nfeVenda } from './fiscal-helpers';

/**
 * The fiscal documents screen in headless Chromium against the running stack (the company's settings saved first,
 * as the settings screen's test saves them): an NF-e issued through the form with its key, countdown, DANFE and
 * XML; a cancellation; a delivery mark; "Atualizar"; a CT-e with its service-start mark; the filters.
 */
jest.setTimeout(120_000);

const fixture = adminPage('admin-page-documents', { signedIn: true });
const { byId, activeText, activeLabel } = fixture;
let page: Page;
let admin: string;

beforeAll(async () => {
  ({ page, admin } = fixture);
  await saveCompanySettings(admin);
});

describe('admin page - fiscal documents', () => {
  it('admin page - issues an NF-e and shows key, number, taxes, protocol, the cancellation countdown, the DANFE and XML downloads', async () => {
    await page.getByRole('link', { name: 'Documentos fiscais' }).click();
    await page.getByRole('heading', { level: 1, name: 'Documentos fiscais' }).waitFor();
    await page.getByRole('button', { name: 'Emitir documento' }).click();
    await page.getByRole('heading', { name: 'Emitir documento fiscal' }).waitFor();
    await page.getByLabel('CNPJ ou CPF').fill('11.222.333/0001-81');
    await page.getByLabel('Nome', { exact: true }).fill('Cliente Comprador Ltda');
    await page.getByLabel('UF', { exact: true }).selectOption('SP');
    await page.getByLabel('Município (IBGE)').fill('3550308');
    await page.getByLabel('Logradouro').fill('Avenida Paulista');
    await page.getByLabel('Número', { exact: true }).fill('1578');
    await page.getByLabel('Bairro').fill('Bela Vista');
    await page.getByLabel('Município (nome)').fill('São Paulo');
    await page.getByLabel('CEP').fill('01310-20');
    await page.getByLabel('Código', { exact: true }).fill('P-1');
    await page.getByLabel('Descrição').fill('Cadeira de escritório');
    await page.getByLabel('Quantidade').fill('2');
    await page.getByLabel('Valor unitário (R$)').fill('250,50');
    await page.getByLabel('NCM (8 dígitos)').fill('9401300');
    await page.getByLabel('CFOP').fill('5102');
    await page.getByLabel('CSOSN (Simples)').fill('102');
    await page.getByRole('button', { name: 'Emitir', exact: true }).click();
    await byId('itens[0].ncm-erro').waitFor();
    expect(await byId('itens[0].ncm-erro').textContent()).toBe('NCM deve ter 8 dígitos');
    // The API's message for the recipient's address shows next to its field.
    expect(await byId('destinatario.endereco.cep-erro').textContent()).toBe('8 dígitos');

    await page.getByLabel('NCM (8 dígitos)').fill('94013000');
    await page.getByLabel('CEP').fill('01310-200');
    await page.getByRole('button', { name: 'Emitir', exact: true }).click();
    const heading = page.getByRole('heading', { name: /NF-e \(55\) nº \d+, série 1 — Autorizado/ });
    await heading.waitFor();
    expect(await until(activeText, (t) => /Autorizado/.test(t))).toMatch(/Autorizado/);
    const numero = Number(/nº (\d+)/.exec((await heading.textContent())!)![1]);
    const listed = await graphql('{ documentosFiscais(modelo: NFE) { itens { id numero chaveAcesso protocolo valorTotal } } }', {}, admin);
    const doc = listed.data!.documentosFiscais.itens.find((d: any) => d.numero === numero);
    expect(doc.valorTotal).toBe(501);
    const detail = page.locator('.detalhe');
    expect((await detail.locator('code.chave').textContent())!.replace(/\s/g, '')).toBe(doc.chaveAcesso);
    expect(await detail.textContent()).toContain(doc.protocolo);
    expect(await detail.getByRole('heading', { name: 'Impostos' }).count()).toBe(1);

    const countdown = detail.locator('.contagem');
    const first = await countdown.textContent();
    // The company's own NF-e deadline saved on the settings screen above: 12 hours, not the legal 24.
    expect(first).toMatch(/^11 h \d\d min \d\d s$/);
    expect(await until(() => countdown.textContent(), (t) => t !== first, 5_000)).not.toBe(first);

    await screenshot(page, 'documentos');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The DANFE of an authorized NF-e downloads as a PDF, fetched with the session.
    const danfe = detail.getByRole('link', { name: 'DANFE (PDF)' });
    expect(await danfe.getAttribute('href')).toBe(`/api/erp/faturamento/documentos/${doc.id}/danfe.pdf`);
    const [download] = await Promise.all([page.waitForEvent('download'), danfe.click()]);
    expect(download.suggestedFilename()).toBe(`nfe-${doc.chaveAcesso}.pdf`);
    const pdf = fs.readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The recipient's address typed above fills its boxes.
    expect(textoDoPdf(pdf).replace(/\s+/g, ' ')).toMatch(/Avenida Paulista, 1578.*Bela Vista.*01310-200/);
    await page.getByText(`DANFE baixado (nfe-${doc.chaveAcesso}.pdf).`).waitFor();
    // The authorized XML (nfeProc of the local authority) downloads too.
    expect(await detail.textContent()).toMatch(/Resposta da SEFAZ100 — Autorizado/);
    const xmlLink = detail.getByRole('link', { name: 'XML da NF-e (nfeProc)' });
    await xmlLink.waitFor();
    const [xmlDownload] = await Promise.all([page.waitForEvent('download'), xmlLink.click()]);
    expect(xmlDownload.suggestedFilename()).toBe(`nfe-${doc.chaveAcesso}.xml`);
    expect(fs.readFileSync(await xmlDownload.path(), 'utf8')).toContain(`<chNFe>${doc.chaveAcesso}</chNFe>`);
  });

  it('admin page - cancels with a justification after a confirmation', async () => {
    const detail = page.locator('.detalhe');
    await detail.getByLabel('Justificativa').fill('curta');
    await detail.getByRole('button', { name: 'Cancelar documento…' }).click();
    await byId('doc-justificativa-erro').waitFor();
    expect(await byId('doc-justificativa-erro').textContent()).toBe('A justificativa deve ter de 15 a 255 caracteres (tem 5).');
    await detail.getByLabel('Justificativa').fill('Pedido desistido pelo cliente antes da saída');
    await detail.getByRole('button', { name: 'Cancelar documento…' }).click();
    await page.getByRole('dialog', { name: /Cancelar NF-e/ }).getByRole('button', { name: 'Cancelar documento' }).click();
    await page.getByRole('heading', { name: /— Cancelado$/ }).waitFor();
    const text = (await detail.textContent())!;
    expect(text).toContain('Pedido desistido pelo cliente antes da saída');
    expect(text).toMatch(/Protocolo do cancelamento\d+/);
    // The cancellation's procEventoNFe is listed under its own label, pointing at its REST route.
    const cancelXml = detail.getByRole('link', { name: 'XML do cancelamento (procEventoNFe)' });
    expect(await cancelXml.getAttribute('href')).toMatch(/^\/api\/erp\/faturamento\/documentos\/[^/]+\/cancelamento\.xml$/);
    const id = await page.locator('tr.selecionada').getAttribute('data-documento-id');
    const read = await graphql('query($id: ID!) { documentoFiscal(id: $id) { situacao justificativaCancelamento } }', { id }, admin);
    expect(read.data!.documentoFiscal).toEqual({ situacao: 'CANCELADO', justificativaCancelamento: 'Pedido desistido pelo cliente antes da saída' });
  });

  it('admin page - filters by status and records a delivery, after which the NF-e can no longer be cancelled', async () => {
    const issued = await emitir(admin, nfeVenda());
    expect(issued.status).toBe(201);
    const id = issued.body.dados.id;
    await page.getByLabel('Situação').selectOption('AUTORIZADO');
    const row = page.locator(`tr[data-documento-id="${id}"]`);
    await row.waitFor();
    expect(await page.locator('tr', { hasText: 'Cancelado' }).count()).toBe(0);
    await row.getByRole('button', { name: /Abrir/ }).click();
    await page.getByRole('button', { name: 'Registrar entrega…' }).click();
    await page.getByRole('dialog', { name: /Registrar a entrega/ }).getByRole('button', { name: 'Registrar entrega' }).click();
    await page.getByText('Entrega registrada.').waitFor();
    const detail = page.locator('.detalhe');
    expect(await detail.textContent()).toContain('Entregue em');
    expect(await detail.textContent()).toContain('não pode mais ser cancelado (mercadoria entregue');
    expect(await detail.getByLabel('Justificativa').count()).toBe(0);

    // Closing the detail gives the focus back to the document's own "Abrir" in the list.
    const abrir = await row.getByRole('button', { name: /Abrir/ }).getAttribute('aria-label');
    await detail.getByRole('button', { name: 'Fechar' }).click();
    await detail.waitFor({ state: 'detached' });
    expect(await until(activeLabel, (l) => l === abrir)).toBe(abrir);
  });

  it('admin page - "Atualizar" refreshes the open document too: one cancelled elsewhere shows as cancelled', async () => {
    const issued = await emitir(admin, nfeVenda());
    expect(issued.status).toBe(201);
    const id = issued.body.dados.id;
    await page.getByRole('button', { name: 'Atualizar', exact: true }).click();
    const row = page.locator(`tr[data-documento-id="${id}"]`);
    await row.getByRole('button', { name: /Abrir/ }).click();
    const detail = page.locator('.detalhe');
    await detail.getByRole('heading', { name: /— Autorizado$/ }).waitFor();
    const cancelled = await cancelar(admin, id, 'Cancelado por outra tela do ERP');
    expect(cancelled.status).toBe(200);
    await page.getByRole('button', { name: 'Atualizar', exact: true }).click();
    await detail.getByRole('heading', { name: /— Cancelado$/ }).waitFor();
    expect(await detail.textContent()).toContain('Cancelado por outra tela do ERP');
  });

  it('admin page - shows a CT-e (issued through the API: the form has no CT-e group yet) with its XML, marks the start of the service, and filters by model', async () => {
    const transported = await emitir(admin, nfeVenda());
    expect(transported.status).toBe(201);
    const issued = await emitir(admin, cteInterno(transported.body.dados.chaveAcesso, { csosn: '102' }));
    expect(issued.status).toBe(201);
    const id = issued.body.dados.id;
    await page.getByLabel('Situação').selectOption('');
    await page.getByRole('button', { name: 'Atualizar', exact: true }).click();
    await page.locator(`tr[data-documento-id="${id}"]`).getByRole('button', { name: /Abrir/ }).click();
    const detail = page.locator('.detalhe');
    const heading = detail.getByRole('heading', { name: /^CT-e \(57\) nº \d+, série \d+ — Autorizado$/ });
    await heading.waitFor();
    const stored = await graphql('query($id: ID!) { documentoFiscal(id: $id) { modelo situacao } }', { id }, admin);
    expect(stored.data!.documentoFiscal).toEqual({ modelo: 'CTE', situacao: 'AUTORIZADO' });
    // Its DACTE is listed and downloads as a PDF; its cteProc is labelled as such; SEFAZ answered it.
    const dacte = detail.getByRole('link', { name: 'DACTE (PDF)' });
    const [dacteDownload] = await Promise.all([page.waitForEvent('download'), dacte.click()]);
    expect(fs.readFileSync(await dacteDownload.path()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.getByText(/^DACTE baixado/).waitFor();
    await detail.getByRole('link', { name: 'XML do CT-e (cteProc)' }).waitFor();
    expect(await detail.textContent()).toContain('Resposta da SEFAZ');
    // The CT-e's cteProc is served like the NF-e's nfeProc.
    const xml = await rest('GET', `/api/erp/faturamento/documentos/${id}/xml`, { bearer: admin });
    expect(xml.status).toBe(200);

    await detail.getByRole('button', { name: 'Registrar início do serviço…' }).click();
    await page.getByRole('dialog', { name: 'Registrar o início do serviço de transporte?' }).getByRole('button', { name: 'Registrar início do serviço' }).click();
    await page.getByText('Início do serviço registrado.').waitFor();
    expect(await detail.textContent()).toContain('Serviço iniciado em');
    expect(await detail.textContent()).toContain('não pode mais ser cancelado (serviço iniciado)');
    expect(await detail.getByRole('button', { name: /Registrar início/ }).count()).toBe(0);
    const marked = await graphql('query($id: ID!) { documentoFiscal(id: $id) { servicoIniciadoEm prazoCancelamento } }', { id }, admin);
    expect(marked.data!.documentoFiscal).toEqual({ servicoIniciadoEm: expect.any(String), prazoCancelamento: null });

    const models = () => page.locator('tr[data-documento-id] td:nth-child(2)').allTextContents();
    await byId('docs-modelo').selectOption('CTE');
    expect(await until(models, (m) => m.length > 0 && m.every((x) => x === 'CT-e (57)'))).toEqual(['CT-e (57)']);
    expect(await page.locator(`tr[data-documento-id="${id}"]`).count()).toBe(1);
    await byId('docs-modelo').selectOption('NFE');
    expect(await until(models, (m) => m.length > 0 && m.every((x) => x === 'NF-e (55)'))).toContain('NF-e (55)');
    expect(await page.locator(`tr[data-documento-id="${id}"]`).count()).toBe(0);
    await byId('docs-modelo').selectOption('');
  });

  it('admin page detail - the cancellation deadline passing with the detail open says "Prazo de cancelamento encerrado"', async () => {
    const issued = await emitir(admin, nfeVenda());
    expect(issued.status).toBe(201);
    // The page's clock, from now, moved past the company's 12 h NF-e deadline while the detail stays open.
    await page.clock.install();
    await page.goto(`${stackEnv.gatewayUrl}/admin/#/documentos/${issued.body.dados.id}`);
    const detail = page.locator('.detalhe');
    await detail.getByText('Faltam').waitFor();
    await page.clock.fastForward('13:00:00');
    await detail.getByText(/^Prazo de cancelamento encerrado em \d{2}\/\d{2}\/\d{4}/).waitFor();
    expect(await detail.textContent()).not.toContain('Faltam');
    expect(await detail.getByRole('button', { name: 'Cancelar documento…' }).count()).toBe(0);
  });

  itRequestedOnlyTheGateway(fixture);
});
