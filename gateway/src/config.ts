import Joi from 'joi';
import { loadConfig, type BaseConfig } from '@erp/kit';

export type GatewayConfig = Omit<BaseConfig, 'MONGODB_URL' | 'NATS_URL'> & {
  TOKEN_SERVICE_URL: string;
  INGESTION_SERVICE_URL: string;
  FISCAL_DOCUMENT_SERVICE_URL: string;
  TAX_SIMULATION_SERVICE_URL: string;
  SETTINGS_SERVICE_URL: string;
  /** Upper bound on sockets the gateway keeps open to each service. */
  UPSTREAM_MAX_SOCKETS: number;
  UPSTREAM_TIMEOUT_MS: number;
  GRAPHQL_BODY_LIMIT: number;
  /**
   * Body limits of the REST routes, each the owning service's own (the ingestion reads the same variable and
   * counts after gzip; the gateway counts the bytes as sent): no more is forwarded.
   */
  INGESTION_BODY_LIMIT_BYTES: number;
  SETTINGS_BODY_LIMIT_BYTES: number;
  FISCAL_BODY_LIMIT_BYTES: number;
};

const serviceUrl = (port: number) => Joi.string().uri({ scheme: ['http', 'https'] }).default(`http://127.0.0.1:${port}`);

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig<GatewayConfig>(
    {
      PORT: Joi.number().port().default(4000),
      TOKEN_SERVICE_URL: serviceUrl(4101),
      INGESTION_SERVICE_URL: serviceUrl(4102),
      FISCAL_DOCUMENT_SERVICE_URL: serviceUrl(4103),
      TAX_SIMULATION_SERVICE_URL: serviceUrl(4104),
      SETTINGS_SERVICE_URL: serviceUrl(4105),
      UPSTREAM_MAX_SOCKETS: Joi.number().integer().min(1).max(1024).default(64),
      UPSTREAM_TIMEOUT_MS: Joi.number().integer().min(100).max(120_000).default(30_000),
      GRAPHQL_BODY_LIMIT: Joi.number().integer().min(1024).default(256 * 1024),
      INGESTION_BODY_LIMIT_BYTES: Joi.number().integer().min(64 * 1024).default(5 * 1024 * 1024),
      SETTINGS_BODY_LIMIT_BYTES: Joi.number().integer().min(1024).default(256 * 1024),
      FISCAL_BODY_LIMIT_BYTES: Joi.number().integer().min(1024).default(1024 * 1024),
    },
    env,
    { stores: false },
  );
}

/** Subgraph names in the supergraph, each served by one service. */
export function subgraphsOf(config: GatewayConfig): { name: string; url: string }[] {
  return [
    { name: 'token', url: config.TOKEN_SERVICE_URL },
    { name: 'ingestion', url: config.INGESTION_SERVICE_URL },
    { name: 'fiscal_document', url: config.FISCAL_DOCUMENT_SERVICE_URL },
    { name: 'tax_simulation', url: config.TAX_SIMULATION_SERVICE_URL },
    { name: 'settings', url: config.SETTINGS_SERVICE_URL },
  ];
}
