import Joi from 'joi';
import { graphqlLimitKeys, type GraphqlLimitsConfig } from './graphql-limits';

/** Settings every service reads. Each service extends this with its own keys and its own default port. */
export const baseConfigKeys = {
  NODE_ENV: Joi.string().valid('development', 'test', 'production').default('development'),
  LOG_LEVEL: Joi.string().valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent').default('info'),
  HOST: Joi.string().default('127.0.0.1'),
  MONGODB_URL: Joi.string()
    .uri({ scheme: ['mongodb', 'mongodb+srv'] })
    .required(),
  NATS_URL: Joi.string().required(),
  NATS_CREDS_FILE: Joi.string(),
  NATS_USER: Joi.string().pattern(/^[A-Za-z0-9_-]+$/, 'a name without dots, spaces or wildcards'),
  NATS_PASSWORD: Joi.string(),
  NATS_STREAM_REPLICAS: Joi.number().integer().min(1).max(5).default(1),
  SESSION_JWT_SECRET: Joi.string().min(32),
  SESSION_PUBLIC_KEY: Joi.string(),
  SESSION_JWKS_URL: Joi.string().uri({ scheme: ['http', 'https'] }),
  SESSION_ISSUER: Joi.string().default('erp-dev'),
  SESSION_AUDIENCE: Joi.string().default('erp-internal'),
  ...graphqlLimitKeys,
};

/** `GRAPHQL_MAX_*`: the same GraphQL limits at the gateway and every subgraph (`graphql-limits.ts`). */
export interface BaseConfig extends GraphqlLimitsConfig {
  NODE_ENV: 'development' | 'test' | 'production';
  LOG_LEVEL: string;
  HOST: string;
  PORT: number;
  MONGODB_URL: string;
  NATS_URL: string;
  /** NATS credentials (JWT + NKey seed) file; absent on an unauthenticated development broker. */
  NATS_CREDS_FILE?: string;
  /**
   * NATS user and password (set both or neither); the broker's permissions for this user decide which subjects
   * the service may publish and subscribe (deploy/nats/authorization.conf). Absent: no user/password sent.
   */
  NATS_USER?: string;
  NATS_PASSWORD?: string;
  /** Replicas of the JetStream streams a service creates (3 on a production cluster). */
  NATS_STREAM_REPLICAS: number;
  SESSION_JWT_SECRET?: string;
  SESSION_PUBLIC_KEY?: string;
  SESSION_JWKS_URL?: string;
  SESSION_ISSUER: string;
  SESSION_AUDIENCE: string;
}

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** A session must be verifiable; in production only by a public key or JWKS (the dev secret signs anything). */
const sessionKeyRule = (value: BaseConfig) => {
  if (value.NODE_ENV === 'production') {
    if (!value.SESSION_PUBLIC_KEY && !value.SESSION_JWKS_URL) {
      throw new Error('production needs SESSION_JWKS_URL or SESSION_PUBLIC_KEY to verify sessions');
    }
    if (value.SESSION_JWT_SECRET) throw new Error('SESSION_JWT_SECRET (the dev signing key) is refused in production');
  } else if (!value.SESSION_JWT_SECRET && !value.SESSION_PUBLIC_KEY && !value.SESSION_JWKS_URL) {
    throw new Error('set SESSION_JWT_SECRET, SESSION_PUBLIC_KEY or SESSION_JWKS_URL to verify sessions');
  }
  return value;
};

/**
 * Validates the environment once at start and reports every problem together, so a misconfigured service
 * fails before it accepts a single request.
 */
export function loadConfig<T extends Partial<BaseConfig>>(
  keys: Record<string, Joi.Schema>,
  env: NodeJS.ProcessEnv = process.env,
  options: { stores?: boolean } = {},
): T {
  const { MONGODB_URL, NATS_URL, NATS_CREDS_FILE, NATS_USER, NATS_PASSWORD, ...withoutStores } = baseConfigKeys;
  // The gateway keeps no state, so it is the one process without a database or broker.
  const stores = options.stores !== false;
  const base = stores ? { ...withoutStores, MONGODB_URL, NATS_URL, NATS_CREDS_FILE, NATS_USER, NATS_PASSWORD } : withoutStores;
  let schema = Joi.object({ ...base, ...keys });
  // One way to authenticate to NATS: a user needs its password, and a creds file carries its own identity.
  if (stores) schema = schema.and('NATS_USER', 'NATS_PASSWORD').oxor('NATS_CREDS_FILE', 'NATS_USER');
  schema = schema
    .custom(sessionKeyRule)
    .options({ abortEarly: false, allowUnknown: true, stripUnknown: true, convert: true });
  const result: Joi.ValidationResult<T> = schema.validate(env);
  if (result.error) throw new ConfigError(result.error.details.map((d) => d.message));
  return result.value;
}
