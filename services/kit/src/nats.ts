import { readFileSync } from 'node:fs';
import { connect, credsAuthenticator, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { ContractViolation, decode, encode, type FailureReply } from '@erp/contracts';
import type Joi from 'joi';
import type { Logger } from './logger';

export type { NatsConnection };

/**
 * How a service proves who it is to the broker: a credentials file (JWT + NKey seed), or a user and password
 * whose permissions the server configuration lists. Neither: an unauthenticated development broker.
 */
export interface NatsAuth {
  credsFile?: string;
  user?: string;
  password?: string;
}

/**
 * Connects and keeps reconnecting for ever: a broker restart must not take a service down. With a user, reply
 * inboxes are `_INBOX.<user>.…`, so the broker can let each user read only its own replies.
 * `auth` as a string is the credentials file (the earlier signature).
 */
export async function connectNats(
  url: string,
  name: string,
  log: Logger,
  auth: string | NatsAuth = {},
): Promise<NatsConnection> {
  const { credsFile, user, password } = typeof auth === 'string' ? { credsFile: auth } : auth;
  const nc = await connect({
    servers: url.split(','),
    authenticator: credsFile ? credsAuthenticator(readFileSync(credsFile)) : undefined,
    user,
    pass: password,
    inboxPrefix: user ? `_INBOX.${user}` : undefined,
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    waitOnFirstConnect: true,
  });
  (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnect') log.warn({ nats: status.type }, 'nats status');
      // A denied publish or subscribe is a deployment fault (permissions vs. code); say which subject.
      if (status.type === 'error') log.error({ err: status.error }, 'nats error');
    }
  })().catch(() => undefined);
  log.info({ server: nc.getServer(), user }, 'nats connected');
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
        // A request that breaks the contract is the sender's bug: a warning here, the details in the reply.
        if (contract) log.warn({ subject, detail: error.message }, 'request breaks its contract');
        else log.error({ err: error, subject }, 'request handler failed');
        msg.respond(
          encode<FailureReply>({
            ok: false,
            codigo: contract ? 'CONTRATO_VIOLADO' : 'ERRO_INTERNO',
            erro: contract ? error.message : 'request not handled',
          }),
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
