import { bootService, readCeilingOf } from '@erp/kit';
import { readConfig } from './config';
import { entityDefinitions } from './domain';
import { createResolvers } from './graphql/resolvers';
import { typeDefs } from './graphql/schema';
import { createTokenAuthenticator } from './messaging/token-authenticator';
import { createUserDirectory } from './messaging/user-directory';
import { ingestionRoutes } from './rest/ingestion-routes';
import { createBatchStore } from './store/batches';
import { createIdempotencyStore } from './store/idempotency';
import { createRateLimiter } from './store/rate-limit';
import { assertNoReservedFields, createRecordStore } from './store/records';

const config = readConfig();

void bootService({
  name: 'ingestion',
  config,
  dbName: config.MONGODB_DB,
  setup: async ({ db, nc, app, log }) => {
    assertNoReservedFields(entityDefinitions);
    const records = await createRecordStore(db, {
      entidades: entityDefinitions.map((def) => def.entidade),
      maxTimeMS: config.INGESTION_QUERY_MAX_TIME_MS,
    });
    const batches = await createBatchStore(db, { maxTimeMS: config.INGESTION_QUERY_MAX_TIME_MS });
    // A turn comes within one query's time limit or not at all: a waiting read never outlives a running one by much.
    const reads = readCeilingOf('INGESTION', config, config.INGESTION_QUERY_MAX_TIME_MS);
    const limiter = await createRateLimiter(db, { log, perMinute: config.INGESTION_RATE_LIMIT_PER_MINUTE, maxTimeMS: config.INGESTION_QUERY_MAX_TIME_MS });
    const idempotency = await createIdempotencyStore(db, { log, retentionMs: config.IDEMPOTENCY_RETENTION_HOURS * 3_600_000, maxTimeMS: config.INGESTION_QUERY_MAX_TIME_MS });
    const authenticator = createTokenAuthenticator({
      nc,
      log,
      ttlMs: config.TOKEN_CACHE_TTL_MS,
      maxEntries: config.TOKEN_CACHE_MAX_ENTRIES,
      timeoutMs: config.NATS_REQUEST_TIMEOUT_MS,
    });
    await authenticator.start();
    const directory = createUserDirectory({ nc, log, timeoutMs: config.NATS_REQUEST_TIMEOUT_MS });

    await app.register(
      ingestionRoutes({
        authenticator,
        limiter,
        idempotency,
        ingest: { records, batches, directory, log, resumeWritesMs: config.INGESTION_WRITE_RESUME_MS },
        bodyLimitBytes: config.INGESTION_BODY_LIMIT_BYTES,
      }),
      { prefix: '/api/ingestao-pub' },
    );

    return {
      typeDefs,
      resolvers: createResolvers({ batches, records, reads }),
      stops: [
        async () => {
          limiter.stop();
          idempotency.stop();
          await authenticator.stop();
        },
      ],
    };
  },
});
