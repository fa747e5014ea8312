import Joi from 'joi';
import { loadConfig, readCeilingKeys, type BaseConfig, type ReadCeilingConfig } from '@erp/kit';
import { FAULT_POINTS, type FaultPoint } from './app/test-hooks';
import type { ResponsavelTecnico } from './xml/nfe';

/**
 * `FISCAL_READS_PER_COMPANY`, `_WAITING_PER_COMPANY`, `_TOTAL`: the company's expensive reads at once, per process
 * (document and voiding lists, XML, DANFE; the kit's `ReadCeiling`).
 */
export type Config = BaseConfig & ReadCeilingConfig<'FISCAL'> & {
  MONGODB_DB: string;
  /**
   * Which authorizer issues, cancels and voids: `local` (development and tests; HOMOLOGAÇÃO only) or `sefaz`
   * (NF-e and NFC-e transmitted to SEFAZ through the settings service's relay; the company's `ambiente` picks
   * the homologation or production servers). Production requires `sefaz`.
   */
  FISCAL_AUTHORIZER: 'local' | 'sefaz';
  /** Wait between receipt polls after SEFAZ answers 103/105, and how many polls before leaving it to a query. */
  SEFAZ_RECEIPT_POLL_MS: number;
  SEFAZ_RECEIPT_POLLS: number;
  /** How often pending documents (outcome unknown) are resolved by a query. */
  FISCAL_RECONCILE_INTERVAL_MS: number;
  /** How often burned numbers are voided (inutilização), and how old a burned number must be first. */
  FISCAL_VOIDING_INTERVAL_MS: number;
  FISCAL_VOIDING_GRACE_MS: number;
  /** How long to wait for the settings and tax services over NATS. */
  NATS_REQUEST_TIMEOUT_MS: number;
  /** `maxTimeMS` of every query a client's request runs (reads, numbering, voidings), and the longest wait for a read's turn. */
  FISCAL_QUERY_MAX_TIME_MS: number;
  /** Fault injection for the crash tests only (`FAULT_POINTS`); refused outside NODE_ENV=test. */
  FISCAL_FAULT?: FaultPoint;
  /** Tests only: the service's and the local authorizer's clock, moved by this many ms; refused outside NODE_ENV=test. */
  FISCAL_CLOCK_OFFSET_MS: number;
  /**
   * The technical responsible for the issuing software, written as every NF-e's `infRespTec` (NT 2018.005; SEFAZ
   * rejects 972 without it in the UFs that require it): CNPJ, contact name, e-mail, phone (DDD + number); and, where
   * a UF issued one, the CSRT and its 2-digit id. Required in production; outside it, unset means no `infRespTec`.
   */
  FISCAL_RESP_TEC_CNPJ?: string;
  FISCAL_RESP_TEC_CONTATO?: string;
  FISCAL_RESP_TEC_EMAIL?: string;
  FISCAL_RESP_TEC_FONE?: string;
  FISCAL_RESP_TEC_CSRT_ID?: string;
  /** A secret the UF hands to the software's maker: never logged (only its hash travels, per document). */
  FISCAL_RESP_TEC_CSRT?: string;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig<Config>(
    {
      PORT: Joi.number().port().default(4103),
      MONGODB_DB: Joi.string().default('erp_fiscal_document'),
      FISCAL_AUTHORIZER: Joi.when('NODE_ENV', {
        is: 'production',
        then: Joi.string().valid('sefaz').required().messages({
          'any.only': 'production refuses the local authorizer: set FISCAL_AUTHORIZER=sefaz',
          'any.required': 'production needs FISCAL_AUTHORIZER=sefaz (the local authorizer is refused)',
        }),
        otherwise: Joi.string().valid('local', 'sefaz').default('local'),
      }),
      SEFAZ_RECEIPT_POLL_MS: Joi.number().integer().min(10).max(60_000).default(2_000),
      SEFAZ_RECEIPT_POLLS: Joi.number().integer().min(1).max(30).default(5),
      FISCAL_RECONCILE_INTERVAL_MS: Joi.number().integer().min(100).default(30_000),
      FISCAL_VOIDING_INTERVAL_MS: Joi.number().integer().min(100).default(3_600_000),
      FISCAL_VOIDING_GRACE_MS: Joi.number().integer().min(0).default(600_000),
      NATS_REQUEST_TIMEOUT_MS: Joi.number().integer().min(100).max(60_000).default(5_000),
      FISCAL_QUERY_MAX_TIME_MS: Joi.number().integer().min(100).max(120_000).default(5_000),
      ...readCeilingKeys('FISCAL'),
      FISCAL_FAULT: Joi.string()
        .valid(...FAULT_POINTS)
        .when('NODE_ENV', { not: 'test', then: Joi.forbidden().messages({ 'any.unknown': 'FISCAL_FAULT is only for tests (NODE_ENV=test)' }) }),
      ...respTecKeys(),
      FISCAL_CLOCK_OFFSET_MS: Joi.number()
        .integer()
        .default(0)
        .when('NODE_ENV', { not: 'test', then: Joi.valid(0).messages({ 'any.only': 'FISCAL_CLOCK_OFFSET_MS is only for tests (NODE_ENV=test)' }) }),
    },
    env,
  );
}

/** The `infRespTec` settings: all four contact fields or none (production: required), the CSRT with its id. */
function respTecKeys() {
  const obrigatorioEmProducao = (schema: Joi.StringSchema) =>
    schema.when('NODE_ENV', { is: 'production', then: Joi.required().messages({ 'any.required': 'production needs the technical responsible (FISCAL_RESP_TEC_*): SEFAZ rejects NF-e without infRespTec (972)' }) });
  return {
    FISCAL_RESP_TEC_CNPJ: obrigatorioEmProducao(Joi.string().pattern(/^[0-9A-Z]{12}[0-9]{2}$/)),
    FISCAL_RESP_TEC_CONTATO: obrigatorioEmProducao(Joi.string().min(2).max(60)).when('FISCAL_RESP_TEC_CNPJ', { is: Joi.exist(), then: Joi.required() }),
    FISCAL_RESP_TEC_EMAIL: obrigatorioEmProducao(Joi.string().email().min(6).max(60)).when('FISCAL_RESP_TEC_CNPJ', { is: Joi.exist(), then: Joi.required() }),
    FISCAL_RESP_TEC_FONE: obrigatorioEmProducao(Joi.string().pattern(/^[0-9]{6,14}$/)).when('FISCAL_RESP_TEC_CNPJ', { is: Joi.exist(), then: Joi.required() }),
    FISCAL_RESP_TEC_CSRT_ID: Joi.string().pattern(/^[0-9]{2}$/).when('FISCAL_RESP_TEC_CSRT', { is: Joi.exist(), then: Joi.required() }),
    FISCAL_RESP_TEC_CSRT: Joi.string().min(1).max(100),
  };
}

/** The configured technical responsible, or null. */
export function responsavelTecnicoDe(config: Config): ResponsavelTecnico | null {
  const { FISCAL_RESP_TEC_CNPJ: cnpj, FISCAL_RESP_TEC_CONTATO: contato, FISCAL_RESP_TEC_EMAIL: email, FISCAL_RESP_TEC_FONE: fone } = config;
  if (!cnpj || !contato || !email || !fone) return null;
  const csrt = config.FISCAL_RESP_TEC_CSRT && config.FISCAL_RESP_TEC_CSRT_ID ? { id: config.FISCAL_RESP_TEC_CSRT_ID, codigo: config.FISCAL_RESP_TEC_CSRT } : null;
  return { cnpj, contato, email, fone, csrt };
}
