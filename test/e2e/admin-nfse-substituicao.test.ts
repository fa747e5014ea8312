import type { Page } from 'playwright-core';
import { rest } from '../support/env';
import { screenshot, seriousAccessibilityViolations } from './admin-browser';
import { adminPage, itRequestedOnlyTheGateway } from './admin-fixtures';
import { emitirSubstituta } from './admin-nfse-substituta';
import { DOCUMENTOS, emitir, empresaFiscal, referenciaNova } from './fiscal-helpers';

/**
 * An NFS-e substituted through the page, as a person who must correct one does it, against the running stack (the
 * local authority's Sefin Nacional stand-in): the authorized NFS-e's "Emitir NFS-e substituta…" opens the emission
 * form filled with its recipient, service item and values and its key as the replaced one; the corrected NFS-e is
 * issued (its DPS `subst` names the old key); its detail says which it replaces and leads to the old one's
 * cancellation by substitution, filled with the new key (event 105102 at Sefin); both documents then read right.
 */
jest.setTimeout(120_000);

const fixture = adminPage('admin-page-nfse-subst', { signedIn: true });
let page: Page;
let admin: string;

beforeAll(async () => {
  ({ page, admin } = fixture);
  // A regime-normal company of the national provider (empresaFiscal: NACIONAL, São Paulo, item 01.07, NBS).
  await empresaFiscal({ companyId: fixture.companyId, regime: 'LUCRO_PRESUMIDO' });
});

const spaceless = (text: string | null) => (text ?? '').replace(/\s/g, '');

describe('admin page - NFS-e substitution', () => {
  it('admin page - substitutes an authorized NFS-e from its detail: the form filled, the new one names the old, the old one cancelled by substitution with the new key', async () => {
    // The NFS-e to correct: 10 hours at R$ 120,00 (R$ 1.200,00), when R$ 110,00 was agreed.
    const primeira = await emitir(admin, {
      referencia: referenciaNova('NFSE'),
      modelo: 'NFSE',
      destinatario: { documento: '11222333000181', nome: 'Tomador Serviços Ltda' },
      itens: [{ codigo: 'SUP-01', descricao: 'Suporte técnico em informática', quantidade: 10, valorUnitario: 120, codigoServico: '01.07', aliquotaIss: 2 }],
    });
    expect(primeira.body.dados?.situacao).toBe('AUTORIZADO');
    const velha = primeira.body.dados as { id: string; chaveAcesso: string; numero: number };

    await page.getByRole('link', { name: 'Documentos fiscais' }).click();
    await page.getByRole('heading', { level: 1, name: 'Documentos fiscais' }).waitFor();
    await page.getByRole('button', { name: `Abrir NFS-e número ${velha.numero}` }).click();
    await page.getByRole('heading', { name: `NFS-e nº ${velha.numero}, série 1 — Autorizado` }).waitFor();
    // Its deadline is the first instant of the next month in Brasília (the competence is this month): said as the
    // end of this month's last day (day 0 of the next month), not as "01/MM/AAAA, 00:00".
    const brasilia = new Date(Date.now() - 3 * 3_600_000);
    const ultimo = new Date(Date.UTC(brasilia.getUTCFullYear(), brasilia.getUTCMonth() + 1, 0));
    const dia = `${String(ultimo.getUTCDate()).padStart(2, '0')}/${String(ultimo.getUTCMonth() + 1).padStart(2, '0')}/${ultimo.getUTCFullYear()}`;
    expect(await page.locator('.detalhe .prazo').textContent()).toMatch(new RegExp(`^Pode ser cancelado até o fim de ${dia}\\. Faltam`));
    await page.locator('.detalhe').getByRole('button', { name: 'Emitir NFS-e substituta…' }).click();

    // The form, filled with the old NFS-e's data and its key as the replaced one.
    await page.getByRole('heading', { name: 'Emitir NFS-e substituta' }).waitFor();
    const form = page.getByRole('form', { name: 'Emitir documento fiscal' });
    expect(await form.getByLabel('Modelo').inputValue()).toBe('NFSE');
    expect(await form.getByLabel('CNPJ ou CPF').inputValue()).toBe('11.222.333/0001-81');
    expect(await form.getByLabel('Nome', { exact: true }).inputValue()).toBe('Tomador Serviços Ltda');
    expect(await form.getByLabel('Código', { exact: true }).inputValue()).toBe('SUP-01');
    expect(await form.getByLabel('Descrição').inputValue()).toBe('Suporte técnico em informática');
    expect(await form.getByLabel('Quantidade').inputValue()).toBe('10');
    expect(await form.getByLabel('Valor unitário (R$)').inputValue()).toBe('120,00');
    expect(await form.getByLabel('Código de serviço (LC 116)').inputValue()).toBe('01.07');
    expect(await form.getByLabel('Alíquota ISS (%)').inputValue()).toBe('2');
    expect(spaceless(await form.getByLabel('Chave da NFS-e substituída (opcional)').inputValue())).toBe(velha.chaveAcesso);
    expect(await form.textContent()).toContain(`Esta NFS-e substitui a NFS-e nº ${velha.numero}, série 1`);
    // The correction: R$ 110,00 an hour; 10 x 110,00 = 1.100,00.
    await form.getByLabel('Valor unitário (R$)').fill('110,00');
    expect(await page.locator('.total-itens').textContent()).toContain('1.100,00');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'documento-nfse-substituta-form');

    // The new NFS-e: it says which one it replaces, still authorized here, and leads to its cancellation.
    const { nova, novaId, detail, substituicao } = await emitirSubstituta(page, velha);
    expect(spaceless(await substituicao.textContent())).toContain(velha.chaveAcesso);
    expect(await substituicao.textContent()).toContain('(autorizado)');
    // Words, not codes: the environment by its meaning, the issuer's CNPJ punctuated.
    expect(await detail.locator('dl.pares').first().textContent()).toContain('AmbienteHomologação (testes, sem valor fiscal)');
    expect(await detail.locator('dl.pares').first().textContent()).toMatch(/Emitente\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}Destinatário/);
    expect(await substituicao.textContent()).toContain('Na Sefin Nacional a NFS-e substituída continua válida até o evento de cancelamento por substituição (105102)');
    const novaDoc = (await rest('GET', `${DOCUMENTOS}/${novaId}`, { bearer: admin })).body.dados;
    expect(novaDoc).toMatchObject({ situacao: 'AUTORIZADO', valorTotal: 1100, chaveNfseSubstituida: velha.chaveAcesso, chaveSubstituta: null });
    // Sefin's NFS-e carries our DPS with its substitution group (reason 99).
    const xml = String((await rest('GET', `${DOCUMENTOS}/${novaId}/xml`, { bearer: admin })).body);
    expect(xml).toContain(`<subst><chSubstda>${velha.chaveAcesso}</chSubstda><cMotivo>99</cMotivo>`);
    await screenshot(page, 'documento-nfse-substituta');

    // The old one, opened with its cancel form filled: reason "Erro na emissão", the justification, the new key.
    await substituicao.getByRole('button', { name: 'Cancelar a NFS-e substituída…' }).click();
    await page.getByRole('heading', { name: `NFS-e nº ${velha.numero}, série 1 — Autorizado` }).waitFor();
    expect(await detail.getByLabel('Motivo do cancelamento').inputValue()).toBe('1');
    expect(await detail.getByLabel('Justificativa').inputValue()).toBe(`NFS-e substituída pela NFS-e nº ${nova}, emitida para corrigir esta.`);
    expect(spaceless(await detail.getByLabel('Chave da NFS-e que substitui esta').inputValue())).toBe(novaDoc.chaveAcesso);
    await detail.getByText('Cancelamento por substituição preenchido com a chave da NFS-e substituta').waitFor();
    await screenshot(page, 'documento-nfse-substituida-cancelamento');
    await detail.getByRole('button', { name: 'Cancelar documento…' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancelar NFS-e nº ${velha.numero}?` });
    expect(await dialog.textContent()).toContain('É um cancelamento por substituição');
    await dialog.getByRole('button', { name: 'Cancelar documento' }).click();

    // The old one: cancelled by substitution, naming the new one; its event is 105102 with the substitute's key.
    await page.getByRole('heading', { name: `NFS-e nº ${velha.numero}, série 1 — Cancelado` }).waitFor();
    const substituida = detail.getByRole('region', { name: 'Substituição' });
    await substituida.getByText(`Cancelado por substituição: NFS-e nº ${nova}, série 1`).waitFor();
    expect(spaceless(await substituida.textContent())).toContain(novaDoc.chaveAcesso);
    await detail.locator('.eventos').getByText('Cancelamento por substituição').waitFor();
    expect(await detail.getByRole('button', { name: 'Emitir NFS-e substituta…' }).count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'documento-nfse-substituida');
    const velhaDoc = (await rest('GET', `${DOCUMENTOS}/${velha.id}`, { bearer: admin })).body.dados;
    expect(velhaDoc).toMatchObject({ situacao: 'CANCELADO', chaveSubstituta: novaDoc.chaveAcesso });
    const evento = String((await rest('GET', `${DOCUMENTOS}/${velha.id}/cancelamento.xml`, { bearer: admin })).body);
    expect(evento).toContain('105102');
    expect(evento).toContain(`<chSubstituta>${novaDoc.chaveAcesso}</chSubstituta>`);

    // Back to the new one: the replaced NFS-e now reads cancelled, and nothing is left to do.
    await substituida.getByRole('button', { name: 'Abrir o documento substituto' }).click();
    await page.getByRole('heading', { name: `NFS-e nº ${nova}, série 1 — Autorizado` }).waitFor();
    await detail.getByRole('region', { name: 'Substituição' }).getByText('(cancelado)').waitFor();
    expect(await detail.getByRole('button', { name: 'Cancelar a NFS-e substituída…' }).count()).toBe(0);
    // The list shows both as they are.
    expect(await page.locator(`tr[data-documento-id="${velha.id}"] .selo`).textContent()).toBe('Cancelado');
    expect(await page.locator(`tr[data-documento-id="${novaId}"] .selo`).textContent()).toBe('Autorizado');
  });

  itRequestedOnlyTheGateway(fixture);
});
