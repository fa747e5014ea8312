import Joi from 'joi';
import { failureReplySchema, type FailureReply } from './codec';

/**
 * Fiscal settings contract, owned by the settings service. The REST/GraphQL view (`ConfiguracaoFiscal`) shows
 * secrets only as masks; what crosses NATS (`ConfiguracaoFiscalCompartilhada`) carries no secret at all, not
 * even a mask: the certificate travels as metadata and signing happens inside the settings service.
 */

export const Ambientes = ['HOMOLOGAÇÃO', 'PRODUÇÃO'] as const;
export type Ambiente = (typeof Ambientes)[number];

export const RegimesTributarios = ['SIMPLES_NACIONAL', 'LUCRO_PRESUMIDO', 'LUCRO_REAL'] as const;
export type RegimeTributario = (typeof RegimesTributarios)[number];

/** What a stored password looks like in every GET: a run of bullets, whatever the password's length. */
export const MASCARA_SENHA = '••••••••';

/** The A1 certificate as anyone outside the settings service may see it: never the file, never the key. */
export interface CertificadoA1Info {
  titular: string;
  cnpj: string;
  emissor: string;
  numeroSerie: string;
  /** ISO-8601. */
  validoDe: string;
  validoAte: string;
  /** Whole days until `validoAte`, counted when asked. */
  diasParaExpirar: number;
  /** Set from 30 days before expiry. */
  aviso: string | null;
}

/** The issuer's address (NF-e `enderEmit`: every field but `complemento` and `telefone` is required there). */
export interface EnderecoEmpresa {
  logradouro: string;
  numero: string;
  complemento: string | null;
  bairro: string;
  /** Name of the municipality of `codigoMunicipio` (NF-e `xMun`). */
  municipio: string;
  /** 8 digits. */
  cep: string;
  /** 6 to 14 digits. */
  telefone: string | null;
}

export interface EmpresaFiscal {
  /** 14 characters, unformatted; the last two are digits (alphanumeric CNPJ allowed in the first 12). */
  cnpj: string | null;
  razaoSocial: string | null;
  inscricaoEstadual: string | null;
  uf: string | null;
  /** IBGE, 7 digits. */
  codigoMunicipio: string | null;
  regimeTributario: RegimeTributario | null;
  /** Effective DAS rate in percent; only for SIMPLES_NACIONAL (default 6), null otherwise. */
  aliquotaDas: number | null;
  /** Needed to transmit NF-e/NFC-e to SEFAZ; null until given. */
  endereco: EnderecoEmpresa | null;
  /**
   * `YYYY-MM-DD`: when the company started its activity. The tax simulation reads the Simples Nacional rate of the
   * first twelve months from it (LC 123/2006 art. 18 §2º); null until given.
   */
  inicioAtividade: string | null;
}

/**
 * Who receives a company's NFS-e: `NACIONAL` (Sefin Nacional, the national standard: REST + JSON over mutual TLS) or
 * an ABRASF 2.04 provider profile (the city's own SOAP web service; the profiles are data, docs/nfse.md).
 */
export const ProvedoresNfse = ['NACIONAL', 'ABRASF_2_04', 'GISS_2_04'] as const;
export type ProvedorNfse = (typeof ProvedoresNfse)[number];

/**
 * How the DPS and its events are signed. The national manual says RSA-SHA1 with C14N (the default); production has
 * refused locally valid SHA-1 signatures (E0714), so SHA-256 and exclusive C14N can be chosen per company.
 */
export const AlgoritmosAssinaturaNfse = ['RSA-SHA1', 'RSA-SHA256'] as const;
export type AlgoritmoAssinaturaNfse = (typeof AlgoritmosAssinaturaNfse)[number];
export const CanonicalizacoesNfse = ['C14N', 'C14N_EXCLUSIVA'] as const;
export type CanonicalizacaoNfse = (typeof CanonicalizacoesNfse)[number];

/** The NFS-e settings other than the web-service password. */
export interface NfseSemSegredo {
  provedor: ProvedorNfse | null;
  endpoint: string | null;
  codigoCidade: string | null;
  inscricaoMunicipal: string | null;
  /** LC 116/2003 item, `NN.NN`. */
  codigoServico: string | null;
  /** National NFS-e code (cTribNac), 6 digits. */
  codigoServicoNacional: string | null;
  /** NBS code of the service, 9 digits: required in the DPS's IBSCBS group (E0322), i.e. for regime-normal issuers. */
  codigoNbs: string | null;
  descricaoServico: string | null;
  usuario: string | null;
  algoritmoAssinatura: AlgoritmoAssinaturaNfse;
  canonicalizacao: CanonicalizacaoNfse;
}

/**
 * A company's own cancellation deadlines, null meaning the legal default: hours for NF-e and CT-e, minutes for
 * NFC-e, and for the NFS-e the days after authorization when the municipality's rule is not "until the end of
 * the competence month". Never beyond the legal maximum (the limits live with the deadline table in
 * `@erp/fiscal-rules`).
 */
export interface PrazosCancelamento {
  nfeHoras: number | null;
  nfceMinutos: number | null;
  cteHoras: number | null;
  nfseDias: number | null;
}

/** How a due day that is not a business day moves: to the next business day, or to the previous one. */
export const AjustesVencimento = ['PRORROGAR', 'ANTECIPAR'] as const;
export type AjusteVencimento = (typeof AjustesVencimento)[number];

/** A company's own due day of a tax, in the month after the operation's month. */
export interface RegraVencimento {
  /** 1 to 31; past the month's last day, the last day. */
  dia: number;
  ajuste: AjusteVencimento;
}

/**
 * The company's own due days, used by the tax simulation. ICMS and ISS: where its state or municipality differs
 * from the defaults (ICMS day 10, ISS day 15, both postponed to the next business day); null meaning the default.
 * CBS, IBS (state and municipal alike) and IS: no payment date was found in force for them from 2027, so null
 * means none and their lines cannot become payable titles until the company sets one.
 */
export interface VencimentosEmpresa {
  icms: RegraVencimento | null;
  iss: RegraVencimento | null;
  cbs: RegraVencimento | null;
  ibs: RegraVencimento | null;
  is: RegraVencimento | null;
}

/** The keys of `VencimentosEmpresa`, in the order the settings list them. */
export const TributosVencimentoEmpresa = ['icms', 'iss', 'cbs', 'ibs', 'is'] as const;

/** Years a company may give CBS/IBS reference rates for: the CBS is charged from 2027 (ADCT art. 126). */
export const ANOS_ALIQUOTA_REFERENCIA = { min: 2027, max: 2040 } as const;
/** The IBS rates are the company's to give from 2029; 2026-2028 are fixed by law (ADCT arts. 125 and 127). */
export const PRIMEIRO_ANO_IBS_REFERENCIA = 2029;

/**
 * The company's CBS/IBS rates for one year of the transition, in percent (at most 4 decimals, 0 to 50), where
 * the law leaves them to a Senate resolution not yet issued: `cbs` the CBS reference rate (2027 on; 2027-2028
 * charge it minus 0.1 p.p.), `ibsUf` / `ibsMun` the IBS state and municipal rates (2029 on). Null: the tax
 * simulation's own assumption (CBS 8.8%) or, for the IBS, not computable.
 */
export interface AliquotaReferenciaAno {
  ano: number;
  cbs: number | null;
  ibsUf: number | null;
  ibsMun: number | null;
}

/** The plain (never secret) settings of a company, as kept and as shown. */
export interface ParametrosFiscais {
  ambiente: Ambiente;
  seriePadrao: number;
  series: number[];
  emissaoAutomatica: boolean;
  timeoutSegundos: number;
  prazosCancelamento: PrazosCancelamento;
  vencimentos: VencimentosEmpresa;
  /** One entry per year at most, sorted by year; empty when the company gives none. */
  aliquotasReferencia: AliquotaReferenciaAno[];
  empresa: EmpresaFiscal;
}

interface ConfiguracaoBase extends ParametrosFiscais {
  /** 0 while the company has saved nothing (the values are the defaults). */
  versao: number;
  atualizadoEm: string | null;
}

/** GET/PUT `/api/erp/faturamento/configuracao` (`dados`) and GraphQL `configuracaoFiscal`. */
export interface ConfiguracaoFiscal extends ConfiguracaoBase {
  certificadoA1: (CertificadoA1Info & { senha: string }) | null;
  nfse: NfseSemSegredo & { senha: string | null };
}

/** What other services receive over NATS and in the changed event: no secret, no mask. */
export interface ConfiguracaoFiscalCompartilhada extends ConfiguracaoBase {
  certificadoA1: CertificadoA1Info | null;
  nfse: NfseSemSegredo & { senhaConfigurada: boolean };
}

/** Stable codes of the settings REST/GraphQL surface. */
export const SettingsErrorCodes = {
  CONFIGURACAO_INVALIDA: 'CONFIGURACAO_INVALIDA',
  CORPO_INVALIDO: 'CORPO_INVALIDO',
  CERTIFICADO_SENHA_INVALIDA: 'CERTIFICADO_SENHA_INVALIDA',
  CERTIFICADO_FORMATO_INVALIDO: 'CERTIFICADO_FORMATO_INVALIDO',
  CERTIFICADO_SEM_CHAVE_PRIVADA: 'CERTIFICADO_SEM_CHAVE_PRIVADA',
  CERTIFICADO_EXPIRADO: 'CERTIFICADO_EXPIRADO',
  CERTIFICADO_AINDA_NAO_VALIDO: 'CERTIFICADO_AINDA_NAO_VALIDO',
  CERTIFICADO_SEM_CNPJ: 'CERTIFICADO_SEM_CNPJ',
  CERTIFICADO_CNPJ_DIVERGENTE: 'CERTIFICADO_CNPJ_DIVERGENTE',
  CONFLITO_DE_EDICAO: 'CONFLITO_DE_EDICAO',
  /** `If-Match` of a PUT that is not a version number. */
  VERSAO_ESPERADA_INVALIDA: 'VERSAO_ESPERADA_INVALIDA',
} as const;

// ---- settings.v1.get ----

export interface SettingsGetRequest {
  companyId: string;
}
export type SettingsGetReply =
  | { ok: true; configuracao: ConfiguracaoFiscalCompartilhada }
  | FailureReply;

// ---- settings.v1.sign ----

export const AlgoritmosAssinatura = ['RSA-SHA256', 'RSA-SHA1'] as const;
export type AlgoritmoAssinatura = (typeof AlgoritmosAssinatura)[number];

/** Largest payload the signer accepts (a canonical XML SignedInfo is well under 2 KiB). */
export const ASSINATURA_MAX_BYTES = 64 * 1024;

export interface SettingsSignRequest {
  companyId: string;
  algoritmo: AlgoritmoAssinatura;
  /** The exact bytes to sign (e.g. the canonicalized SignedInfo), base64. */
  dadosBase64: string;
}

export const SignErrorCodes = {
  CERTIFICADO_AUSENTE: 'CERTIFICADO_AUSENTE',
  CERTIFICADO_EXPIRADO: 'CERTIFICADO_EXPIRADO',
  DADOS_GRANDES_DEMAIS: 'DADOS_GRANDES_DEMAIS',
} as const;

export type SettingsSignReply =
  | {
      ok: true;
      assinaturaBase64: string;
      /** The signer's public certificate (DER, base64) for `X509Certificate` in the XML signature. */
      certificadoBase64: string;
    }
  | FailureReply;

// ---- settings.v1.changed (JetStream, Nats-Msg-Id = `${companyId}:${versao}`) ----

export interface SettingsChangedEvent {
  companyId: string;
  versao: number;
  atualizadoEm: string;
  configuracao: ConfiguracaoFiscalCompartilhada;
}

// ---- runtime schemas ----

const nullableString = Joi.string().allow(null);

const certificadoInfoSchema = Joi.object({
  titular: Joi.string().allow('').required(),
  cnpj: Joi.string().required(),
  emissor: Joi.string().allow('').required(),
  numeroSerie: Joi.string().required(),
  validoDe: Joi.string().isoDate().required(),
  validoAte: Joi.string().isoDate().required(),
  diasParaExpirar: Joi.number().integer().required(),
  aviso: nullableString.required(),
});

const regraVencimentoSchema = Joi.object<RegraVencimento>({
  dia: Joi.number().integer().min(1).max(31).required(),
  ajuste: Joi.string().valid(...AjustesVencimento).required(),
});

export const configuracaoCompartilhadaSchema = Joi.object<ConfiguracaoFiscalCompartilhada>({
  ambiente: Joi.string().valid(...Ambientes).required(),
  seriePadrao: Joi.number().integer().required(),
  series: Joi.array().items(Joi.number().integer()).required(),
  emissaoAutomatica: Joi.boolean().required(),
  timeoutSegundos: Joi.number().integer().required(),
  prazosCancelamento: Joi.object({
    nfeHoras: Joi.number().integer().allow(null).required(),
    nfceMinutos: Joi.number().integer().allow(null).required(),
    cteHoras: Joi.number().integer().allow(null).required(),
    nfseDias: Joi.number().integer().allow(null).required(),
  }).required(),
  vencimentos: Joi.object(Object.fromEntries(TributosVencimentoEmpresa.map((tributo) => [tributo, regraVencimentoSchema.allow(null).required()]))).required(),
  aliquotasReferencia: Joi.array()
    .items(
      Joi.object<AliquotaReferenciaAno>({
        ano: Joi.number().integer().min(ANOS_ALIQUOTA_REFERENCIA.min).max(ANOS_ALIQUOTA_REFERENCIA.max).required(),
        cbs: Joi.number().min(0).max(50).allow(null).required(),
        ibsUf: Joi.number().min(0).max(50).allow(null).required(),
        ibsMun: Joi.number().min(0).max(50).allow(null).required(),
      }),
    )
    .required(),
  certificadoA1: certificadoInfoSchema.allow(null).required(),
  nfse: Joi.object({
    provedor: Joi.string().valid(...ProvedoresNfse).allow(null).required(),
    endpoint: nullableString.required(),
    codigoCidade: nullableString.required(),
    inscricaoMunicipal: nullableString.required(),
    codigoServico: nullableString.required(),
    codigoServicoNacional: nullableString.required(),
    // Optional with a default: settings events recorded before the fields existed still decode.
    codigoNbs: nullableString.default(null),
    descricaoServico: nullableString.required(),
    usuario: nullableString.required(),
    algoritmoAssinatura: Joi.string().valid(...AlgoritmosAssinaturaNfse).default('RSA-SHA1'),
    canonicalizacao: Joi.string().valid(...CanonicalizacoesNfse).default('C14N'),
    senhaConfigurada: Joi.boolean().required(),
  }).required(),
  empresa: Joi.object({
    cnpj: nullableString.required(),
    razaoSocial: nullableString.required(),
    inscricaoEstadual: nullableString.required(),
    uf: nullableString.required(),
    codigoMunicipio: nullableString.required(),
    regimeTributario: Joi.string().valid(...RegimesTributarios).allow(null).required(),
    aliquotaDas: Joi.number().allow(null).required(),
    endereco: Joi.object({
      logradouro: Joi.string().required(),
      numero: Joi.string().required(),
      complemento: nullableString.required(),
      bairro: Joi.string().required(),
      municipio: Joi.string().required(),
      cep: Joi.string().required(),
      telefone: nullableString.required(),
    })
      .allow(null)
      .required(),
    // Optional with a default: settings events recorded before the field existed still decode.
    inicioAtividade: Joi.string()
      .pattern(/^\d{4}-\d{2}-\d{2}$/)
      .allow(null)
      .default(null),
  }).required(),
  versao: Joi.number().integer().min(0).required(),
  atualizadoEm: Joi.string().isoDate().allow(null).required(),
});

/**
 * The settings as REST and GraphQL show them (`ConfiguracaoFiscal`): the shared view with each secret's mask where
 * the shared one says only whether it is set. Declared from the shared view, so the two never drift.
 */
export const configuracaoFiscalSchema = configuracaoCompartilhadaSchema.keys({
  certificadoA1: (configuracaoCompartilhadaSchema.extract('certificadoA1') as Joi.ObjectSchema).keys({
    senha: Joi.string().required().description('Máscara (`••••••••`): a senha nunca sai do serviço.'),
  }),
  nfse: (configuracaoCompartilhadaSchema.extract('nfse') as Joi.ObjectSchema)
    .keys({ senha: Joi.string().allow(null).required().description('Máscara quando configurada, senão null.') })
    .fork(['senhaConfigurada'], (chave) => chave.forbidden()),
});

export const settingsGetRequestSchema = Joi.object<SettingsGetRequest>({
  companyId: Joi.string().min(1).max(200).required(),
});

export const settingsGetReplySchema = Joi.alternatives<SettingsGetReply>().try(
  Joi.object({ ok: Joi.valid(true).required(), configuracao: configuracaoCompartilhadaSchema.required() }),
  failureReplySchema,
);

export const settingsSignRequestSchema = Joi.object<SettingsSignRequest>({
  companyId: Joi.string().min(1).max(200).required(),
  algoritmo: Joi.string().valid(...AlgoritmosAssinatura).required(),
  dadosBase64: Joi.string().base64().allow('').required(),
});

export const settingsSignReplySchema = Joi.alternatives<SettingsSignReply>().try(
  Joi.object({
    ok: Joi.valid(true).required(),
    assinaturaBase64: Joi.string().base64().required(),
    certificadoBase64: Joi.string().base64().required(),
  }),
  failureReplySchema,
);

export const settingsChangedEventSchema = Joi.object<SettingsChangedEvent>({
  companyId: Joi.string().required(),
  versao: Joi.number().integer().min(1).required(),
  atualizadoEm: Joi.string().isoDate().required(),
  configuracao: configuracaoCompartilhadaSchema.required(),
});
