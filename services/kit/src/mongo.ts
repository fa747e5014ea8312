import mongoose, { type Connection } from 'mongoose';
import type { Logger } from './logger';

/**
 * Opens the service's own connection (its own database, so no service can read another's collections).
 * The driver reconnects by itself; we only log the transitions.
 */
export async function connectMongo(url: string, dbName: string, log: Logger): Promise<Connection> {
  const connection = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS: 10_000,
    maxPoolSize: 20,
  });
  connection.on('disconnected', () => log.warn('mongodb disconnected'));
  connection.on('reconnected', () => log.info('mongodb reconnected'));
  await connection.asPromise();
  log.info({ dbName }, 'mongodb connected');
  return connection;
}

/** MongoDB's code (and FerretDB's) for a query that its `maxTimeMS` stopped. */
const MAX_TIME_MS_EXPIRED = 50;

/** Whether a query was stopped by its time limit: the database is slow right now, a retry may succeed. */
export function isQueryTimeout(error: unknown): boolean {
  return error instanceof mongoose.mongo.MongoServerError && error.code === MAX_TIME_MS_EXPIRED;
}

/**
 * Whether the database could not be reached for this operation (down, restarting, a connection cut): a 503
 * with `Retry-After` for the client, not an internal error. Pool-cleared errors are network errors too.
 */
export function isStoreUnavailable(error: unknown): boolean {
  const { mongo } = mongoose;
  if (error instanceof mongo.MongoNetworkError || error instanceof mongo.MongoServerSelectionError || error instanceof mongo.MongoTopologyClosedError) return true;
  // A bulk write whose connection broke: the driver wraps the network error, copying its fields (`beforeHandshake`).
  if (error instanceof mongo.MongoBulkWriteError && typeof (error as { beforeHandshake?: unknown }).beforeHandshake === 'boolean') return true;
  // FerretDB stopping (or its PostgreSQL): the command in flight is cancelled and answered as InternalError.
  return error instanceof mongo.MongoServerError && error.code === FERRETDB_INTERNAL_ERROR && /context canceled/.test(error.message);
}

/** The code of MongoDB's (and FerretDB's) InternalError. */
const FERRETDB_INTERNAL_ERROR = 1;

export function isMongoReady(connection: Connection): boolean {
  return connection.readyState === mongoose.ConnectionStates.connected;
}

/** Closes the connection on purpose: the disconnect that follows is not worth a warning. */
export function closeMongo(connection: Connection): Promise<void> {
  connection.removeAllListeners('disconnected');
  return connection.close();
}
