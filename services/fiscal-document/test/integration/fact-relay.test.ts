import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jetstream, jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import mongoose, { type Connection } from 'mongoose';
import { Streams, Subjects } from '@erp/contracts';
import { claimOnce, createLogger, pendingEvent, type OutboxRelay } from '@erp/kit';
import { natsServerBinary } from '../../../../scripts/stack/binaries';
import { freePort, waitForPort } from '../../../../scripts/stack/ports';
import { startChild, stopChild, type Child } from '../../../../scripts/stack/processes';
import { eventSamples } from '../../../../contracts/test/support/samples';
import { stackEnv } from '../../../../test/support/env';
import { startFactRelay } from '../../src/messaging/fact-relay';
import type { DocumentoRecord, FatoRecord } from '../../src/store/document-model';
import { createDocumentsStore, type DocumentsStore } from '../../src/store/documents-store';

/**
 * The documents' event relay against a real fault: a NATS server of this test alone whose FISCAL stream first
 * holds only the cancellation subject, so the authorization's publish fails (no stream for its subject) until
 * the stream is widened.
 */
const log = createLogger('fact-relay-test', 'silent');
let nats: Child;
let natsDir: string;
let nc: NatsConnection;
let db: Connection;
let store: DocumentsStore;
let relay: OutboxRelay | undefined;

beforeAll(async () => {
  natsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-fact-relay-nats-'));
  const port = await freePort();
  nats = startChild('fact-relay-nats', natsServerBinary(), ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', natsDir], { cwd: natsDir, env: process.env, logDir: process.env.TEST_LOG_DIR });
  await waitForPort(port, 30_000, nats.alive);
  nc = await connect({ servers: `nats://127.0.0.1:${port}` });
  db = await mongoose.createConnection(stackEnv.mongodbUrl, { dbName: `erp_fact_relay_it_${process.pid}` }).asPromise();
  store = await createDocumentsStore(db);
});

afterAll(async () => {
  await relay?.stop();
  await nc?.close();
  await db?.dropDatabase();
  await db?.close();
  if (nats) await stopChild(nats);
  fs.rmSync(natsDir, { recursive: true, force: true });
});

async function stream(): Promise<{ subject: string; msgId?: string }[]> {
  const jsm = await jetstreamManager(nc);
  const { state } = await jsm.streams.info(Streams.fiscal.name);
  if (state.messages === 0) return [];
  const consumer = await jetstream(nc).consumers.get(Streams.fiscal.name);
  const lidos: { subject: string; msgId?: string }[] = [];
  for await (const msg of (await consumer.fetch({ max_messages: 100, expires: 1_000 })) as AsyncIterable<JsMsg>) {
    lidos.push({ subject: msg.subject, msgId: msg.headers?.get('Nats-Msg-Id') });
    if (msg.info.pending === 0) break;
  }
  return lidos;
}

describe('fiscal documents - event relay', () => {
  it('fiscal documents - an authorization whose publish failed never turns a cancelled document back, and the cancellation waits behind it', async () => {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.add({ name: Streams.fiscal.name, subjects: [Subjects.nfeCancelada] });

    const id = `doc-${process.pid}-${Date.now().toString(36)}`;
    const autorizadoEm = new Date('2026-03-10T12:00:00Z');
    const canceladoEm = new Date('2026-03-10T13:00:00Z');
    // The document as a cancellation left it: authorized (its event not out yet: the publish failed), then cancelled.
    const documento = {
      _id: id,
      companyId: 'empresa-relay',
      situacao: 'CANCELADO',
      autorizadoEm,
      protocolo: '135260000000001',
      canceladoEm,
      protocoloCancelamento: '135260000000002',
    } as unknown as DocumentoRecord;
    await db.collection('documentos_fiscais').insertOne(documento as never);
    const autorizacao: FatoRecord = {
      _id: `autorizacao:${id}`,
      documentoId: id,
      companyId: 'empresa-relay',
      tipo: 'AUTORIZACAO',
      efeito: { situacao: 'AUTORIZADO', autorizadoEm, protocolo: '135260000000001', cStat: '100' },
      outbox: pendingEvent(Subjects.documentoAutorizado, `autorizacao:${id}`, { ...eventSamples[Subjects.documentoAutorizado], documentoId: id }, new Date('2026-03-10T12:00:01Z')),
      em: autorizadoEm,
    };
    const cancelamento: FatoRecord = {
      _id: `desfecho:${id}`,
      documentoId: id,
      companyId: 'empresa-relay',
      tipo: 'DESFECHO',
      desfecho: 'CANCELAMENTO',
      justificativa: 'Cancelamento de teste do relay',
      efeito: { situacao: 'CANCELADO', canceladoEm, protocoloCancelamento: '135260000000002' },
      outbox: pendingEvent(Subjects.nfeCancelada, `cancelamento:${id}`, { ...eventSamples[Subjects.nfeCancelada], documentoId: id }, new Date('2026-03-10T13:00:01Z')),
      em: canceladoEm,
    };
    expect(await claimOnce(store.fatos, autorizacao)).toBe(true);
    expect(await claimOnce(store.fatos, cancelamento)).toBe(true);

    relay = await startFactRelay({ store, nc, log, intervalMs: 60_000 });
    await relay.flush();
    // The authorization could not go out, so the cancellation (publishable on its own) waited; nothing reverted.
    expect(await stream()).toEqual([]);
    expect((await store.fact(autorizacao._id))?.outbox).toMatchObject({ estado: 'PENDENTE', falhas: expect.any(Number) });
    expect((await store.fact(autorizacao._id))!.outbox!.falhas).toBeGreaterThanOrEqual(1);
    expect((await store.fact(cancelamento._id))?.outbox?.estado).toBe('PENDENTE');
    expect((await db.collection('documentos_fiscais').findOne({ _id: id as never }))?.situacao).toBe('CANCELADO');

    // The fault ends: both go out, in the order they were recorded, and the document stays cancelled.
    await jsm.streams.update(Streams.fiscal.name, { subjects: [...Streams.fiscal.subjects] });
    await relay.flush();
    expect(await stream()).toEqual([
      { subject: Subjects.documentoAutorizado, msgId: `autorizacao:${id}` },
      { subject: Subjects.nfeCancelada, msgId: `cancelamento:${id}` },
    ]);
    expect((await store.fact(autorizacao._id))?.outbox?.estado).toBe('PUBLICADO');
    expect((await store.fact(cancelamento._id))?.outbox?.estado).toBe('PUBLICADO');
    expect(await db.collection('documentos_fiscais').findOne({ _id: id as never })).toMatchObject({ situacao: 'CANCELADO', canceladoEm, autorizadoEm });
  });
});
