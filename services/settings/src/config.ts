import Joi from 'joi';
import { loadConfig, type BaseConfig } from '@erp/kit';
import { lerChaves } from './crypto/cofre';

export type Config = BaseConfig & { MONGODB_DB: string; SETTINGS_ENCRYPTION_KEYS?: string };

/** A malformed key list fails here, with every other configuration problem; production needs one. */
export const config = loadConfig<Config>({
  PORT: Joi.number().port().default(4105),
  MONGODB_DB: Joi.string().default('erp_settings'),
  SETTINGS_ENCRYPTION_KEYS: Joi.string()
    .custom((valor: string) => {
      lerChaves(valor);
      return valor;
    })
    .when('NODE_ENV', {
      is: 'production',
      then: Joi.required().messages({ 'any.required': 'SETTINGS_ENCRYPTION_KEYS is required in production' }),
    }),
});
