import Joi from 'joi';
import { loadConfig, type BaseConfig } from '@erp/kit';

export type Config = BaseConfig & { MONGODB_DB: string };

export const config = loadConfig<Config>({
  PORT: Joi.number().port().default(Number('4104')),
  MONGODB_DB: Joi.string().default('erp_tax_simulation'),
});
