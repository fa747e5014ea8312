import type { Connection } from 'mongoose';
import type { DocumentNode } from 'graphql';
import type { BaseConfig } from './config';
import { createHttpApp, type FastifyInstance } from './http';
import { createLogger, type Logger } from './logger';
import { enableProcessMetrics } from './metrics';
import { closeMongo, connectMongo, isMongoReady } from './mongo';
import { connectNats, isNatsReady, type NatsConnection } from './nats';
import { runService, type Stop } from './service';
import { createSessionVerifier, type SessionVerifier } from './session';
import { graphqlLimitsOf, introspectionAllowed } from './graphql-limits';
import { mountSubgraph } from './subgraph';

/** What a service's own wiring receives once the shared plumbing is up. */
export interface ServiceDeps<C extends BaseConfig> {
  config: C;
  log: Logger;
  db: Connection;
  nc: NatsConnection;
  app: FastifyInstance;
  verifySession: SessionVerifier;
}

export interface ServiceDefinition<C extends BaseConfig> {
  name: string;
  config: C;
  /** Database owned by this service alone. */
  dbName: string;
  bodyLimit?: number;
  /** Registers routes and subscriptions; returns the subgraph and any extra stops (run before the shared ones). */
  setup: (deps: ServiceDeps<C>) => Promise<{ typeDefs: DocumentNode; resolvers: object; stops?: Stop[] }>;
}

/**
 * Starts a service the same way everywhere: database, broker, HTTP with health checks, the service's own
 * routes and handlers, its subgraph at `/graphql`, then listen. Stops in the reverse order.
 */
export function bootService<C extends BaseConfig>(definition: ServiceDefinition<C>): Promise<void> {
  const { config, name } = definition;
  const log = createLogger(name, config.LOG_LEVEL);
  enableProcessMetrics(name);
  return runService(log, async () => {
    const db = await connectMongo(config.MONGODB_URL, definition.dbName, log);
    const nc = await connectNats(config.NATS_URL, name, log, {
      credsFile: config.NATS_CREDS_FILE,
      user: config.NATS_USER,
      password: config.NATS_PASSWORD,
    });
    const app = createHttpApp({
      log,
      bodyLimit: definition.bodyLimit,
      readiness: [
        { name: 'mongodb', ready: () => isMongoReady(db) },
        { name: 'nats', ready: () => isNatsReady(nc) },
      ],
    });
    const verifySession = await createSessionVerifier(config);
    const { typeDefs, resolvers, stops = [] } = await definition.setup({ config, log, db, nc, app, verifySession });
    await mountSubgraph(app, {
      typeDefs,
      resolvers,
      verifySession,
      log,
      limits: graphqlLimitsOf(config),
      introspection: introspectionAllowed(config),
    });
    await app.listen({ host: config.HOST, port: config.PORT });
    return [() => closeMongo(db), () => nc.drain(), ...stops, () => app.close()];
  });
}
