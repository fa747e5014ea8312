import type { Page } from 'playwright-core';
import { graphql, rest } from '../support/env';
import { screenshot, seriousAccessibilityViolations } from './admin-browser';
import { adminPage, itRequestedOnlyTheGateway } from './admin-fixtures';
import { DOCUMENTOS, empresaFiscal } from './fiscal-helpers';

/**
 * The NFS-e in headless Chromium against the running stack: the settings screen's NFS-e block (provider, codes,
 * the municipal deadline, the signature profile) with the API's messages by label, then an NFS-e issued through the
 * form for a company of the national provider (the local authority's Sefin Nacional stand-in serves it) and
 * cancelled from its detail with a reason.
 */
jest.setTimeout(120_000);

const fixture = adminPage('admin-page-nfse', { signedIn: true });
const { byId } = fixture;
let page: Page;
let admin: string;

beforeAll(async () => {
  ({ page, admin } = fixture);
  // A regime-normal company of the national provider (empresaFiscal: NACIONAL, São Paulo, item 01.07, NBS).
  await empresaFiscal({ companyId: fixture.companyId, regime: 'LUCRO_PRESUMIDO' });
});

describe('admin page - NFS-e', () => {
  it('admin page - the settings’ NFS-e block: provider by name, the API’s messages next to NBS and the IBGE code, then saved', async () => {
    await page.getByRole('link', { name: 'Configurações fiscais' }).click();
    await page.getByRole('heading', { level: 1, name: 'Configurações fiscais' }).waitFor();
    const provedor = page.getByLabel('Provedor da NFS-e');
    expect(await provedor.inputValue()).toBe('NACIONAL');
    expect(await provedor.locator('option:checked').textContent()).toBe('Padrão nacional (Sefin Nacional / Emissor Nacional)');
    expect(await page.getByLabel('Código NBS').inputValue()).toBe('115021000');
    await page.getByLabel('Código NBS').fill('1150');
    await page.getByLabel('Código da cidade (IBGE)').fill('355');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await byId('cfg-nfse.codigoNbs-erro').waitFor();
    // The same messages as the API's for the same values.
    const atual = (await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin })).body.dados;
    const api = await rest('PUT', '/api/erp/faturamento/configuracao', { bearer: admin, body: { ...atual, nfse: { ...atual.nfse, senha: undefined, codigoNbs: '1150', codigoCidade: '355' } } });
    expect(api.status).toBe(400);
    for (const { campo, erro } of api.body.campos as { campo: string; erro: string }[]) {
      expect(await byId(`cfg-${campo}-erro`).textContent()).toBe(erro);
      expect(await byId(`cfg-${campo}`).getAttribute('aria-invalid')).toBe('true');
    }
    // The summary names the fields by their labels.
    const resumo = (await page.locator('.resumo-erros, [class*="resumo"]').first().textContent()) ?? '';
    expect(resumo).toContain('Código NBS');
    expect(resumo).toContain('Código da cidade (IBGE)');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByLabel('Código NBS').fill('115021000');
    await page.getByLabel('Código da cidade (IBGE)').fill('3550308');
    await page.getByLabel('Prazo de cancelamento do município (dias)').fill('10');
    await page.getByLabel('Algoritmo da assinatura').selectOption('RSA-SHA256');
    await page.getByLabel('Canonicalização da assinatura').selectOption('C14N_EXCLUSIVA');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await page.getByText(/Configurações salvas \(versão \d+\)\./).waitFor();
    await screenshot(page, 'configuracoes-nfse');
    const salvo = (await rest('GET', '/api/erp/faturamento/configuracao', { bearer: admin })).body.dados;
    expect(salvo.nfse).toMatchObject({ provedor: 'NACIONAL', codigoCidade: '3550308', codigoNbs: '115021000', algoritmoAssinatura: 'RSA-SHA256', canonicalizacao: 'C14N_EXCLUSIVA' });
    expect(salvo.prazosCancelamento.nfseDias).toBe(10);
  });

  it('admin page - issues an NFS-e through the form (Sefin Nacional stand-in) and cancels it with reason 2 from its detail', async () => {
    await page.getByRole('link', { name: 'Documentos fiscais' }).click();
    await page.getByRole('heading', { level: 1, name: 'Documentos fiscais' }).waitFor();
    await page.getByRole('button', { name: 'Emitir documento' }).click();
    await page.getByRole('heading', { name: 'Emitir documento fiscal' }).waitFor();
    const form = page.getByRole('form', { name: 'Emitir documento fiscal' });
    await form.getByLabel('Modelo').selectOption('NFSE');
    await form.getByLabel('CNPJ ou CPF').fill('11.222.333/0001-81');
    await form.getByLabel('Nome', { exact: true }).fill('Tomador Serviços Ltda');
    await form.getByLabel('Código', { exact: true }).fill('SUP-01');
    await form.getByLabel('Descrição').fill('Suporte técnico em informática');
    await form.getByLabel('Quantidade').fill('10');
    await form.getByLabel('Valor unitário (R$)').fill('120,00');
    await form.getByLabel('Código de serviço (LC 116)').fill('01.07');
    await form.getByLabel('Alíquota ISS (%)').fill('2');
    // 10 x 120,00 = 1.200,00.
    expect(await page.locator('.total-itens').textContent()).toContain('1.200,00');
    await form.getByRole('button', { name: 'Emitir', exact: true }).click();
    await page.getByRole('heading', { name: /NFS-e nº \d+, série 1 — Autorizado/ }).waitFor();
    const detail = page.locator('.detalhe');
    const id = await page.locator('tr.selecionada').getAttribute('data-documento-id');
    const lido = await graphql<{ documentoFiscal: { chaveAcesso: string } }>('query($id: ID!) { documentoFiscal(id: $id) { chaveAcesso } }', { id }, admin);
    const chave = lido.data!.documentoFiscal.chaveAcesso;
    // Sefin's 50-digit key, shown in the detail (grouped for reading).
    expect(chave).toMatch(/^\d{50}$/);
    expect(((await detail.textContent()) ?? '').replace(/\s/g, '')).toContain(chave);
    expect(await detail.getByRole('link', { name: 'XML da NFS-e' }).getAttribute('href')).toMatch(/\/xml$/);

    await detail.getByLabel('Motivo do cancelamento').selectOption('2');
    await detail.getByLabel('Justificativa').fill('Servico nao prestado: cliente desistiu do contrato');
    await screenshot(page, 'documento-nfse-cancelamento');
    await detail.getByRole('button', { name: 'Cancelar documento…' }).click();
    await page.getByRole('dialog', { name: /Cancelar NFS-e/ }).getByRole('button', { name: 'Cancelar documento' }).click();
    await page.getByRole('heading', { name: /— Cancelado$/ }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const evento = String((await rest('GET', `${DOCUMENTOS}/${id}/cancelamento.xml`, { bearer: admin })).body);
    expect(evento).toContain(chave);
    // The reason chosen in the page is the event's cMotivo (2, service not provided).
    expect(evento).toContain('<cMotivo>2</cMotivo>');
  });

  itRequestedOnlyTheGateway(fixture);
});
