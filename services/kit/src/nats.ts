import { readFileSync } from 'node:fs';
import { connect, credsAuthenticator, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { ContractViolation, decode, encode } from '@erp/contracts';
import type Joi from 'joi';
import type { Logger } from './logger';

export type { NatsConnection };

/** Connects and keeps reconnecting for ever: a broker restart must not take a service down. */
export async function connectNats(
  url: string,
  name: string,
  log: Logger,
  credsFile?: string,
): Promise<NatsConnection> {
  const nc = await connect({
    servers: url.split(','),
    authenticator: credsFile ? credsAuthenticator(readFileSync(credsFile)) : undefined,
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    waitOnFirstConnect: true,
  });
  (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnect') log.warn({ nats: status.type }, 'nats status');
    }
  })().catch(() => undefined);
  log.info({ server: nc.getServer() }, 'nats connected');
  return nc;
}

export function isNatsReady(nc: NatsConnection): boolean {
  return !nc.isClosed() && !nc.isDraining();
}

/**
 * Answers requests on `subject` in a queue group, so replicas share the load. A request that breaks the
 * contract gets `{ ok: false, codigo: 'CONTRATO_VIOLADO' }`; a fault in the handler gets `ERRO_INTERNO`.
 * Neither ever stops the subscription.
 */
export function serveRequests<Req, Res>(
  nc: NatsConnection,
  subject: string,
  schema: Joi.Schema<Req>,
  handler: (request: Req) => Promise<Res>,
  log: Logger,
  queue: string,
): void {
  const sub = nc.subscribe(subject, { queue });
  (async () => {
    for await (const msg of sub) {
      try {
        const request = decode(subject, schema, msg.data);
        msg.respond(encode(await handler(request)));
      } catch (error) {
        const contract = error instanceof ContractViolation;
        log.error({ err: error, subject }, contract ? 'request breaks its contract' : 'request handler failed');
        msg.respond(
          encode({ ok: false, codigo: contract ? 'CONTRATO_VIOLADO' : 'ERRO_INTERNO', erro: 'request not handled' }),
        );
      }
    }
  })().catch((error) => log.error({ err: error, subject }, 'subscription ended'));
}

/** Sends a request and validates the reply against its contract. */
export async function requestReply<Res>(
  nc: NatsConnection,
  subject: string,
  payload: unknown,
  schema: Joi.Schema<Res>,
  timeoutMs = 2_000,
): Promise<Res> {
  const msg = await nc.request(subject, encode(payload), { timeout: timeoutMs });
  return decode(subject, schema, msg.data);
}

/** Creates the stream or widens its subjects; safe to run from every replica at every start. */
export async function ensureStream(
  nc: NatsConnection,
  stream: { name: string; subjects: readonly string[] },
  replicas = 1,
): Promise<JetStreamManager> {
  const jsm = await jetstreamManager(nc);
  try {
    await jsm.streams.info(stream.name);
    await jsm.streams.update(stream.name, { subjects: [...stream.subjects] });
  } catch {
    await jsm.streams.add({ name: stream.name, subjects: [...stream.subjects], num_replicas: replicas });
  }
  return jsm;
}
