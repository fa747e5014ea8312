import type { DocumentoFiscal, ModeloDocumento } from '@erp/contracts';
import { cancelavelAte } from '../domain/cancellation';
import { reais } from '../domain/money';
import type { DocumentoRecord, InutilizacaoRecord } from '../store/document-model';

/** A fiscal document as GraphQL and REST show it: the contract's one declaration (`documentoFiscalSchema`). */
export type DocumentoFiscalView = DocumentoFiscal;

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
    destinatarioNome: doc.destinatario?.nome ?? null,
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
    chaveNfseSubstituida: doc.chaveNfseSubstituida ?? null,
    chaveSubstituta: doc.chaveSubstituta ?? null,
  };
}

/** A voiding as GraphQL and REST show it. */
export interface InutilizacaoView {
  id: string;
  modelo: ModeloDocumento;
  serie: number;
  de: number;
  ate: number;
  ambiente: string;
  situacao: 'PENDENTE' | 'INUTILIZADA' | 'RECUSADA';
  origem: 'AUTOMATICA' | 'MANUAL';
  justificativa: string;
  cStat: string | null;
  motivo: string | null;
  protocolo: string | null;
  criadoEm: Date;
  inutilizadaEm: Date | null;
  /**
   * Refused by SEFAZ in the scheduled job, and its numbers are still burned: the job will not ask again, so a
   * person must find out why and void them on demand before the 10th of the next month.
   */
  aguardaDecisao: boolean;
}

export function inutilizacaoView(r: InutilizacaoRecord, aguardaDecisao = false): InutilizacaoView {
  return {
    id: r._id,
    modelo: r.modelo,
    serie: r.serie,
    de: r.de,
    ate: r.ate,
    ambiente: r.ambiente,
    // DESCARTADA is never listed: nothing was sent.
    situacao: r.situacao === 'DESCARTADA' ? 'RECUSADA' : r.situacao,
    origem: r.origem,
    justificativa: r.justificativa,
    cStat: r.cStat,
    motivo: r.motivo,
    protocolo: r.protocolo,
    criadoEm: r.criadoEm,
    inutilizadaEm: r.inutilizadaEm,
    aguardaDecisao,
  };
}
