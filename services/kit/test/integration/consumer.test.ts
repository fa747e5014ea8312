import type { Connection } from 'mongoose';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { Streams, Subjects, type SettingsChangedEvent } from '@erp/contracts';
import { consumeEvents, ensureStream, DEAD_LETTERS_COLLECTION, PROCESSED_EVENTS_COLLECTION, publishEvent, type DeadLetter, type EventConsumer } from '../../src';
import { eventSamples } from '../../../../contracts/test/support/samples';
import { eventually, log, openDb, openNats, unique } from './support';

let db: Connection;
let nc: NatsConnection;
const consumers: EventConsumer[] = [];
beforeAll(async () => {
  [db, nc] = await Promise.all([openDb(), openNats()]);
});
afterAll(async () => {
  for (const consumer of consumers) await consumer.stop();
  await Promise.all([db.close(), nc.drain()]);
});

const event = (companyId: string, versao: number): SettingsChangedEvent => ({ ...eventSamples[Subjects.settingsChanged], companyId, versao });
const publish = (companyId: string, versao: number) => publishEvent(jetstream(nc), Subjects.settingsChanged, event(companyId, versao), `${companyId}:${versao}`);

/** Starts a durable consumer of its own whose handler sees only `companyId`'s events (the stream is shared). */
async function consumer(
  companyId: string,
  handle: (e: SettingsChangedEvent, delivery: number) => Promise<void>,
  maxDeliveries = 3,
  durable = unique('it'),
) {
  const started = await consumeEvents({
    nc,
    db,
    log,
    subject: Subjects.settingsChanged,
    durable,
    maxDeliveries,
    retryDelayMs: 50,
    handle: async (e, { delivery }) => {
      if (e.companyId === companyId) await handle(e, delivery);
    },
  });
  consumers.push(started);
  return started;
}

describe('event consumer', () => {
  test('event consumer - handles every event once, in order, and records its id as processed', async () => {
    const companyId = unique('empresa');
    const seen: number[] = [];
    await consumer(companyId, async (e) => {
      seen.push(e.versao);
    });
    for (const versao of [1, 2, 3]) await publish(companyId, versao);
    await publish(companyId, 2); // the broker drops the second publish of one id
    await eventually(async () => seen.length >= 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([1, 2, 3]);
    const ids = await db.collection(PROCESSED_EVENTS_COLLECTION).countDocuments({ eventId: { $in: [1, 2, 3].map((v) => `${companyId}:${v}`) } });
    expect(ids).toBe(3);
  });

  test('event consumer - an event id already processed by this consumer is acknowledged without running the handler', async () => {
    const companyId = unique('empresa');
    const durable = unique('it');
    // What a redelivery after a lost acknowledgement meets: the id is already recorded for this consumer.
    await db.collection(PROCESSED_EVENTS_COLLECTION).insertOne({ _id: `${durable}:${companyId}:1`, consumidor: durable, eventId: `${companyId}:1`, em: new Date() } as never);
    const seen: number[] = [];
    await consumer(companyId, async (e) => {
      seen.push(e.versao);
    }, 3, durable);
    await publish(companyId, 1);
    await publish(companyId, 2);
    await eventually(async () => seen.length >= 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([2]);
  });

  test('event consumer - a failing handler is retried, then succeeds; the event is handled to completion once', async () => {
    const companyId = unique('empresa');
    const deliveries: number[] = [];
    let done = 0;
    await consumer(companyId, async (_e, delivery) => {
      deliveries.push(delivery);
      if (delivery < 3) throw new Error('downstream not ready');
      done += 1;
    }, 5);
    await publish(companyId, 1);
    await eventually(async () => done === 1);
    expect(deliveries).toEqual([1, 2, 3]);
  });

  test('event consumer - a poison message becomes a dead letter after the last retry and does not block the next one', async () => {
    const companyId = unique('empresa');
    const handled: number[] = [];
    await consumer(companyId, async (e) => {
      if (e.versao === 1) throw new Error('cannot handle version 1');
      handled.push(e.versao);
    }, 3);
    await publish(companyId, 1);
    await publish(companyId, 2);
    await eventually(async () => handled.includes(2));
    const letter = await eventually(() => db.collection<DeadLetter>(DEAD_LETTERS_COLLECTION).findOne({ eventId: `${companyId}:1` }));
    expect(letter.entregas).toBe(3);
    expect(letter.motivo).toBe('cannot handle version 1');
    expect(JSON.parse(letter.corpo).companyId).toBe(companyId);
  });

  test('event consumer - a message that breaks its contract is a dead letter at once, never handed to the handler', async () => {
    // On the ERP stream, whose consumers must cope with whatever an outside system publishes (the settings
    // stream is read whole by other tests that expect only valid settings events there).
    await ensureStream(nc, Streams.erp);
    const companyId = unique('empresa');
    const handled: unknown[] = [];
    const started = await consumeEvents({
      nc,
      db,
      log,
      subject: Subjects.pedidoFaturado,
      durable: unique('it'),
      handle: async (e) => {
        if (e.companyId === companyId) handled.push(e);
      },
    });
    consumers.push(started);
    const eventId = unique('poison');
    await jetstream(nc).publish(Subjects.pedidoFaturado, JSON.stringify({ companyId, pedidoId: 42 }), { msgID: eventId });
    const letter = await eventually(() => db.collection<DeadLetter>(DEAD_LETTERS_COLLECTION).findOne({ eventId }));
    expect(letter.entregas).toBe(1);
    expect(letter.motivo).toMatch(/pedidoId/);
    expect(handled).toEqual([]);
  });
});
