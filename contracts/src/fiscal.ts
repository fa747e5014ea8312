import Joi from 'joi';
import { ModelosDocumento, type ModeloDocumento } from './tax';
import { destinatarioEntradaSchema, itemPedidoSchema } from './emission';

/** Codes of the fiscal-document REST and GraphQL surface. */
export const FiscalDocumentErrorCodes = {
  DOCUMENTO_INVALIDO: 'DOCUMENTO_INVALIDO',
  DOCUMENTO_NAO_ENCONTRADO: 'DOCUMENTO_NAO_ENCONTRADO',
  /** A filter of the documents' search (period, model, status, customer, number, key, referencia): `campos` name it. */
  FILTRO_INVALIDO: 'FILTRO_INVALIDO',
  REFERENCIA_REUTILIZADA: 'REFERENCIA_REUTILIZADA',
  CONFIGURACAO_INCOMPLETA: 'CONFIGURACAO_INCOMPLETA',
  CERTIFICADO_AUSENTE: 'CERTIFICADO_AUSENTE',
  CERTIFICADO_EXPIRADO: 'CERTIFICADO_EXPIRADO',
  CERTIFICADO_CNPJ_DIVERGENTE: 'CERTIFICADO_CNPJ_DIVERGENTE',
  AUTORIZADOR_INDISPONIVEL: 'AUTORIZADOR_INDISPONIVEL',
  DOCUMENTO_REJEITADO: 'DOCUMENTO_REJEITADO',
  JUSTIFICATIVA_INVALIDA: 'JUSTIFICATIVA_INVALIDA',
  DOCUMENTO_JA_CANCELADO: 'DOCUMENTO_JA_CANCELADO',
  DOCUMENTO_NAO_AUTORIZADO: 'DOCUMENTO_NAO_AUTORIZADO',
  PRAZO_CANCELAMENTO_EXPIRADO: 'PRAZO_CANCELAMENTO_EXPIRADO',
  MERCADORIA_ENTREGUE: 'MERCADORIA_ENTREGUE',
  SERVICO_INICIADO: 'SERVICO_INICIADO',
  MARCACAO_INVALIDA: 'MARCACAO_INVALIDA',
  EMISSAO_EM_ANDAMENTO: 'EMISSAO_EM_ANDAMENTO',
  /**
   * Another request is cancelling the document right now (its turn is running): not cancelled yet; ask again
   * (`tenteNovamenteEmSegundos`). DOCUMENTO_JA_CANCELADO is only for a cancellation that is recorded.
   */
  CANCELAMENTO_EM_ANDAMENTO: 'CANCELAMENTO_EM_ANDAMENTO',
  /** SEFAZ denied the use of the NF-e (cStat 110, 301, 302): the number is used, the document kept as DENEGADO. */
  DOCUMENTO_DENEGADO: 'DOCUMENTO_DENEGADO',
  /** SEFAZ did not answer a cancellation; the reconciliation (or the same request again) confirms it by a query. */
  CANCELAMENTO_PENDENTE: 'CANCELAMENTO_PENDENTE',
  /** `chNFeRef` of a cancellation by substitution is not an authorized NFC-e of the company (`motivo` says why). */
  CHAVE_SUBSTITUTA_INVALIDA: 'CHAVE_SUBSTITUTA_INVALIDA',
  /** Voiding (inutilização) input: model, series, range or justification. */
  INUTILIZACAO_INVALIDA: 'INUTILIZACAO_INVALIDA',
  /** A number of the range is not one taken and never authorized (only burned numbers are voided here). */
  FAIXA_NAO_INUTILIZAVEL: 'FAIXA_NAO_INUTILIZAVEL',
  /** SEFAZ refused the voiding request (cStat in `extra`). */
  INUTILIZACAO_REJEITADA: 'INUTILIZACAO_REJEITADA',
  /** SEFAZ did not answer the voiding request; the scheduled job retries it. */
  INUTILIZACAO_PENDENTE: 'INUTILIZACAO_PENDENTE',
  /** The document has no XML of that kind (a local-authorizer document, or not authorized yet). */
  XML_INDISPONIVEL: 'XML_INDISPONIVEL',
  /**
   * 422: the XML built from the document breaks the official schema (our fault, logged with the schema error):
   * refused before a number is taken, with `campos` naming the emission's (or the settings') field behind it.
   */
  XML_FORA_DO_LEIAUTE: 'XML_FORA_DO_LEIAUTE',
  /** No DANFE for this document: only NF-e and NFC-e have one here (the CT-e's DACTE and the DANFSE are not produced). */
  DANFE_INDISPONIVEL: 'DANFE_INDISPONIVEL',
  /** 400: the correction letter's text (15-1,000 characters) or body is invalid (`campo` names it). */
  CORRECAO_INVALIDA: 'CORRECAO_INVALIDA',
  /** 422: the correction touches a matter the law forbids to correct (`materias`: VALORES, QUANTIDADES, TRIBUTOS, PARTES, DATAS). */
  CORRECAO_MATERIA_VEDADA: 'CORRECAO_MATERIA_VEDADA',
  /** 422: no correction letter for this document here (a model or authorizer without the event). */
  CORRECAO_INDISPONIVEL: 'CORRECAO_INDISPONIVEL',
  /** 422: the document already has its 20 correction letters. */
  LIMITE_CORRECOES: 'LIMITE_CORRECOES',
  /** 422: the authorizer refused the correction letter (`cStat`, `motivo`). */
  CORRECAO_REJEITADA: 'CORRECAO_REJEITADA',
  /** 503: the authorizer did not answer; the letter keeps its sequence and may be sent again. */
  CORRECAO_PENDENTE: 'CORRECAO_PENDENTE',
  /** 422: a CT-e with a registered correction letter is not cancelled (MOC CT-e rule 523; `cStat` when the authority said it). */
  CARTA_CORRECAO_REGISTRADA: 'CARTA_CORRECAO_REGISTRADA',
} as const;


/** What every event about one fiscal document carries: the event's id (`Nats-Msg-Id`), the company, the document. */
export interface DocumentoFiscalEvento {
  eventId: string;
  companyId: string;
  documentoId: string;
  referencia: string;
  chaveAcesso: string;
  modelo: ModeloDocumento;
  serie: number;
  numero: number;
}

/**
 * Event `ERP_NFE_CANCELADA` on `fiscal.v1.ERP_NFE_CANCELADA` (JetStream, `Nats-Msg-Id` = `eventId`): a fiscal
 * document of any model was cancelled; accounting reverses its posting (spec section 6).
 */
export interface DocumentoCanceladoEvent extends DocumentoFiscalEvento {
  /** Reais, 2 decimals. */
  valorTotal: number;
  autorizadoEm: string;
  canceladoEm: string;
  justificativa: string;
  protocoloCancelamento: string;
  /** NFC-e cancelled by substitution (event 110112): the key of the NFC-e that replaces it. Absent otherwise. */
  chNFeRef?: string;
}

/** Event on `fiscal.v1.ERP_DOCUMENTO_AUTORIZADO`: a document was authorized; accounting posts its revenue. */
export interface DocumentoAutorizadoEvent extends DocumentoFiscalEvento {
  ambiente: string;
  emitenteCnpj: string;
  destinatarioDocumento: string | null;
  valorTotal: number;
  /** Simples Remessa: no revenue, no tax debit on the product value. */
  simplesRemessa: boolean;
  autorizadoEm: string;
  protocolo: string;
  impostos: { tributo: string; valor: number; informativo: boolean }[];
}

/** Who asked for a voiding: the scheduled job (numbers burned by rejections) or a person. */
export const OrigensInutilizacao = ['AUTOMATICA', 'MANUAL'] as const;

/**
 * Event on `fiscal.v1.ERP_NUMERACAO_INUTILIZADA` (JetStream, `Nats-Msg-Id` = `eventId`): SEFAZ registered the
 * voiding (inutilização) of a range of numbers of a series that no document will ever use.
 */
export interface NumeracaoInutilizadaEvent {
  eventId: string;
  companyId: string;
  ambiente: string;
  emitenteCnpj: string;
  modelo: ModeloDocumento;
  serie: number;
  numeroInicial: number;
  numeroFinal: number;
  justificativa: string;
  /** SEFAZ protocol; null when SEFAZ answered that the range was already voided (206/563) without one. */
  protocolo: string | null;
  inutilizadoEm: string;
  origem: (typeof OrigensInutilizacao)[number];
}

export const ModalidadesFrete = ['EMITENTE', 'DESTINATARIO', 'TERCEIROS', 'SEM_FRETE'] as const;

/**
 * Event on `erp.v1.pedido.faturado` (JetStream, `Nats-Msg-Id` = `pedidoId`), published by the ERP when an order
 * is invoiced. With the company's `emissaoAutomatica` on, fiscal-document issues the NF-e with `referencia` =
 * `pedidoId`.
 */
export interface PedidoFaturadoEvent {
  pedidoId: string;
  companyId: string;
  /** `endereco`: the NF-e's enderDest, which SEFAZ requires of an NF-e (fiscal-document checks it as the emission input's). */
  destinatario: {
    documento: string;
    nome?: string;
    uf?: string;
    codigoMunicipio?: string;
    inscricaoEstadual?: string;
    endereco?: { logradouro: string; numero: string; complemento?: string; bairro: string; municipio: string; cep: string; telefone?: string };
  };
  itens: { codigo: string; descricao: string; quantidade: number; valorUnitario: number; unidade?: string; ncm?: string; cfop?: string; cst?: string; csosn?: string }[];
  modalidadeFrete: (typeof ModalidadesFrete)[number];
  faturadoEm: string;
}

const evento = {
  eventId: Joi.string().required(),
  companyId: Joi.string().required(),
  documentoId: Joi.string().required(),
  referencia: Joi.string().required(),
  chaveAcesso: Joi.string().required(),
  modelo: Joi.string()
    .valid(...ModelosDocumento)
    .required(),
  serie: Joi.number().integer().min(0).required(),
  numero: Joi.number().integer().min(1).required(),
  valorTotal: Joi.number().required(),
  autorizadoEm: Joi.string().isoDate().required(),
};

export const documentoCanceladoEventSchema = Joi.object<DocumentoCanceladoEvent>({
  ...evento,
  canceladoEm: Joi.string().isoDate().required(),
  justificativa: Joi.string().min(15).max(255).required(),
  protocoloCancelamento: Joi.string().required(),
  // 44 characters (NFC-e, 110112) or the 50 digits of a substitute NFS-e (105102).
  chNFeRef: Joi.string().pattern(/^([0-9]{6}[0-9A-Z]{12}[0-9]{26}|[0-9]{50})$/),
});

export const documentoAutorizadoEventSchema = Joi.object<DocumentoAutorizadoEvent>({
  ...evento,
  ambiente: Joi.string().required(),
  emitenteCnpj: Joi.string().required(),
  destinatarioDocumento: Joi.string().allow(null).required(),
  simplesRemessa: Joi.boolean().required(),
  protocolo: Joi.string().required(),
  impostos: Joi.array()
    .items(Joi.object({ tributo: Joi.string().required(), valor: Joi.number().required(), informativo: Joi.boolean().required() }))
    .required(),
});

export const numeracaoInutilizadaEventSchema = Joi.object<NumeracaoInutilizadaEvent>({
  eventId: Joi.string().required(),
  companyId: Joi.string().required(),
  ambiente: Joi.string().required(),
  emitenteCnpj: Joi.string().required(),
  modelo: Joi.string()
    .valid(...ModelosDocumento)
    .required(),
  serie: Joi.number().integer().min(0).max(999).required(),
  numeroInicial: Joi.number().integer().min(1).required(),
  numeroFinal: Joi.number().integer().min(Joi.ref('numeroInicial')).required(),
  justificativa: Joi.string().min(15).max(255).required(),
  protocolo: Joi.string().allow(null).required(),
  inutilizadoEm: Joi.string().isoDate().required(),
  origem: Joi.string()
    .valid(...OrigensInutilizacao)
    .required(),
});

export const pedidoFaturadoEventSchema = Joi.object<PedidoFaturadoEvent>({
  pedidoId: Joi.string().min(1).max(60).required(),
  companyId: Joi.string().min(1).max(200).required(),
  destinatario: destinatarioEntradaSchema.required(),
  itens: Joi.array().items(itemPedidoSchema).min(1).max(990).required(),
  modalidadeFrete: Joi.string()
    .valid(...ModalidadesFrete)
    .required(),
  faturadoEm: Joi.string().isoDate().required(),
});
