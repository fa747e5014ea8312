import type { Locator, Page } from 'playwright-core';

/** The new NFS-e's detail once the substitute form is sent. */
export interface SubstitutaEmitida {
  /** The new NFS-e's number (the old one's next on the series). */
  nova: number;
  novaId: string;
  detail: Locator;
  /** The detail's "Substituição" region, which names the replaced NFS-e. */
  substituicao: Locator;
}

/**
 * Sends the substitute NFS-e's form (filled on the page) and waits for the new one's detail, authorized and naming
 * the NFS-e it replaces; the national and the ABRASF substitution tests go on from there.
 */
export async function emitirSubstituta(page: Page, velha: { numero: number }): Promise<SubstitutaEmitida> {
  await page.getByRole('form', { name: 'Emitir documento fiscal' }).getByRole('button', { name: 'Emitir', exact: true }).click();
  const nova = velha.numero + 1;
  await page.getByRole('heading', { name: `NFS-e nº ${nova}, série 1 — Autorizado` }).waitFor();
  const detail = page.locator('.detalhe');
  const substituicao = detail.getByRole('region', { name: 'Substituição' });
  await substituicao.getByText(`Esta NFS-e substitui a NFS-e nº ${velha.numero}, série 1`).waitFor();
  const novaId = (await page.locator('tr.selecionada').getAttribute('data-documento-id'))!;
  return { nova, novaId, detail, substituicao };
}
