import path from 'node:path';
import Joi from 'joi';
import { loadConfig, type BaseConfig } from '@erp/kit';

export type Config = Omit<BaseConfig, 'NATS_URL' | 'NATS_STREAM_REPLICAS'> & {
  MONGODB_URL: string;
  MONGODB_DB: string;
  /** Port of the web services (HTTPS, mutual TLS). */
  LOCAL_AUTHORITY_TLS_PORT: number;
  /** Port of the scenario control (plain HTTP); unset: no control at all. */
  LOCAL_AUTHORITY_CONTROL_PORT?: number;
  /** Where the development CA and the server certificate live (made at the first start). */
  LOCAL_AUTHORITY_DATA_DIR: string;
};

/**
 * The local authority is a development and test component: it refuses to start with NODE_ENV=production, so a
 * production deployment can never answer for SEFAZ by mistake. Its registry is a database of its own.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig<Config>(
    {
      NODE_ENV: Joi.string()
        .valid('development', 'test')
        .default('development')
        .messages({ 'any.only': 'the local authority is for development and tests only: it refuses NODE_ENV=production' }),
      PORT: Joi.number().port().default(4106),
      MONGODB_URL: Joi.string().uri({ scheme: ['mongodb', 'mongodb+srv'] }).required(),
      MONGODB_DB: Joi.string().default('erp_local_authority'),
      LOCAL_AUTHORITY_TLS_PORT: Joi.number().port().default(4107),
      LOCAL_AUTHORITY_CONTROL_PORT: Joi.number().port(),
      LOCAL_AUTHORITY_DATA_DIR: Joi.string()
        .default(path.join('.data', 'local-authority'))
        .custom((value: string) => path.resolve(value)),
    },
    env,
    { stores: false },
  );
}
