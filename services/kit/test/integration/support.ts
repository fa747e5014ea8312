import mongoose, { type Connection } from 'mongoose';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { createLogger, ensureStream } from '../../src';
import { Streams } from '@erp/contracts';
import { stackEnv } from '../../../../test/support/env';

/** Kit integration tests use the run's FerretDB and NATS, in a database of their own. */
export const log = createLogger('kit-test', 'silent');

export function openDb(): Promise<Connection> {
  return mongoose.createConnection(stackEnv.mongodbUrl, { dbName: `erp_kit_it_${process.pid}`, retryWrites: false }).asPromise();
}

export async function openNats(): Promise<NatsConnection> {
  const nc = await connect({ servers: stackEnv.natsUrl, name: 'kit-it' });
  await ensureStream(nc, Streams.settings);
  return nc;
}

export const unique = (label: string) => `${label}-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export async function eventually<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
