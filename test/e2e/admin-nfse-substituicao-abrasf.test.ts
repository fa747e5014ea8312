import type { Page } from 'playwright-core';
import { rest } from '../support/env';
import { seriousAccessibilityViolations } from './admin-browser';
import { adminPage, itRequestedOnlyTheGateway } from './admin-fixtures';
import { emitirSubstituta } from './admin-nfse-substituta';
import { DOCUMENTOS, emitir } from './fiscal-helpers';
import { empresaAbrasf, rpsServico } from './nfse-abrasf-helpers';
import { estado } from './sefaz-helpers';

/**
 * The same substitution through the page at an ABRASF 2.04 city (the local authority's ABRASF stand-in): the key
 * is the city's <IBGE>-<number>-<code>; the issue is a SubstituirNfse, which cancels the old NFS-e at the city, so
 * the page says so, and the old one's cancellation by substitution sends nothing (it reads the city back).
 */
jest.setTimeout(120_000);

const fixture = adminPage('admin-page-nfse-subst-abrasf', { signedIn: true });
let page: Page;
let admin: string;
let cnpj: string;

beforeAll(async () => {
  ({ page, admin } = fixture);
  ({ cnpj } = await empresaAbrasf('ABRASF_2_04', fixture.companyId));
});

describe('admin page - NFS-e substitution at an ABRASF city', () => {
  it('admin page - substitutes an ABRASF NFS-e from its detail: the city key in the form, the city already cancelled it, the old one then recorded without a call', async () => {
    // 10 hours at R$ 120,00 = R$ 1.200,00, when 8 hours were worked.
    const velha = (await emitir(admin, rpsServico())).body.dados as { id: string; chaveAcesso: string; numero: number; protocolo: string };
    expect(velha.chaveAcesso).toMatch(/^3106200-\d+-[0-9A-Z]{9}$/);

    await page.getByRole('link', { name: 'Documentos fiscais' }).click();
    await page.getByRole('button', { name: `Abrir NFS-e número ${velha.numero}` }).click();
    await page.getByRole('heading', { name: `NFS-e nº ${velha.numero}, série 1 — Autorizado` }).waitFor();
    await page.locator('.detalhe').getByRole('button', { name: 'Emitir NFS-e substituta…' }).click();
    await page.getByRole('heading', { name: 'Emitir NFS-e substituta' }).waitFor();
    const form = page.getByRole('form', { name: 'Emitir documento fiscal' });
    // The city's key as it is (no grouping: it is not the national 50 digits).
    expect(await form.getByLabel('Chave da NFS-e substituída (opcional)').inputValue()).toBe(velha.chaveAcesso);
    await form.getByLabel('Quantidade').fill('8');
    // 8 x 120,00 = 960,00.
    expect(await page.locator('.total-itens').textContent()).toContain('960,00');

    const { nova, novaId, detail, substituicao } = await emitirSubstituta(page, velha);
    expect(await substituicao.locator('p').first().textContent()).toBe(`Esta NFS-e substitui a NFS-e nº ${velha.numero}, série 1 de chave ${velha.chaveAcesso} (autorizado).`);
    expect(await substituicao.textContent()).toContain('A prefeitura já cancelou a NFS-e substituída ao processar a substituição (SubstituirNfse)');
    expect(String((await rest('GET', `${DOCUMENTOS}/${novaId}/xml`, { bearer: admin })).body)).toContain(`<NfseSubstituida>${velha.protocolo}</NfseSubstituida>`);
    // One GerarNfse and one SubstituirNfse; no CancelarNfse.
    expect((await estado(cnpj)).chamadas).toMatchObject({ SefinNfse: 2 });

    await substituicao.getByRole('button', { name: 'Cancelar a NFS-e substituída…' }).click();
    await page.getByRole('heading', { name: `NFS-e nº ${velha.numero}, série 1 — Autorizado` }).waitFor();
    expect(await detail.getByLabel('Chave da NFS-e que substitui esta').inputValue()).not.toBe('');
    await detail.getByRole('button', { name: 'Cancelar documento…' }).click();
    await page.getByRole('dialog', { name: `Cancelar NFS-e nº ${velha.numero}?` }).getByRole('button', { name: 'Cancelar documento' }).click();
    await page.getByRole('heading', { name: `NFS-e nº ${velha.numero}, série 1 — Cancelado` }).waitFor();
    await detail.getByRole('region', { name: 'Substituição' }).getByText(`Cancelado por substituição: NFS-e nº ${nova}, série 1`).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Read back from the city (ConsultarNfsePorRps), no cancellation sent.
    expect((await estado(cnpj)).chamadas.SefinEventos ?? 0).toBe(0);
    const lida = (await rest('GET', `${DOCUMENTOS}/${velha.id}`, { bearer: admin })).body.dados;
    expect(lida).toMatchObject({ situacao: 'CANCELADO', chaveSubstituta: expect.stringMatching(/^3106200-/) });
  });

  itRequestedOnlyTheGateway(fixture);
});
