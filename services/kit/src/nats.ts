import { readFileSync } from 'node:fs';
import {
  connect,
  credsAuthenticator,
  headers as natsHeaders,
  NoRespondersError,
  RequestError,
  TimeoutError,
  type MsgHdrs,
  type NatsConnection,
} from '@nats-io/transport-node';
import { jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import {
  ContractViolation,
  MessagingErrorCodes,
  decode,
  encode,
  eventContracts,
  requestContracts,
  type EventOf,
  type EventSubject,
  type FailureReply,
  type ReplyOf,
  type RequestOf,
  type RequestSubject,
} from '@erp/contracts';
import type Joi from 'joi';
import type { Logger } from './logger';
import { natsRequestMetrics } from './metrics';
import { injectTrace, inMessagingSpan } from './telemetry';

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
 */
export async function connectNats(url: string, name: string, log: Logger, auth: NatsAuth = {}): Promise<NatsConnection> {
  const { credsFile, user, password } = auth;
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
 * Answers requests on `subject` in a queue group, so replicas share the load. Request and reply types and
 * schemas come from the subject's contract. A request that breaks the contract gets
 * `{ ok: false, codigo: 'CONTRATO_VIOLADO' }`; a fault in the handler gets `ERRO_INTERNO`. Neither ever
 * stops the subscription. Each request is timed (`nats_request_duration_seconds`, side `server`) and handled in
 * a span whose parent is the requester's trace (`traceparent` header).
 */
export function serveRequests<S extends RequestSubject>(
  nc: NatsConnection,
  subject: S,
  handler: (request: RequestOf<S>) => Promise<ReplyOf<S>>,
  options: { log: Logger; queue: string },
): void {
  const { log, queue } = options;
  const schema: Joi.Schema<RequestOf<S>> = requestContracts[subject].request;
  const { duration, failures } = natsRequestMetrics();
  const sub = nc.subscribe(subject, { queue });
  (async () => {
    for await (const msg of sub) {
      const timer = duration.startTimer({ subject, side: 'server' });
      // The requester's trace goes on here: its `traceparent` header parents this side's span.
      await inMessagingSpan(`${subject} process`, { kind: 'server', subject, headers: msg.headers }, async () => {
        try {
          const request = decode(subject, schema, msg.data);
          msg.respond(encode(await handler(request)));
          timer({ outcome: 'ok' });
        } catch (error) {
          const contract = error instanceof ContractViolation;
          const reason = contract ? 'contract' : 'error';
          timer({ outcome: reason });
          failures.inc({ subject, side: 'server', reason });
          // A request that breaks the contract is the sender's bug: a warning here, the details in the reply.
          if (contract) log.warn({ subject, detail: error.message }, 'request breaks its contract');
          else log.error({ err: error, subject }, 'request handler failed');
          msg.respond(
            encode<FailureReply>({
              ok: false,
              codigo: contract ? MessagingErrorCodes.CONTRATO_VIOLADO : MessagingErrorCodes.ERRO_INTERNO,
              erro: contract ? error.message : 'request not handled',
            }),
          );
        }
      });
    }
  })().catch((error) => log.error({ err: error, subject }, 'subscription ended'));
}

/** Why a request failed, as a label: the broker's own causes first, then a reply that breaks the contract. */
function failureReason(error: unknown): string {
  const cause = error instanceof RequestError ? error.cause : error;
  if (cause instanceof TimeoutError || error instanceof TimeoutError) return 'timeout';
  if (cause instanceof NoRespondersError || error instanceof NoRespondersError) return 'no_responders';
  if (error instanceof ContractViolation) return 'contract';
  return 'error';
}

/** Headers carrying the active trace, or none at all when tracing is off (no header bytes on the wire). */
function traceHeaders(): MsgHdrs | undefined {
  const collected: [string, string][] = [];
  injectTrace({ set: (name, value) => collected.push([name, value]), get: () => '' });
  if (collected.length === 0) return undefined;
  const headers = natsHeaders();
  for (const [name, value] of collected) headers.set(name, value);
  return headers;
}

/**
 * Sends a request and validates the reply against the subject's contract. `sendOn` sends it on another
 * subject under the same contract (a test's own responder, away from the running service's queue group).
 * Timed per contract subject (`nats_request_duration_seconds`, side `client`; failures by reason in
 * `nats_request_failures_total`), in a span whose trace travels to the responder in the `traceparent` header.
 */
export async function requestReply<S extends RequestSubject>(
  nc: NatsConnection,
  subject: S,
  request: RequestOf<S>,
  options: { timeoutMs?: number; sendOn?: string } = {},
): Promise<ReplyOf<S>> {
  const schema: Joi.Schema<ReplyOf<S>> = requestContracts[subject].reply;
  const { duration, failures } = natsRequestMetrics();
  return inMessagingSpan(`${subject} send`, { kind: 'client', subject }, async () => {
    const timer = duration.startTimer({ subject, side: 'client' });
    try {
      const msg = await nc.request(options.sendOn ?? subject, encode(request), {
        timeout: options.timeoutMs ?? 2_000,
        headers: traceHeaders(),
      });
      const reply = decode(subject, schema, msg.data);
      // A responder's own failure (`ERRO_INTERNO`, `CONTRATO_VIOLADO`) is a failed request; a refusal is an answer.
      const failed = isFailureReply(reply);
      timer({ outcome: failed ? 'failure_reply' : 'ok' });
      if (failed) failures.inc({ subject, side: 'client', reason: 'failure_reply' });
      return reply;
    } catch (error) {
      const reason = failureReason(error);
      timer({ outcome: reason });
      failures.inc({ subject, side: 'client', reason });
      throw error;
    }
  });
}

function isFailureReply(reply: unknown): boolean {
  if (typeof reply !== 'object' || reply === null || (reply as { ok?: unknown }).ok !== false) return false;
  const codigo = (reply as { codigo?: unknown }).codigo;
  return codigo === MessagingErrorCodes.ERRO_INTERNO || codigo === MessagingErrorCodes.CONTRATO_VIOLADO;
}

/** Publishes a core NATS event after checking it against its contract (a bad payload is our bug: it throws). */
export function publishCoreEvent<S extends EventSubject>(nc: NatsConnection, subject: S, event: EventOf<S>): void {
  nc.publish(subject, encode(checkedEvent(subject, event)), { headers: traceHeaders() });
}

/**
 * Publishes a JetStream event with `Nats-Msg-Id` = `eventId` and resolves once the stream holds it: the
 * stream drops a second publish of the same id within its duplicate window, and consumers de-duplicate by
 * the same id after it. The active trace travels in the message's `traceparent` header.
 */
export async function publishEvent<S extends EventSubject>(
  js: JetStreamClient,
  subject: S,
  event: EventOf<S>,
  eventId: string,
  timeoutMs = 5_000,
): Promise<void> {
  const data = encode(checkedEvent(subject, event));
  await inMessagingSpan(`${subject} publish`, { kind: 'producer', subject }, async () => {
    await js.publish(subject, data, { msgID: eventId, timeout: timeoutMs, headers: traceHeaders() });
  });
}

function checkedEvent<S extends EventSubject>(subject: S, event: EventOf<S>): EventOf<S> {
  const { error } = (eventContracts[subject].schema as Joi.Schema).validate(event, { abortEarly: false });
  if (error) throw new ContractViolation(subject, error.details.map((d) => `${d.path.join('.') || '(body)'}: ${d.type}`).join(', '));
  return event;
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
