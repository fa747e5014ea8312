import Joi from 'joi';
import { failureReplySchema, type FailureReply } from './codec';
import { Ambientes, type Ambiente } from './settings';

/**
 * `settings.v1.transmit`: the relay that makes an HTTPS call with a company's A1 certificate as the TLS client
 * certificate (SEFAZ web services require mutual TLS), so the private key never leaves the settings service.
 * The caller names a destination, never a URL: the settings service resolves it from the SEFAZ endpoint table
 * (or the company's own NFS-e endpoint) and calls nothing else.
 */

/** The NF-e 4.00 web services the relay may call (SOAP 1.2, one operation each). */
export const ServicosSefaz = ['NFeAutorizacao4', 'NFeRetAutorizacao4', 'NFeConsultaProtocolo4', 'NFeRecepcaoEvento4', 'NFeInutilizacao4', 'NFeStatusServico4'] as const;
export type ServicoSefaz = (typeof ServicosSefaz)[number];

/** The WSDL operation of each service: SOAP 1.2 carries it as the `action` of the content type. */
export const OperacoesSefaz: Record<ServicoSefaz, string> = {
  NFeAutorizacao4: 'nfeAutorizacaoLote',
  NFeRetAutorizacao4: 'nfeRetAutorizacaoLote',
  NFeConsultaProtocolo4: 'nfeConsultaNF',
  NFeRecepcaoEvento4: 'nfeRecepcaoEvento',
  NFeInutilizacao4: 'nfeInutilizacaoNF',
  NFeStatusServico4: 'nfeStatusServicoNF',
};

/** The namespace of a service's `nfeDadosMsg` / `nfeResultMsg` (the WSDL's). */
export const namespaceServicoSefaz = (servico: ServicoSefaz) => `http://www.portalfiscal.inf.br/nfe/wsdl/${servico}`;

/** The content type of a call to `servico`: SOAP 1.2 with the operation as `action`. */
export const contentTypeSefaz = (servico: ServicoSefaz) => `application/soap+xml; charset=utf-8; action="${namespaceServicoSefaz(servico)}/${OperacoesSefaz[servico]}"`;

/**
 * The CT-e 4.00 web services the relay may call (SOAP 1.2, no header, one CT-e per call; MOC CT-e 4.00 §4-5). Only
 * the receptions carry gzip + base64 of the signed document; the query, the status and the events plain XML.
 */
export const ServicosCte = ['CTeRecepcaoSincV4', 'CTeRecepcaoOSV4', 'CTeConsultaV4', 'CTeRecepcaoEventoV4', 'CTeStatusServicoV4'] as const;
export type ServicoCte = (typeof ServicosCte)[number];

/** The WSDL operation of each CT-e service (the `action` of the SOAP 1.2 content type). */
export const OperacoesCte: Record<ServicoCte, string> = {
  CTeRecepcaoSincV4: 'cteRecepcao',
  CTeRecepcaoOSV4: 'cteRecepcaoOS',
  CTeConsultaV4: 'cteConsultaCT',
  CTeRecepcaoEventoV4: 'cteRecepcaoEvento',
  CTeStatusServicoV4: 'cteStatusServicoCT',
};

/** The namespace of a CT-e service's `cteDadosMsg` / `cteRecepcaoResult` (the WSDL's, with the V4 suffix every working client uses). */
export const namespaceServicoCte = (servico: ServicoCte) => `http://www.portalfiscal.inf.br/cte/wsdl/${servico}`;

export const contentTypeCte = (servico: ServicoCte) => `application/soap+xml; charset=utf-8; action="${namespaceServicoCte(servico)}/${OperacoesCte[servico]}"`;

/** CT-e (57) and CT-e OS (67): their own endpoint lists per authorizer. */
export const ModelosCte = ['CTE', 'CTEOS'] as const;
export type ModeloCte = (typeof ModelosCte)[number];

/** NF-e (55) and NFC-e (65) have separate endpoints in most UFs. */
export const ModelosSefaz = ['NFE', 'NFCE'] as const;
export type ModeloSefaz = (typeof ModelosSefaz)[number];

export type DestinoTransmissao =
  | {
      tipo: 'SEFAZ';
      /** The issuer's UF: the table says which authorizer (own, SVRS, SVAN) serves it. */
      uf: string;
      ambiente: Ambiente;
      modelo: ModeloSefaz;
      servico: ServicoSefaz;
      /** The UF's contingency authorizer (SVC-AN or SVC-RS) instead of its normal one. */
      contingencia: boolean;
    }
  | {
      tipo: 'CTE';
      /** The issuer's UF: the CT-e table says which authorizer (own, SVRS, SVSP) serves it. */
      uf: string;
      ambiente: Ambiente;
      modelo: ModeloCte;
      servico: ServicoCte;
    }
  | { tipo: 'NFSE' }
  | {
      /**
       * The NFS-e national standard's Sefin Nacional API (REST + JSON over mutual TLS): a method and a path of the
       * API (`CaminhosSefin`), relative to the Sefin base of the company's environment (or its own NFS-e endpoint).
       */
      tipo: 'SEFIN_NACIONAL';
      ambiente: Ambiente;
      metodo: MetodoSefin;
      caminho: string;
    };

export const MetodosSefin = ['POST', 'GET', 'HEAD'] as const;
export type MetodoSefin = (typeof MetodosSefin)[number];

/**
 * The Sefin Nacional paths the relay may call (swagger "API NFS-e - Sefin Nacional"): emission `POST /nfse`, the
 * NFS-e by key, the recovery by DPS Id, and the events of a key. Nothing else reaches the host.
 */
export const CaminhosSefin: Record<MetodoSefin, RegExp> = {
  POST: /^\/nfse(\/[0-9]{50}\/eventos)?$/,
  GET: /^\/(nfse\/[0-9]{50}(\/eventos(\/[0-9]{6}\/[0-9]{1,3})?)?|dps\/DPS[0-9]{42})$/,
  HEAD: /^\/dps\/DPS[0-9]{42}$/,
};

/** Largest request or answer body the relay carries (a NATS message holds 1 MiB by default). */
export const TRANSMISSAO_MAX_BYTES = 512 * 1024;

export interface SettingsTransmitRequest {
  companyId: string;
  destino: DestinoTransmissao;
  /** The request body: for SEFAZ a SOAP 1.2 envelope whose `nfeDadosMsg` belongs to `destino.servico`. */
  corpo: string;
  /** NFS-e only: the provider's SOAPAction, when it uses SOAP 1.1. */
  soapAction?: string;
}

export const TransmitErrorCodes = {
  /** The destination is not in the table (or the company has no NFS-e endpoint), or the body is not for it. */
  DESTINO_NAO_PERMITIDO: 'DESTINO_NAO_PERMITIDO',
  CERTIFICADO_AUSENTE: 'CERTIFICADO_AUSENTE',
  CERTIFICADO_EXPIRADO: 'CERTIFICADO_EXPIRADO',
  CORPO_GRANDE_DEMAIS: 'CORPO_GRANDE_DEMAIS',
  /** No answer within the company's `timeoutSegundos`: the request may or may not have been processed. */
  TEMPO_ESGOTADO: 'TEMPO_ESGOTADO',
  /** The connection failed or broke (TLS refused, reset, DNS): the request may or may not have been processed. */
  FALHA_CONEXAO: 'FALHA_CONEXAO',
  RESPOSTA_GRANDE_DEMAIS: 'RESPOSTA_GRANDE_DEMAIS',
} as const;

export type SettingsTransmitReply =
  | {
      ok: true;
      /** HTTP status of the answer (SOAP faults come with 500). */
      status: number;
      corpo: string;
      /** The URL called, for the caller's logs. */
      url: string;
      duracaoMs: number;
    }
  | FailureReply;

const ufSchema = Joi.string()
  .pattern(/^[A-Z]{2}$/)
  .required();
const ambienteSchema = Joi.string()
  .valid(...Ambientes)
  .required();

/** A destination served per UF (the NF-e's and the CT-e's tables): its models and services from their own lists. */
function destinoPorUf(tipo: 'SEFAZ' | 'CTE', modelos: readonly string[], servicos: readonly string[]) {
  return Joi.object({
    tipo: Joi.valid(tipo).required(),
    uf: ufSchema,
    ambiente: ambienteSchema,
    modelo: Joi.string()
      .valid(...modelos)
      .required(),
    servico: Joi.string()
      .valid(...servicos)
      .required(),
  });
}

const destinoSchema = Joi.alternatives().try(
  destinoPorUf('SEFAZ', ModelosSefaz, ServicosSefaz).keys({ contingencia: Joi.boolean().required() }),
  destinoPorUf('CTE', ModelosCte, ServicosCte),
  Joi.object({ tipo: Joi.valid('NFSE').required() }),
  Joi.object({
    tipo: Joi.valid('SEFIN_NACIONAL').required(),
    ambiente: ambienteSchema,
    metodo: Joi.string()
      .valid(...MetodosSefin)
      .required(),
    caminho: Joi.string().max(200).required(),
  }),
);

export const settingsTransmitRequestSchema = Joi.object<SettingsTransmitRequest>({
  companyId: Joi.string().min(1).max(200).required(),
  destino: destinoSchema.required(),
  // Empty for a Sefin GET / HEAD.
  corpo: Joi.string().allow('').max(TRANSMISSAO_MAX_BYTES).required(),
  soapAction: Joi.string()
    .max(500)
    .pattern(/^[\x21-\x7e]+$/),
});

export const settingsTransmitReplySchema = Joi.alternatives<SettingsTransmitReply>().try(
  Joi.object({
    ok: Joi.valid(true).required(),
    status: Joi.number().integer().min(100).max(599).required(),
    corpo: Joi.string().allow('').max(TRANSMISSAO_MAX_BYTES).required(),
    url: Joi.string().required(),
    duracaoMs: Joi.number().integer().min(0).required(),
  }),
  failureReplySchema,
);
