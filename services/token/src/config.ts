import Joi from 'joi';
import { loadConfig, type BaseConfig } from '@erp/kit';

export type Config = BaseConfig & {
  MONGODB_DB: string;
  /** Seconds between two writes of a token's `ultimoUsoEm` (authentication never writes more often). */
  TOKEN_LAST_USE_GRANULARITY_SECONDS: number;
  /** `maxTimeMS` of every query a client triggers: the token and user lists, a token's authentication, a batch's e-mail look-up. */
  TOKEN_QUERY_MAX_TIME_MS: number;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig<Config>(
    {
      PORT: Joi.number().port().default(4101),
      MONGODB_DB: Joi.string().default('erp_token'),
      TOKEN_LAST_USE_GRANULARITY_SECONDS: Joi.number().integer().min(1).max(3600).default(60),
      TOKEN_QUERY_MAX_TIME_MS: Joi.number().integer().min(100).max(120_000).default(5_000),
    },
    env,
  );
}
