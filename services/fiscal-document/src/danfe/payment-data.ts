import { MEIOS_PAGAMENTO } from '@erp/contracts';
import type { Element } from '@xmldom/xmldom';
import type { DocumentoRecord } from '../store/document-model';
import { NS_NFE } from '../xml/nfe';

/** The DANFCE's "FORMA DE PAGAMENTO" lines (Manual do DANFE NFC-e, division III) and the change. */
export interface PagamentosDanfe {
  pagamentos: { rotulo: string; valorCentavos: number }[];
  trocoCentavos: number;
}

/** The label of a tPag (the NT's table); with 99 the xPag written, else "Outros". */
export function rotuloPagamento(tPag: string, xPag: string | null): string {
  if (tPag === '99') return xPag ?? 'Outros';
  return (MEIOS_PAGAMENTO as Record<string, string>)[tPag] ?? `Meio ${tPag}`;
}

const texto = (pai: Element, nome: string): string | null => pai.getElementsByTagNameNS(NS_NFE, nome).item(0)?.textContent?.trim() ?? null;
/** "12.34" -> 1234, exact (the XML's TDec_1302). */
const centavosDe = (valor: string | null): number => {
  if (!valor) return 0;
  const [inteira, fracao = ''] = valor.split('.');
  return Number(inteira) * 100 + Number(fracao.padEnd(2, '0').slice(0, 2));
};

/** From the authorized XML: each detPag and vTroco. */
export function pagamentosDoXml(pag: Element | null, vNfCentavos: number): PagamentosDanfe {
  if (!pag) return { pagamentos: [{ rotulo: 'Outros', valorCentavos: vNfCentavos }], trocoCentavos: 0 };
  const dets = pag.getElementsByTagNameNS(NS_NFE, 'detPag');
  const pagamentos = Array.from({ length: dets.length }, (_, i) => dets.item(i)!).map((d) => ({
    rotulo: rotuloPagamento(texto(d, 'tPag') ?? '99', texto(d, 'xPag')),
    valorCentavos: centavosDe(texto(d, 'vPag')),
  }));
  return { pagamentos, trocoCentavos: centavosDe(texto(pag, 'vTroco')) };
}

/** From the stored document (no XML yet): as the builder writes them (`xml/nfe/payment.ts`). */
export function pagamentosDoRegistro(doc: DocumentoRecord, vNfCentavos: number): PagamentosDanfe {
  if (!doc.pagamentos || doc.pagamentos.length === 0) return { pagamentos: [{ rotulo: 'Outros', valorCentavos: vNfCentavos }], trocoCentavos: 0 };
  const pagamentos = doc.pagamentos.map((p) => ({ rotulo: rotuloPagamento(p.meio, p.descricao), valorCentavos: p.valorCentavos }));
  const troco = pagamentos.reduce((t, p) => t + p.valorCentavos, 0) - vNfCentavos;
  return { pagamentos, trocoCentavos: Math.max(0, troco) };
}
