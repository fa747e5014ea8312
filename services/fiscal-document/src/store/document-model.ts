import type { Ambiente, DifalCalculado, IcmsCalculado, ModeloDocumento, PrazosCancelamento } from '@erp/contracts';
import type { OutboxEntry } from '@erp/kit';
import type { DadosCte, DadosCteOs, DestinatarioValido, Exportacao, ItemValido, ModalidadeFrete, PagamentoValido } from '../domain/emission-input';
import type { AlteracaoCte } from '../domain/cte-correction';
import type { MotivoCancelamentoNfse } from '../domain/nfse-chave';
import type { ImpostoDocumento } from '../domain/taxes';
import type { ModeloNumeracao } from '../domain/access-key';

/**
 * `PROCESSANDO` is internal: a document between its claim and its transmission, never listed. `PENDENTE`: sent
 * and SEFAZ's answer is not known yet (a query resolves it; its number is kept). `DENEGADO`: use denied.
 */
export type SituacaoInterna = 'PROCESSANDO' | 'PENDENTE' | 'AUTORIZADO' | 'DENEGADO' | 'CANCELADO' | 'REJEITADO';

/**
 * One fiscal document, `_id` derived from company + `referencia`, so inserting it is the claim of the
 * reference: the same `referencia` twice, even at once, gives one document.
 */
export interface DocumentoRecord {
  _id: string;
  companyId: string;
  referencia: string;
  /** SHA-256 of the normalized input: the same reference with another content is refused. */
  impressao: string;
  modelo: ModeloDocumento;
  serie: number;
  ambiente: Ambiente;
  situacao: SituacaoInterna;
  numero: number | null;
  chaveAcesso: string | null;
  /**
   * The random part of the access key (cNF, or the NFS-e code), drawn once at the claim: whoever finishes an
   * abandoned claim builds the same key. Absent on documents claimed before it existed (their key was random).
   */
  sementeChave?: string;
  emitidoEm: Date;
  emitenteCnpj: string;
  emitenteUf: string;
  emitenteMunicipio: string;
  destinatario: DestinatarioValido | null;
  itens: ItemValido[];
  valorTotalCentavos: number;
  impostos: ImpostoDocumento[];
  /**
   * Each item's own tax lines as the tax engine computed them (the NF-e XML carries them per item); wrapped in
   * objects because FerretDB 1.24 stores no nested arrays.
   */
  impostosPorItem?: { linhas: ImpostoDocumento[]; difal?: DifalCalculado | null; icms?: IcmsCalculado | null }[];
  /** When it was last sent to SEFAZ (the signed XML is stored before); null before any transmission. */
  transmitidoEm?: Date | null;
  simplesRemessa: boolean;
  chaveCteReferenciada: string | null;
  chavesNfeTransportadas: string[];
  competencia: string | null;
  /** NFS-e: the key of the NFS-e this one replaces (DPS `subst`); absent on documents issued before it existed. */
  chaveNfseSubstituida?: string | null;
  /**
   * Cancelled by substitution (NFC-e 110112, NFS-e 105102): the key of the document issued in its place (the claim's
   * chNFeRef); absent otherwise and on documents cancelled before it was stored.
   */
  chaveSubstituta?: string | null;
  /** NF-e `modFrete` (0-4, 9); null for the other models. Absent on documents issued before it was stored. */
  modalidadeFrete?: ModalidadeFrete | null;
  /** NF-e / NFC-e means of payment as validated; absent or null: 99 (outros) for the whole value. */
  pagamentos?: PagamentoValido[] | null;
  /** NF-e to a recipient abroad: the `exporta` group as issued. */
  exportacao?: Exportacao | null;
  /** CT-e: the transport service as validated (`domain/emission-input/cte.ts`); absent on other models. */
  cte?: DadosCte | null;
  /** CT-e OS (model 67): the passenger transport service as validated (`domain/emission-input/cte-os.ts`). */
  cteOs?: DadosCteOs | null;
  /** The company's own deadlines when the document was issued (a later settings change does not move them). */
  prazosCancelamento: PrazosCancelamento;
  /** Until when it may be cancelled, fixed at authorization from the rule and the company's deadlines. */
  prazoCancelamentoAte: Date | null;
  autorizadoEm: Date | null;
  protocolo: string | null;
  /** SEFAZ status code as text (3-4 digits). */
  cStat: string | null;
  motivo: string | null;
  canceladoEm: Date | null;
  justificativaCancelamento: string | null;
  protocoloCancelamento: string | null;
  entregueEm: Date | null;
  servicoIniciadoEm: Date | null;
  criadoEm: Date;
  criadoPor: string;
}

/**
 * The XML kept with a document, `_id` = `<documentoId>:<tipo>`, written once by insert: the signed NF-e before
 * it is sent (a resend is the same bytes), the authorized `nfeProc` after, the signed cancellation event
 * before it is sent and its `procEventoNFe` after. Apart from the document so lists and reads stay light.
 */
export type TipoXml = 'NFE_ASSINADA' | 'NFE_PROC' | 'CANCELAMENTO_ASSINADO' | 'CANCELAMENTO_PROC' | 'CARTA_CORRECAO_ASSINADA' | 'CARTA_CORRECAO_PROC';

export interface XmlRecord {
  _id: string;
  documentoId: string;
  companyId: string;
  tipo: TipoXml;
  xml: string;
  em: Date;
}

/**
 * A voiding (inutilização) of a range of a series, `_id` = `<serie key>|<de>-<ate>|<attempt>` (a refused range may be
 * asked again later, so each attempt is its own record); each number of the range is claimed by the voiding
 * (`InutilizacaoNumeroRecord`) before anything is sent, so two voidings never overlap, whatever the replicas. The
 * event travels in `outbox`, set with the outcome; the relay's `complete` marks the numbers `INUTILIZADO`.
 */
export interface InutilizacaoRecord {
  _id: string;
  companyId: string;
  ambiente: Ambiente;
  emitenteCnpj: string;
  emitenteUf: string;
  modelo: ModeloDocumento;
  serie: number;
  de: number;
  ate: number;
  /** Year of the numbers, as the request needs it. */
  ano: number;
  justificativa: string;
  origem: 'AUTOMATICA' | 'MANUAL';
  /** The user who asked (`inutilizacao-automatica` for the scheduled job). */
  criadoPor: string;
  /**
   * `PENDENTE`: asked and not answered yet (the numbers are held; the job sends the same signed request again);
   * `DESCARTADA`: its numbers were taken by another voiding before anything was sent.
   */
  situacao: 'PENDENTE' | 'INUTILIZADA' | 'RECUSADA' | 'DESCARTADA';
  cStat: string | null;
  motivo: string | null;
  protocolo: string | null;
  xmlAssinado: string | null;
  xml: string | null;
  criadoEm: Date;
  inutilizadaEm: Date | null;
  outbox?: OutboxEntry;
}

/** A number held by a voiding: `_id` = `<serie key>|<numero>`; kept for good once the voiding succeeded. */
export interface InutilizacaoNumeroRecord {
  _id: string;
  inutilizacaoId: string;
}

/** A number taken for a series: claimed by insert, so no number is given twice; burned ones are kept to void. */
export interface NumeroRecord {
  _id: string;
  companyId: string;
  ambiente: Ambiente;
  modelo: ModeloNumeracao;
  serie: number;
  numero: number;
  documentoId: string;
  /**
   * `A_INUTILIZAR`: taken and never authorized (it must be voided with SEFAZ before the 10th of next month);
   * `INUTILIZADO` once SEFAZ registered it. A denied NF-e's number stays `USADO` (it cannot be voided).
   */
  situacao: 'USADO' | 'A_INUTILIZAR' | 'INUTILIZADO';
  em: Date;
  /**
   * SEFAZ refused the scheduled job's voiding of this number (241, 256...): the job does not ask again every
   * hour; a person looks (`inutilizacoes`, the log) and may void it on demand.
   */
  recusaInutilizacao?: { inutilizacaoId: string; cStat: string | null; em: Date };
}

/**
 * One turn at settling a cancellation claim left open (answer lost, author gone), `_id` = `<documentoId>|<n>`:
 * whoever inserts turn n+1 alone may send, query, release or record for that claim, so a client's retry and
 * the reconciliation (or two replicas of it) never act on the same claim at once. A turn not ended (`fim`) whose
 * holder is older than the bound is taken over by the next turn.
 */
export interface TurnoCancelamentoRecord {
  _id: string;
  documentoId: string;
  n: number;
  em: Date;
  fim?: Date;
}

export type Desfecho = 'CANCELAMENTO' | 'ENTREGA' | 'INICIO_SERVICO';

/**
 * A fact about a document claimed by a unique insert, whose effect (`efeito`, the fields it sets on the
 * document) and event (`outbox`) travel together. `autorizacao:<id>`: the authorization. `desfecho:<id>`: what
 * ended the document's life as authorized: a cancellation, or the delivery of the goods / the start of the
 * transport, which forbid cancelling. One slot for these three, so two of them can never both win.
 */
export interface FatoRecord {
  _id: string;
  documentoId: string;
  companyId: string;
  tipo: 'AUTORIZACAO' | 'DESFECHO' | 'CORRECAO';
  desfecho?: Desfecho;
  /** A correction letter (CC-e): its sequence (1-20, claimed by this fact's `_id`), text and registration. */
  correcao?: { sequencia: number; texto: string; alteracoes?: AlteracaoCte[]; protocolo?: string; registradaEm?: Date; cStat?: string; motivo?: string };
  /** For a cancellation: what was asked, before the authorizer answered. */
  justificativa?: string;
  /** A cancellation sent whose answer was lost: the reconciliation (or asking again) resolves it by a query. */
  incerto?: boolean;
  /** An NFC-e cancellation by substitution (110112): the key of the NFC-e that replaces it. */
  chNFeRef?: string | null;
  /** An NFS-e cancellation's reason (1 error in the issue, 2 service not provided, 9 other); null: 9. */
  motivo?: MotivoCancelamentoNfse | null;
  efeito: Partial<DocumentoRecord> | null;
  outbox?: OutboxEntry;
  em: Date;
}
