export { loadConfig, baseConfigKeys, ConfigError, type BaseConfig } from './config';
export { createLogger, type Logger } from './logger';
export { createHttpApp, refusalBody, sendRefusal, storeRefusal, type FastifyInstance, type ReadinessCheck } from './http';
export { connectMongo, closeMongo, isMongoReady, isQueryTimeout, retryWhileStoreUnavailable } from './mongo';
export {
  connectNats,
  isNatsReady,
  serveRequests,
  requestReply,
  publishEvent,
  publishCoreEvent,
  ensureStream,
  type NatsAuth,
  type NatsConnection,
} from './nats';
export { createSessionVerifier, SessionError, type SessionConfig, type SessionVerifier } from './session';
export { sessionHook, sessionOf, verifiedSession, requireRole, unauthenticatedRefusal, forbiddenRefusal } from './rest-session';
export { mountSubgraph, mountGraphqlServer, requireSession, requireAdmin, resolver, toGraphQLError, maskInternalErrors, gql, type GraphContext, type Resolver } from './subgraph';
export { ReadCeiling, readCeilingKeys, readCeilingOf, type ReadCeilingConfig, type ReadCeilingLimits } from './read-ceiling';
export { checkOperation, graphqlLimitsOf, introspectionAllowed, MAX_PAGE_SIZE, type GraphqlLimits } from './graphql-limits';
export { systemClock, offsetClock, type Clock } from './clock';
export { startPeriodicJob, type JobPhase, type PeriodicJob } from './periodic-job';
export { dependencyUnavailable, fiscalSettingsReader, type FiscalSettingsReader } from './fiscal-settings';
export { ok, objectBody, sendFile, type FileReply } from './rest-replies';
export { pageSize, encodeCursor, decodeCursor, pageOf, type Page, type PagePosition } from './paging';
export { DateTime, parseIsoDateTime, toDate } from './date-time';
export { runService, type Stop } from './service';
export { signDevSession } from './dev-session';
export { bootService, type ServiceDefinition, type ServiceDeps } from './boot';
export { claimOnce, isDuplicateKey } from './claim';
export { startOutboxRelay, pendingEvent, type OutboxEntry, type OutboxRelay, type RelayState, type WithOutbox } from './outbox';
export { consumeEvents, DEAD_LETTERS_COLLECTION, PROCESSED_EVENTS_COLLECTION, type DeadLetter, type EventConsumer } from './consumer';
export { counter, gauge, histogram, boundedLabel, enableProcessMetrics, metricsRegistry } from './metrics';
export { traceFields } from './telemetry';
