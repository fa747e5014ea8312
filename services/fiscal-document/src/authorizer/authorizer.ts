import type { AlteracaoCte, Ambiente, CampoInvalido, ConfiguracaoFiscalCompartilhada, ModeloDocumento } from '@erp/contracts';
import type { DocumentoRecord } from '../store/document-model';

/**
 * The authorizer port: what issuing, cancelling and voiding need from SEFAZ (or the municipality for the
 * NFS-e). Answers carry SEFAZ's own status code (`cStat`, 3-4 digits, as text) and a `desfecho` decided on it,
 * never on message texts. Two implementations: the local authorizer (development and tests, HOMOLOGAÇÃO only)
 * and the SEFAZ adapter (NF-e and NFC-e over SOAP 1.2 with mutual TLS, through the settings service's relay).
 *
 * What is transmitted is prepared first (`preparar*`: the signed XML) and stored by the caller before it is
 * sent, so a resend after a lost answer is byte-identical and the key never changes.
 */
export interface PedidoAutorizacao {
  companyId: string;
  ambiente: Ambiente;
  uf: string;
  chaveAcesso: string;
  cnpj: string;
  modelo: ModeloDocumento;
  serie: number;
  numero: number;
  emitidoEm: Date;
  valorTotalCentavos: number;
  /** The items' NCMs (the SEFAZ adapter sends them inside the XML; the local authorizer checks them here). */
  ncms: string[];
  /** The signed NF-e (SEFAZ); null for the local authorizer. */
  xmlAssinado: string | null;
  /**
   * A retry of a document whose earlier answer was lost: ask SEFAZ by key first and send again (the same
   * signed XML) only if SEFAZ does not have it.
   */
  retomada: boolean;
}

/**
 * `INCERTO`: SEFAZ's outcome is not known (no answer, and the query by key did not tell): the document keeps
 * its number and stays pending until a query resolves it.
 */
export type Desfecho = 'AUTORIZADO' | 'DENEGADO' | 'REJEITADO' | 'INCERTO';

export interface RespostaAutorizacao {
  desfecho: Desfecho;
  /** The deciding cStat; null when nothing was answered. */
  cStat: string | null;
  xMotivo: string;
  protocolo: string | null;
  autorizadoEm: Date | null;
  /** The distribution XML (`nfeProc`: the signed NF-e with SEFAZ's protocol), for an authorized or denied NF-e. */
  xmlAutorizado: string | null;
  /** NFS-e: the key the authority generated (Sefin's 50 digits), adopted by the document. */
  chaveAcesso?: string;
}

export interface PedidoCancelamento {
  companyId: string;
  ambiente: Ambiente;
  uf: string;
  cnpj: string;
  chaveAcesso: string;
  modelo: ModeloDocumento;
  protocolo: string;
  justificativa: string;
  solicitadoEm: Date;
  /** NFC-e cancelled by substitution (event 110112): the key of the authorized NFC-e that replaces it; null: 110111. */
  chNFeRef: string | null;
  /** The signed event 110111 or 110112 (SEFAZ); null for the local authorizer. */
  xmlAssinado: string | null;
  /** The document's RPS (an ABRASF NFS-e's cancellation is queried by the provider's CNPJ, series and number). */
  rps?: { cnpj: string; serie: number; numero: number };
  /** An NFS-e cancellation's reason (1, 2, 9); absent: 9 (other). */
  motivo?: '1' | '2' | '9' | null;
}

/**
 * `NAO_REGISTRADO` (a query's answer only): SEFAZ holds the document authorized and no cancellation of it, so
 * a cancellation whose answer was lost never arrived and may be asked again.
 */
export type DesfechoCancelamento = 'REGISTRADO' | 'RECUSADO' | 'PRAZO_EXPIRADO' | 'NAO_REGISTRADO' | 'INCERTO';

export interface RespostaCancelamento {
  desfecho: DesfechoCancelamento;
  /** `135` registered, `155` registered out of deadline: both cancel the document. */
  cStat: string | null;
  xMotivo: string;
  protocolo: string | null;
  registradoEm: Date | null;
  /** `procEventoNFe`: the signed event with SEFAZ's answer. */
  xmlEvento: string | null;
}

/** What a query by key needs to tell whether a document's cancellation is registered. */
export type ConsultaCancelamento = Pick<PedidoCancelamento, 'companyId' | 'ambiente' | 'uf' | 'chaveAcesso' | 'modelo' | 'rps'>;

export interface PedidoInutilizacao {
  companyId: string;
  ambiente: Ambiente;
  uf: string;
  cnpj: string;
  modelo: ModeloDocumento;
  serie: number;
  de: number;
  ate: number;
  /** Year of the numbers (two digits in the request). */
  ano: number;
  justificativa: string;
  /** The signed `inutNFe` (SEFAZ); null for the local authorizer. */
  xmlAssinado: string | null;
}

export interface RespostaInutilizacao {
  desfecho: 'INUTILIZADA' | 'RECUSADA' | 'INCERTO';
  cStat: string | null;
  xMotivo: string;
  protocolo: string | null;
  registradoEm: Date | null;
  /** `ProcInutNFe`. */
  xml: string | null;
}

/**
 * A correction letter (CC-e, event 110110): the NF-e's `correcao` text, or the CT-e's `alteracoes`; the sequence
 * (1-20) was claimed by the caller before anything is signed, so two letters never share one.
 */
export interface PedidoCorrecao {
  companyId: string;
  ambiente: Ambiente;
  uf: string;
  cnpj: string;
  chaveAcesso: string;
  modelo: ModeloDocumento;
  sequencia: number;
  correcao: string | null;
  alteracoes: AlteracaoCte[] | null;
  solicitadoEm: Date;
  /** The signed event (SEFAZ); null for an authorizer that signs nothing. */
  xmlAssinado: string | null;
}

/** `REGISTRADA` (135, 136), `RECUSADA` (any other cStat), `INCERTO` (no answer, and a query did not tell). */
export interface RespostaCorrecao {
  desfecho: 'REGISTRADA' | 'RECUSADA' | 'INCERTO';
  cStat: string | null;
  xMotivo: string;
  protocolo: string | null;
  registradoEm: Date | null;
  /** `procEventoNFe`: the signed event with the authorizer's answer. */
  xmlEvento: string | null;
}

/** Whom NFeStatusServico4 (CT-e: CTeStatusServicoV4) asks: the authorizer of the issuer's UF for a model and environment. */
export interface PedidoStatus {
  companyId: string;
  uf: string;
  ambiente: Ambiente;
  modelo: ModeloDocumento;
  /** CT-e only: the CT-e OS (model 67) authorizer's CTeStatusServicoV4 instead of the CT-e's (57). */
  cteOs?: boolean;
}

export interface RespostaStatus {
  /** 107 in operation; 108/109 paralysed; null: no answer. */
  cStat: string | null;
  xMotivo: string;
}

export interface Autorizador {
  /** `sefaz` or `local`: shown to people (`statusSefaz`), never branched on. */
  readonly nome: string;
  /**
   * Whether it transmits the document's XML: the emission then needs what the XML carries (the issuer's name, IE and
   * address, the NF-e recipient's address, ICMS situations the builder writes) before a number is taken.
   */
  readonly transmiteXml: boolean;
  /**
   * The fields of a claimed, not yet numbered document whose XML would break the official schema (built with a
   * provisional number), or none: checked before a number is taken, so such a document burns none.
   */
  conferirLeiaute(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada): Promise<CampoInvalido[]>;
  /**
   * The signed NF-e (with `infNFeSupl` for an NFC-e) of a numbered document, validated against the official schema
   * before it is signed (XML_FORA_DO_LEIAUTE otherwise), or null when nothing is signed.
   */
  prepararAutorizacao(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada): Promise<string | null>;
  autorizar(pedido: PedidoAutorizacao): Promise<RespostaAutorizacao>;
  prepararCancelamento(pedido: Omit<PedidoCancelamento, 'xmlAssinado'>): Promise<string | null>;
  cancelar(pedido: PedidoCancelamento): Promise<RespostaCancelamento>;
  /**
   * Asks, without sending anything, whether the document's cancellation is registered: `REGISTRADO` (with the
   * event), `NAO_REGISTRADO`, or `INCERTO` (no answer). Settles a cancellation whose answer was lost.
   */
  consultarCancelamento(pedido: ConsultaCancelamento): Promise<RespostaCancelamento>;
  prepararInutilizacao(pedido: Omit<PedidoInutilizacao, 'xmlAssinado'>): Promise<string | null>;
  inutilizar(pedido: PedidoInutilizacao): Promise<RespostaInutilizacao>;
  /** NFeStatusServico4: is the authorizer in operation (107)? */
  statusServico(pedido: PedidoStatus): Promise<RespostaStatus>;
  /** The signed correction letter (event 110110); absent where the authorizer has no correction letter. */
  prepararCorrecao?(pedido: Omit<PedidoCorrecao, 'xmlAssinado'>): Promise<string | null>;
  corrigir?(pedido: PedidoCorrecao): Promise<RespostaCorrecao>;
}

/**
 * Which authorizer serves a document of a model in an environment, or null when none does in this deployment
 * (the emission is then refused with `AUTORIZADOR_INDISPONIVEL`).
 */
export type EscolhaAutorizador = (modelo: ModeloDocumento, ambiente: Ambiente) => Autorizador | null;
