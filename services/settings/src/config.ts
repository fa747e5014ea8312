import Joi from 'joi';
import { loadConfig, type BaseConfig } from '@erp/kit';

export type Config = BaseConfig & { MONGODB_DB: string; SETTINGS_ENCRYPTION_KEYS?: string };

/** The key list is parsed by the cofre at start; here we only refuse production without one. */
export const config = loadConfig<Config>({
  PORT: Joi.number().port().default(4105),
  MONGODB_DB: Joi.string().default('erp_settings'),
  SETTINGS_ENCRYPTION_KEYS: Joi.string().when('NODE_ENV', {
    is: 'production',
    then: Joi.required().messages({ 'any.required': 'SETTINGS_ENCRYPTION_KEYS is required in production' }),
  }),
});
