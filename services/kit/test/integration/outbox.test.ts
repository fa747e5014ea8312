import type { Connection } from 'mongoose';
import { jetstream, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { Streams, Subjects } from '@erp/contracts';
import { claimOnce, pendingEvent, startOutboxRelay, type OutboxRelay, type WithOutbox } from '../../src';
import { eventSamples } from '../../../../contracts/test/support/samples';
import { eventually, log, openDb, openNats, unique } from './support';

let db: Connection;
let nc: NatsConnection;
const relays: OutboxRelay[] = [];
beforeAll(async () => {
  [db, nc] = await Promise.all([openDb(), openNats()]);
});
afterAll(async () => {
  for (const relay of relays) await relay.stop();
  await Promise.all([db.close(), nc.drain()]);
});

interface Versao extends WithOutbox {
  companyId: string;
  versao: number;
  aplicado?: boolean;
}

/** The settings-changed events of one company that the stream holds, as a consumer reads them. */
async function streamed(companyId: string): Promise<{ versao: number; msgId: string | undefined }[]> {
  const consumer = await jetstream(nc).consumers.get(Streams.settings.name);
  const found: { versao: number; msgId: string | undefined }[] = [];
  const messages = await consumer.fetch({ max_messages: 10_000, expires: 1_000 });
  for await (const msg of messages as AsyncIterable<JsMsg>) {
    const event = msg.json<{ companyId: string; versao: number }>();
    if (event.companyId === companyId) found.push({ versao: event.versao, msgId: msg.headers?.get('Nats-Msg-Id') });
    if (msg.info.pending === 0) break;
  }
  return found.sort((a, b) => a.versao - b.versao);
}

function versionDoc(companyId: string, versao: number): Versao {
  const payload = { ...eventSamples[Subjects.settingsChanged], companyId, versao };
  return { _id: `${companyId}:${versao}`, companyId, versao, outbox: pendingEvent(Subjects.settingsChanged, `${companyId}:${versao}`, payload) };
}

describe('outbox relay', () => {
  test('outbox relay - publishes each pending entry once with Nats-Msg-Id = event id and marks it sent', async () => {
    const collection = db.collection<Versao>(unique('outbox'));
    const companyId = unique('empresa');
    for (const versao of [1, 2, 3]) expect(await claimOnce(collection, versionDoc(companyId, versao))).toBe(true);
    const relay = await startOutboxRelay({ collection, nc, log, name: 'test', intervalMs: 60_000 });
    relays.push(relay);
    await relay.flush();
    expect(relay.state()).toEqual({ kind: 'idle' });
    const docs = await collection.find({}).toArray();
    expect(docs.map((d) => d.outbox?.estado)).toEqual(['PUBLICADO', 'PUBLICADO', 'PUBLICADO']);
    // A second pass (or a second replica) publishes nothing more.
    expect(await relay.flush()).toBe(0);
    expect(await streamed(companyId)).toEqual([1, 2, 3].map((versao) => ({ versao, msgId: `${companyId}:${versao}` })));
  });

  test('outbox relay - resumes after a crash: entries left pending by a dead process go out when a relay starts', async () => {
    const collection = db.collection<Versao>(unique('outbox'));
    const companyId = unique('empresa');
    // The "crashed" author claimed its versions and died before anything published them.
    await claimOnce(collection, versionDoc(companyId, 1));
    await claimOnce(collection, versionDoc(companyId, 2));
    const completed: string[] = [];
    const relay = await startOutboxRelay({
      collection,
      nc,
      log,
      name: 'test',
      intervalMs: 60_000,
      // Finishes what the author left undone before the event goes out.
      complete: async (doc) => {
        completed.push(doc._id);
        await collection.updateOne({ _id: doc._id }, { $set: { aplicado: true } });
      },
    });
    relays.push(relay);
    // No flush: the relay's own first pass is the recovery.
    await eventually(async () => (await collection.countDocuments({ 'outbox.estado': 'PENDENTE' })) === 0);
    expect(completed.sort()).toEqual([`${companyId}:1`, `${companyId}:2`]);
    expect((await collection.find({}).toArray()).every((d) => d.aplicado)).toBe(true);
    expect((await streamed(companyId)).map((e) => e.versao)).toEqual([1, 2]);
  });

  test('outbox relay - two relays racing on the same entries put each event in the stream once', async () => {
    const collection = db.collection<Versao>(unique('outbox'));
    const companyId = unique('empresa');
    for (const versao of [1, 2, 3, 4, 5]) await claimOnce(collection, versionDoc(companyId, versao));
    const [a, b] = await Promise.all([
      startOutboxRelay({ collection, nc, log, name: 'a', intervalMs: 60_000 }),
      startOutboxRelay({ collection, nc, log, name: 'b', intervalMs: 60_000 }),
    ]);
    relays.push(a, b);
    await Promise.all([a.flush(), b.flush()]);
    await eventually(async () => (await collection.countDocuments({ 'outbox.estado': 'PENDENTE' })) === 0);
    expect((await streamed(companyId)).map((e) => e.versao)).toEqual([1, 2, 3, 4, 5]);
  });

  test('outbox relay - a failing publish leaves the entry pending and counts the failure; stop ends in "stopped"', async () => {
    const collection = db.collection<Versao>(unique('outbox'));
    const companyId = unique('empresa');
    const bad = versionDoc(companyId, 1);
    // Breaks the event's contract (versao must be >= 1): the relay must not publish it, and must not lose it.
    (bad.outbox!.payload as { versao: number }).versao = 0;
    await claimOnce(collection, bad);
    const relay = await startOutboxRelay({ collection, nc, log, name: 'test', intervalMs: 60_000 });
    await relay.flush();
    const stored = await collection.findOne({ _id: bad._id });
    expect(stored?.outbox?.estado).toBe('PENDENTE');
    expect(stored?.outbox?.falhas).toBeGreaterThanOrEqual(1);
    await relay.stop();
    expect(relay.state()).toEqual({ kind: 'stopped' });
    expect(await relay.flush()).toBe(0);
  });
});
