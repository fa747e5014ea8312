import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { Connection } from 'mongoose';
import { ContractViolation, decode, eventContracts, type EventOf, type EventSubject } from '@erp/contracts';
import { claimOnce } from './claim';
import type { Logger } from './logger';
import type { NatsConnection } from './nats';
import { inMessagingSpan } from './telemetry';

/** One event handled by a durable consumer: kept so a redelivery of the same id is acknowledged and skipped. */
interface ProcessedEvent {
  _id: string;
  consumidor: string;
  eventId: string;
  em: Date;
}

/** A message that could not be handled after every retry, or that breaks its contract: kept for a person. */
export interface DeadLetter {
  _id: string;
  consumidor: string;
  subject: string;
  eventId: string;
  /** The message body as received (a poison message may not even be JSON). */
  corpo: string;
  motivo: string;
  entregas: number;
  em: Date;
}

export const PROCESSED_EVENTS_COLLECTION = 'processed_events';
export const DEAD_LETTERS_COLLECTION = 'dead_letters';

export interface EventConsumerOptions<S extends EventSubject> {
  nc: NatsConnection;
  /** The consumer's own database: where it remembers handled ids and keeps dead letters. */
  db: Connection;
  log: Logger;
  subject: S;
  /** Durable consumer name: replicas of one service share it (each message to one of them). */
  durable: string;
  handle: (event: EventOf<S>, meta: { eventId: string; delivery: number }) => Promise<void>;
  /** Deliveries before a failing message becomes a dead letter. */
  maxDeliveries?: number;
  /** Delay before a failed message is delivered again (grows with each delivery). */
  retryDelayMs?: number;
  /** How long the broker waits for an acknowledgement before redelivering (a handler must finish well within). */
  ackWaitMs?: number;
}

export interface EventConsumer {
  stop(): Promise<void>;
}

/**
 * A durable JetStream consumer with explicit acknowledgement. Each message is handled at most once per event
 * id (`Nats-Msg-Id`): a redelivery of an id already handled is acknowledged and skipped. A handler failure
 * is retried with a growing delay; after `maxDeliveries` the message is recorded as a dead letter and
 * terminated, so one poison message never blocks the ones behind it. A message that breaks its contract is
 * a dead letter at once (retrying cannot fix it).
 *
 * Handlers should still be idempotent: the id is recorded after the handler succeeds, so a crash between the
 * two, or an acknowledgement that times out, delivers the event again.
 */
export async function consumeEvents<S extends EventSubject>(options: EventConsumerOptions<S>): Promise<EventConsumer> {
  const { nc, db, log, subject, durable, handle } = options;
  const maxDeliveries = options.maxDeliveries ?? 5;
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  const stream = eventContracts[subject].stream;
  if (!stream) throw new Error(`${subject} is a core NATS event, not kept by a stream`);

  const processed = db.collection<ProcessedEvent>(PROCESSED_EVENTS_COLLECTION);
  const deadLetters = db.collection<DeadLetter>(DEAD_LETTERS_COLLECTION);
  const jsm = await jetstreamManager(nc);
  try {
    await jsm.consumers.info(stream, durable);
  } catch {
    await jsm.consumers.add(stream, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: subject,
      ack_wait: nanos(options.ackWaitMs ?? 30_000),
      // The broker never drops a message on its own: dead letters are ours to decide and record.
      max_deliver: -1,
    });
  }
  const consumer = await jetstream(nc).consumers.get(stream, durable);
  const messages: ConsumerMessages = await consumer.consume({ max_messages: 16 });

  const idOf = (eventId: string) => `${durable}:${eventId}`;

  const bury = async (msg: JsMsg, eventId: string, motivo: string) => {
    const letter: DeadLetter = {
      _id: idOf(eventId),
      consumidor: durable,
      subject: msg.subject,
      eventId,
      corpo: msg.string(),
      motivo,
      entregas: msg.info.deliveryCount,
      em: new Date(),
    };
    await claimOnce(deadLetters, letter);
    log.error({ consumer: durable, subject: msg.subject, eventId, motivo }, 'event moved to dead letters');
    msg.term(motivo);
  };

  const onMessage = async (msg: JsMsg) => {
    // Without a message id there is nothing to de-duplicate by; the stream sequence is unique instead.
    const eventId = msg.headers?.get('Nats-Msg-Id') || `seq:${msg.seq}`;
    if (await processed.findOne({ _id: idOf(eventId) })) {
      msg.ack();
      return;
    }
    let event: EventOf<S>;
    try {
      event = decode<EventOf<S>>(subject, eventContracts[subject].schema, msg.data);
    } catch (error) {
      if (error instanceof ContractViolation) return bury(msg, eventId, error.message);
      throw error;
    }
    const delivery = msg.info.deliveryCount;
    try {
      // The publisher's trace (its `traceparent` header) goes on in the handler.
      await inMessagingSpan(`${subject} process`, { kind: 'consumer', subject, headers: msg.headers }, () => handle(event, { eventId, delivery }));
    } catch (error) {
      const motivo = error instanceof Error ? error.message : String(error);
      if (delivery >= maxDeliveries) return bury(msg, eventId, motivo);
      log.warn({ err: error, consumer: durable, eventId, delivery }, 'event handler failed; will be redelivered');
      msg.nak(retryDelayMs * delivery);
      return;
    }
    await claimOnce(processed, { _id: idOf(eventId), consumidor: durable, eventId, em: new Date() });
    msg.ack();
  };

  const loop = (async () => {
    for await (const msg of messages) {
      await onMessage(msg).catch((error) => {
        // Our own store failed (not the handler): let the broker redeliver after a moment.
        log.error({ err: error, consumer: durable }, 'event not handled; will be redelivered');
        msg.nak(retryDelayMs);
      });
    }
  })();

  return {
    async stop() {
      await messages.close();
      await loop.catch(() => undefined);
    },
  };
}
