import Joi from 'joi';
import { loadConfig, type BaseConfig } from '@erp/kit';
import { parseKeys } from './crypto/secret-box';

export type Config = BaseConfig & {
  MONGODB_DB: string;
  SETTINGS_ENCRYPTION_KEYS?: string;
  /** PEM file of roots trusted for SEFAZ/NFS-e servers besides Node's (the ICP-Brasil chains SEFAZ presents). */
  SEFAZ_CA_FILE?: string;
  /**
   * Where a company in HOMOLOGAÇÃO is sent: `local` (the local authority, default outside production) or `sefaz`
   * (the real SEFAZ homologation servers). PRODUÇÃO always goes to SEFAZ; production allows `sefaz` only.
   */
  FISCAL_HOMOLOGACAO_DESTINO: 'local' | 'sefaz';
  /** The local authority's base URL (services/local-authority), and the development CA its certificate chains to. */
  LOCAL_AUTHORITY_URL?: string;
  LOCAL_AUTHORITY_CA_FILE?: string;
};

const naoEmProducao = (nome: string) => ({
  is: 'production',
  then: Joi.forbidden().messages({ 'any.unknown': `${nome} is refused in production: the local authority is for development and tests only` }),
});

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
      FISCAL_HOMOLOGACAO_DESTINO: Joi.when('NODE_ENV', {
        is: 'production',
        then: Joi.string().valid('sefaz').default('sefaz').messages({ 'any.only': 'FISCAL_HOMOLOGACAO_DESTINO must be sefaz in production' }),
        otherwise: Joi.string().valid('local', 'sefaz').default('local'),
      }),
      LOCAL_AUTHORITY_URL: Joi.string()
        .uri({ scheme: ['https'] })
        .when('NODE_ENV', naoEmProducao('LOCAL_AUTHORITY_URL'))
        .when('FISCAL_HOMOLOGACAO_DESTINO', {
          is: 'local',
          then: Joi.required().messages({ 'any.required': 'LOCAL_AUTHORITY_URL is required while FISCAL_HOMOLOGACAO_DESTINO=local (the default outside production)' }),
        }),
      LOCAL_AUTHORITY_CA_FILE: Joi.string().when('NODE_ENV', naoEmProducao('LOCAL_AUTHORITY_CA_FILE')),
    },
    env,
  );
}
