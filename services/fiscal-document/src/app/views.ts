import type { ModeloDocumento, SituacaoDocumento } from '@erp/contracts';
import { prazoCancelamento } from '@erp/fiscal-rules';
import { reais } from '../domain/money';
import type { DocumentoRecord } from '../store/document-model';

/** A fiscal document as GraphQL and REST show it (money in reais, dates as instants). */
export interface DocumentoFiscalView {
  id: string;
  referencia: string;
  modelo: ModeloDocumento;
  serie: number;
  numero: number;
  chaveAcesso: string;
  situacao: SituacaoDocumento;
  ambiente: string;
  emitidoEm: Date;
  autorizadoEm: Date | null;
  protocolo: string | null;
  cStat: string | null;
  motivo: string | null;
  emitenteCnpj: string;
  destinatarioDocumento: string | null;
  valorTotal: number;
  impostos: { tributo: string; base: number; aliquota: number; valor: number; informativo: boolean }[];
  simplesRemessa: boolean;
  prazoCancelamento: Date | null;
  canceladoEm: Date | null;
  justificativaCancelamento: string | null;
  protocoloCancelamento: string | null;
  entregueEm: Date | null;
  servicoIniciadoEm: Date | null;
  competencia: string | null;
  modalidadeFrete: number | null;
}

/**
 * Until when the document may still be cancelled, or null once it may not: not authorized, goods delivered,
 * transport started, or the deadline passed.
 */
export function cancelavelAte(doc: DocumentoRecord, agora: Date): Date | null {
  if (doc.situacao !== 'AUTORIZADO' || !doc.autorizadoEm || doc.entregueEm || doc.servicoIniciadoEm) return null;
  const prazo = prazoDoDocumento(doc);
  return agora.getTime() < prazo.getTime() ? prazo : null;
}

/** The deadline fixed at authorization; computed the same way for a document that predates the field. */
export function prazoDoDocumento(doc: DocumentoRecord): Date {
  if (doc.prazoCancelamentoAte) return new Date(doc.prazoCancelamentoAte);
  return prazoCancelamento({ modelo: doc.modelo, autorizadoEm: doc.autorizadoEm!, competencia: doc.competencia }, doc.prazosCancelamento ?? {});
}

export function documentView(doc: DocumentoRecord, agora: Date): DocumentoFiscalView {
  return {
    id: doc._id,
    referencia: doc.referencia,
    modelo: doc.modelo,
    serie: doc.serie,
    numero: doc.numero ?? 0,
    chaveAcesso: doc.chaveAcesso ?? '',
    // PROCESSANDO is never shown: such a document is answered only once it is decided.
    situacao: doc.situacao === 'PROCESSANDO' ? 'REJEITADO' : doc.situacao,
    ambiente: doc.ambiente,
    emitidoEm: doc.emitidoEm,
    autorizadoEm: doc.autorizadoEm,
    protocolo: doc.protocolo,
    cStat: doc.cStat,
    motivo: doc.motivo,
    emitenteCnpj: doc.emitenteCnpj,
    destinatarioDocumento: doc.destinatario?.documento ?? null,
    valorTotal: reais(doc.valorTotalCentavos),
    impostos: doc.impostos.map((i) => ({ tributo: i.tributo, base: reais(i.baseCentavos), aliquota: i.aliquota, valor: reais(i.valorCentavos), informativo: i.informativo })),
    simplesRemessa: doc.simplesRemessa,
    prazoCancelamento: cancelavelAte(doc, agora),
    canceladoEm: doc.canceladoEm,
    justificativaCancelamento: doc.justificativaCancelamento,
    protocoloCancelamento: doc.protocoloCancelamento,
    entregueEm: doc.entregueEm,
    servicoIniciadoEm: doc.servicoIniciadoEm,
    competencia: doc.competencia,
    modalidadeFrete: doc.modalidadeFrete ?? null,
  };
}
