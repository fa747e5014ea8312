import Joi from 'joi';
import { loadConfig, type BaseConfig } from '@erp/kit';
import { parseKeys } from './crypto/secret-box';

export type Config = BaseConfig & {
  MONGODB_DB: string;
  SETTINGS_ENCRYPTION_KEYS?: string;
  /** PEM file of roots trusted for SEFAZ/NFS-e servers besides Node's (the ICP-Brasil chains SEFAZ presents). */
  SEFAZ_CA_FILE?: string;
  /** Tests only (NODE_ENV=test): every SEFAZ URL of the table on this base (the local SEFAZ stand-in). */
  SEFAZ_ENDPOINTS_OVERRIDE?: string;
};

/** A malformed key list fails here, with every other configuration problem; production needs one. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig<Config>(
    {
      PORT: Joi.number().port().default(4105),
      MONGODB_DB: Joi.string().default('erp_settings'),
      SETTINGS_ENCRYPTION_KEYS: Joi.string()
        .custom((value: string) => {
          parseKeys(value);
          return value;
        })
        .when('NODE_ENV', {
          is: 'production',
          then: Joi.required().messages({ 'any.required': 'SETTINGS_ENCRYPTION_KEYS is required in production' }),
        }),
      SEFAZ_CA_FILE: Joi.string(),
      SEFAZ_ENDPOINTS_OVERRIDE: Joi.string()
        .uri({ scheme: ['https'] })
        .when('NODE_ENV', { not: 'test', then: Joi.forbidden().messages({ 'any.unknown': 'SEFAZ_ENDPOINTS_OVERRIDE is only for tests (NODE_ENV=test)' }) }),
    },
    env,
  );
}
