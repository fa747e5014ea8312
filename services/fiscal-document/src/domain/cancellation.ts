import type { ModeloDocumento, PrazosCancelamento } from '@erp/contracts';
import { PRAZO_CANCELAMENTO_SUBSTITUICAO_NFCE, prazoCancelamento, temControle } from '@erp/fiscal-rules';

/**
 * Can this document still be cancelled, and until when: the one rule read by the document's view (its
 * `prazoCancelamento`), the cancellation use case and its refusals. Pure; the instant comes from the caller's clock.
 */

/** What the rule reads of a stored document. */
export interface DocumentoCancelavel {
  modelo: ModeloDocumento;
  situacao: string;
  autorizadoEm: Date | null;
  entregueEm: Date | null;
  servicoIniciadoEm: Date | null;
  /** Fixed at authorization from the legal rule and the company's own deadlines. */
  prazoCancelamentoAte: Date | null;
  /** The company's deadlines when the document was issued (documents from before `prazoCancelamentoAte`). */
  prazosCancelamento?: PrazosCancelamento | null;
  competencia: string | null;
}

/** The deadline fixed at authorization; computed the same way for a document that predates the field. */
export function prazoDoDocumento(doc: DocumentoCancelavel): Date {
  if (doc.prazoCancelamentoAte) return new Date(doc.prazoCancelamentoAte);
  return prazoCancelamento({ modelo: doc.modelo, autorizadoEm: doc.autorizadoEm!, competencia: doc.competencia }, doc.prazosCancelamento ?? {});
}

/**
 * Until when (exclusive) the document may still be cancelled, or null once it may not: not authorized, goods
 * delivered, transport started, or the deadline passed.
 */
export function cancelavelAte(doc: DocumentoCancelavel, agora: Date): Date | null {
  if (doc.situacao !== 'AUTORIZADO' || !doc.autorizadoEm || doc.entregueEm || doc.servicoIniciadoEm) return null;
  const prazo = prazoDoDocumento(doc);
  return agora.getTime() < prazo.getTime() ? prazo : null;
}

/** Why a document cannot be cancelled now. */
export type Impedimento =
  | { motivo: 'JA_CANCELADO' }
  | { motivo: 'NAO_AUTORIZADO'; situacao: string }
  | { motivo: 'MERCADORIA_ENTREGUE'; em: Date }
  | { motivo: 'SERVICO_INICIADO'; em: Date }
  | { motivo: 'PRAZO_EXPIRADO'; prazo: Date };

/**
 * The impediment to cancelling the document at `agora`, or null when it may be cancelled. An NFC-e cancelled by
 * substitution (event 110112) has its own window, 168 h after authorization, not the 30 minutes of the ordinary
 * cancellation.
 */
export function impedimentoCancelamento(doc: DocumentoCancelavel, agora: Date, porSubstituicao = false): Impedimento | null {
  if (doc.situacao === 'CANCELADO') return { motivo: 'JA_CANCELADO' };
  if (doc.situacao !== 'AUTORIZADO' || !doc.autorizadoEm) return { motivo: 'NAO_AUTORIZADO', situacao: doc.situacao };
  if (doc.modelo === 'NFE' && doc.entregueEm) return { motivo: 'MERCADORIA_ENTREGUE', em: new Date(doc.entregueEm) };
  if (doc.modelo === 'CTE' && doc.servicoIniciadoEm) return { motivo: 'SERVICO_INICIADO', em: new Date(doc.servicoIniciadoEm) };
  // The NFS-e's substitution (105102) keeps the city's deadline of the ordinary cancellation.
  if (porSubstituicao && doc.modelo === 'NFCE') {
    const prazo = new Date(new Date(doc.autorizadoEm).getTime() + PRAZO_CANCELAMENTO_SUBSTITUICAO_NFCE.horas * 3_600_000);
    return agora.getTime() >= prazo.getTime() ? { motivo: 'PRAZO_EXPIRADO', prazo } : null;
  }
  return cancelavelAte(doc, agora) ? null : { motivo: 'PRAZO_EXPIRADO', prazo: prazoDoDocumento(doc) };
}

/** The justification of a cancellation (or voiding): 15 to 255 characters after trimming (spec 4.2, XSD `TJust`). */
export function justificativaValida(valor: unknown): string | null {
  if (typeof valor !== 'string') return null;
  const limpa = valor.trim();
  return limpa.length >= 15 && limpa.length <= 255 && !temControle(limpa) ? limpa : null;
}
