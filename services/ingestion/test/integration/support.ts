import mongoose, { type Connection } from 'mongoose';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { createLogger } from '@erp/kit';
import { stackEnv } from '../../../../test/support/env';

/** Integration tests use the run's FerretDB and NATS, in a database of their own. */
export const TEST_DB = `erp_ingestion_it_${process.pid}`;
export const log = createLogger('ingestion-test', 'silent');

export function openDb(options: { monitorCommands?: boolean } = {}): Promise<Connection> {
  return mongoose.createConnection(stackEnv.mongodbUrl, { dbName: TEST_DB, retryWrites: false, ...options }).asPromise();
}

export function openNats(): Promise<NatsConnection> {
  return connect({ servers: stackEnv.natsUrl, name: 'ingestion-it' });
}

export const unique = (label: string) => `${label}-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
