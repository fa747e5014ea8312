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

export function isMongoReady(connection: Connection): boolean {
  return connection.readyState === mongoose.ConnectionStates.connected;
}

/** Closes the connection on purpose: the disconnect that follows is not worth a warning. */
export function closeMongo(connection: Connection): Promise<void> {
  connection.removeAllListeners('disconnected');
  return connection.close();
}
