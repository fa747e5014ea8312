import Joi from 'joi';
import { loadConfig, readCeilingKeys, type BaseConfig, type ReadCeilingConfig } from '@erp/kit';
import { DEFAULT_QUERY_MAX_TIME_MS } from './store/simulation-store';

/** `TAX_READS_PER_COMPANY`, `_WAITING_PER_COMPANY`, `_TOTAL`: simulation pages at once, per process (the kit's `ReadCeiling`). */
export type Config = BaseConfig & ReadCeilingConfig<'TAX'> & {
  MONGODB_DB: string;
  /** How long a simulation waits for the company's fiscal settings (`settings.v1.get`) before refusing with 503. */
  TAX_SETTINGS_TIMEOUT_MS: number;
  /** `maxTimeMS` of every query a client's request runs (a simulation, a page, titles, provisioning marks). */
  TAX_QUERY_MAX_TIME_MS: number;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig<Config>(
    {
      PORT: Joi.number().port().default(4104),
      MONGODB_DB: Joi.string().default('erp_tax_simulation'),
      TAX_SETTINGS_TIMEOUT_MS: Joi.number().integer().min(100).max(30_000).default(2_000),
      TAX_QUERY_MAX_TIME_MS: Joi.number().integer().min(100).max(120_000).default(DEFAULT_QUERY_MAX_TIME_MS),
      ...readCeilingKeys('TAX'),
    },
    env,
  );
}
