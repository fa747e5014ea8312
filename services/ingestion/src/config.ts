import Joi from 'joi';
import { loadConfig, readCeilingKeys, type BaseConfig, type ReadCeilingConfig } from '@erp/kit';

/** `INGESTION_READS_PER_COMPANY`, `_WAITING_PER_COMPANY`, `_TOTAL`: history/records reads, per process (the kit's `ReadCeiling`). */
export type Config = BaseConfig & ReadCeilingConfig<'INGESTION'> & {
  MONGODB_DB: string;
  /** Largest request body accepted, in bytes, counted after gzip decompression. */
  INGESTION_BODY_LIMIT_BYTES: number;
  /** Requests per minute per origin (the token), shared by every replica. */
  INGESTION_RATE_LIMIT_PER_MINUTE: number;
  /** How long an authenticated token identity is served from memory (dropped at once on a token-changed event). */
  TOKEN_CACHE_TTL_MS: number;
  TOKEN_CACHE_MAX_ENTRIES: number;
  /** How long a reply kept for an `Idempotency-Key` can be replayed. */
  IDEMPOTENCY_RETENTION_HOURS: number;
  /** Time allowed to the token and directory services to answer over NATS. */
  NATS_REQUEST_TIMEOUT_MS: number;
  /** `maxTimeMS` of every query a client's request runs (history and records pages, a batch's look-ups, rate-limit counts, idempotency keys). */
  INGESTION_QUERY_MAX_TIME_MS: number;
  /** How long after a batch arrived its writes are resumed when the store fails midway (below the gateway's 30 s). */
  INGESTION_WRITE_RESUME_MS: number;
};

const configKeys = {
  PORT: Joi.number().port().default(4102),
  MONGODB_DB: Joi.string().default('erp_ingestion'),
  INGESTION_BODY_LIMIT_BYTES: Joi.number()
    .integer()
    .min(64 * 1024)
    .default(5 * 1024 * 1024),
  INGESTION_RATE_LIMIT_PER_MINUTE: Joi.number().integer().min(1).default(60),
  TOKEN_CACHE_TTL_MS: Joi.number().integer().min(0).max(300_000).default(30_000),
  TOKEN_CACHE_MAX_ENTRIES: Joi.number().integer().min(1).default(10_000),
  IDEMPOTENCY_RETENTION_HOURS: Joi.number().integer().min(1).max(24 * 30).default(24),
  NATS_REQUEST_TIMEOUT_MS: Joi.number().integer().min(100).default(2_000),
  INGESTION_QUERY_MAX_TIME_MS: Joi.number().integer().min(100).max(120_000).default(5_000),
  INGESTION_WRITE_RESUME_MS: Joi.number().integer().min(0).max(120_000).default(25_000),
  ...readCeilingKeys('INGESTION'),
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig<Config>(configKeys, env);
}
