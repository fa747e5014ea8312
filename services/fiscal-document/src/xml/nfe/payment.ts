import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { PagamentoValido } from '../../domain/emission-input';
import { dec2, texto } from '../format';

/**
 * The `pag` group (MOC NF-e 4.00 group YA), in the schema's order: each `detPag` as indPag, tPag, xPag (only with
 * 99, where it is required), vPag and the `card` group (tpIntegra, CNPJ, tBand, cAut); then `vTroco`, the change,
 * = paid - vNF when the payments pass the total (rejections 866 / 869). The emission checked that the payments
 * cover the items (`domain/emission-input/payment.ts`); vNF is the document's total with its taxes.
 * Without payments the document pays "99 - Outros" for its whole value (what it did before the means were asked).
 */
export function escreverPagamentos(inf: XMLBuilder, pagamentos: PagamentoValido[] | null, vNfCentavos: number): void {
  const pag = inf.ele('pag');
  const lista: PagamentoValido[] = pagamentos ?? [{ meio: '99', valorCentavos: vNfCentavos, descricao: 'Outros', aPrazo: false, cartao: null }];
  for (const p of lista) {
    const det = pag.ele('detPag');
    det.ele('indPag').txt(p.aPrazo ? '1' : '0');
    det.ele('tPag').txt(p.meio);
    if (p.meio === '99') det.ele('xPag').txt(texto(p.descricao ?? 'Outros', 60));
    det.ele('vPag').txt(dec2(p.valorCentavos));
    if (p.cartao) {
      const card = det.ele('card');
      // 1: integrated to the sale's software (TEF); 2: a POS apart from it.
      card.ele('tpIntegra').txt(p.cartao.integrado ? '1' : '2');
      if (p.cartao.cnpjCredenciadora) card.ele('CNPJ').txt(p.cartao.cnpjCredenciadora);
      if (p.cartao.bandeira) card.ele('tBand').txt(p.cartao.bandeira);
      if (p.cartao.autorizacao) card.ele('cAut').txt(texto(p.cartao.autorizacao, 128));
    }
  }
  const troco = lista.reduce((t, p) => t + p.valorCentavos, 0) - vNfCentavos;
  if (troco > 0) pag.ele('vTroco').txt(dec2(troco));
}
