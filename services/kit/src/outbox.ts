import { jetstream } from '@nats-io/jetstream';
import { context } from '@opentelemetry/api';
import type { mongo } from 'mongoose';
import type { EventOf, EventSubject } from '@erp/contracts';
import type { Logger } from './logger';
import { outboxMetrics, reportOutboxPending } from './metrics';
import { publishEvent, type NatsConnection } from './nats';
import { contextOfTraceparent, currentTraceparent } from './telemetry';

/**
 * The outbox part of a stored document: the event that the document's write announces. It is written in the
 * SAME insert as the state it announces (a claim by unique insert, see `claimOnce`), so the state and its
 * event exist together or not at all; the relay publishes it afterwards, however often the process dies.
 */
export interface OutboxEntry<S extends EventSubject = EventSubject> {
  eventId: string;
  subject: S;
  payload: EventOf<S>;
  estado: 'PENDENTE' | 'PUBLICADO';
  criadoEm: Date;
  publicadoEm?: Date;
  /** Failed publish attempts, for the logs and for whoever looks at a stuck entry. */
  falhas: number;
  /** The trace of the write that recorded the event (W3C), continued by the relay's publish; absent when off. */
  traceparent?: string;
}

/** A stored document that may carry an event (a claim whose event is decided later has none yet). */
export interface WithOutbox {
  _id: string;
  outbox?: OutboxEntry;
}

export function pendingEvent<S extends EventSubject>(subject: S, eventId: string, payload: EventOf<S>, now = new Date()): OutboxEntry<S> {
  const traceparent = currentTraceparent();
  return { eventId, subject, payload, estado: 'PENDENTE', criadoEm: now, falhas: 0, ...(traceparent ? { traceparent } : {}) };
}

export type RelayState = { kind: 'idle' } | { kind: 'publishing'; since: Date } | { kind: 'stopping' } | { kind: 'stopped' };

export interface OutboxRelay {
  state(): RelayState;
  /**
   * Publishes every pending entry now (the author of a write calls it right after, so events go out at
   * once; the timer is only the safety net). Resolves with how many were published by this pass.
   */
  flush(): Promise<number>;
  stop(): Promise<void>;
}

export interface OutboxRelayOptions<T extends WithOutbox> {
  collection: mongo.Collection<T>;
  nc: NatsConnection;
  log: Logger;
  /** Name in the logs and the `relay` label of the outbox metrics. */
  name: string;
  intervalMs?: number;
  batchSize?: number;
  /**
   * Finishes, idempotently, what the entry's author may have left undone when it died between its claim and
   * its other writes (for example the state flip a cancellation claims). Runs before each publish, so an
   * event never goes out for a change that is not complete.
   */
  complete?: (doc: T) => Promise<void>;
  /**
   * Entries with the same key go out in the order they were recorded: once one fails, the later entries of
   * its key wait for the next pass (an event never overtakes an earlier one of the same subject, say a
   * document's cancellation its authorization). Without it, each entry goes out on its own.
   */
  orderKey?: (doc: T) => string;
}

const PENDING = { 'outbox.estado': 'PENDENTE' } as const;

/**
 * Publishes the pending outbox entries of one collection to JetStream with `Nats-Msg-Id` = the event id and
 * marks them sent. It starts with a pass (resuming after a crash), then runs one every `intervalMs` and
 * whenever `flush` asks. Several replicas may publish the same entry at once: the stream's duplicate window
 * and the consumers' de-duplication by event id make that harmless; an entry is never lost.
 * Metrics, by relay name: `outbox_pending` (counted at each scrape), `outbox_published_total`,
 * `outbox_publish_failures_total`.
 */
export async function startOutboxRelay<T extends WithOutbox>(options: OutboxRelayOptions<T>): Promise<OutboxRelay> {
  const { collection, log, name, complete, orderKey } = options;
  const intervalMs = options.intervalMs ?? 2_000;
  const batchSize = options.batchSize ?? 100;
  const js = jetstream(options.nc);
  await collection.createIndex({ 'outbox.estado': 1 }, { name: 'outbox_estado' });
  const metrics = outboxMetrics();
  const unreport = reportOutboxPending(name, () => collection.countDocuments(PENDING as unknown as mongo.Filter<T>, { maxTimeMS: 2_000 }));

  let state: RelayState = { kind: 'idle' };
  let current: Promise<number> = Promise.resolve(0);
  let again = false;

  const publishOne = async (doc: T): Promise<boolean> => {
    // Only documents with a pending entry are read, so it is there.
    const entry = doc.outbox!;
    try {
      if (complete) await complete(doc);
      // The publish continues the trace of the write that recorded the event, however much later it runs.
      await context.with(contextOfTraceparent(entry.traceparent), () => publishEvent(js, entry.subject, entry.payload as never, entry.eventId));
    } catch (error) {
      metrics.failures.inc({ relay: name });
      log.warn({ err: error, relay: name, eventId: entry.eventId }, 'outbox publish failed; will retry');
      await collection.updateOne({ _id: doc._id } as unknown as mongo.Filter<T>, { $inc: { 'outbox.falhas': 1 } } as never).catch(() => undefined);
      return false;
    }
    await collection.updateOne(
      { _id: doc._id, ...PENDING } as unknown as mongo.Filter<T>,
      { $set: { 'outbox.estado': 'PUBLICADO', 'outbox.publicadoEm': new Date() } } as never,
    );
    metrics.published.inc({ relay: name });
    return true;
  };

  const pass = async (): Promise<number> => {
    let published = 0;
    do {
      again = false;
      state = { kind: 'publishing', since: new Date() };
      try {
        const docs = (await collection.find(PENDING as unknown as mongo.Filter<T>).sort({ 'outbox.criadoEm': 1 }).limit(batchSize).toArray()) as T[];
        const held = new Set<string>();
        const before = published;
        for (const doc of docs) {
          if (state.kind !== 'publishing') break;
          const key = orderKey?.(doc);
          if (key !== undefined && held.has(key)) continue;
          if (await publishOne(doc)) published += 1;
          else if (key !== undefined) held.add(key);
        }
        // A full batch means more may wait: go on at once rather than a whole interval later (unless nothing of
        // it went out: the same failing entries would be read again at once).
        if (docs.length === batchSize && published > before) again = true;
      } catch (error) {
        log.warn({ err: error, relay: name }, 'outbox pass failed; will retry');
      }
      if (state.kind === 'publishing') state = { kind: 'idle' };
    } while (again && state.kind === 'idle');
    return published;
  };

  const flush = (): Promise<number> => {
    if (state.kind === 'stopping' || state.kind === 'stopped') return Promise.resolve(0);
    if (state.kind === 'publishing') {
      // A pass is under way and may have read the pending list before this caller's write: run once more.
      again = true;
      return current;
    }
    current = pass();
    return current;
  };

  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();
  void flush();

  return {
    state: () => state,
    flush,
    async stop() {
      clearInterval(timer);
      unreport();
      if (state.kind === 'stopped') return;
      state = { kind: 'stopping' };
      await current.catch(() => undefined);
      state = { kind: 'stopped' };
    },
  };
}
