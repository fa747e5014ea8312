import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { freePort } from '../../scripts/stack/ports';
import { stopInReverse, type Child } from '../../scripts/stack/processes';
import { FERRETDB_POOL_MAX_CONNS, startLocalStore } from '../../scripts/stack/store';
import { explainFind } from '../support/explain';
import { ferretdbExpected, runSemantics, SEMANTICS_CASES } from '../support/ferretdb-semantics';
import { stackEnv } from '../support/env';
import { NO_INDEX_READS, READ_INDEXES, withPlanner, type PostgresCluster } from '../support/postgres';

const { MongoClient } = mongoose.mongo;
type Client = InstanceType<typeof MongoClient>;

/** A pool this small makes "more matching updates than the pool" a command of 30. */
const SMALL_POOL = 20;

/**
 * The patched FerretDB (scripts/ferretdb-patch) on a store of its own, whose PostgreSQL settings this test may
 * change: the answers MongoDB gives to the filters and writes whose SQL the patch changed, read through the
 * indexes (as the stack's FerretDB sessions do whenever one can serve: scripts/stack/store.ts) and read without
 * any (so its sessions start without that setting), and one update command of more matching updates than the
 * pool answering. Then the same command size
 * against the stack's own store and pool.
 */
describe('the patched FerretDB', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-ferretdb-patch-'));
  const children: Child[] = [];
  let cluster: PostgresCluster;
  let client: Client;

  beforeAll(async () => {
    const postgresPort = await freePort();
    const url = await startLocalStore(
      { dataDir, ferretdbPort: await freePort(), postgresPort, throwAway: true, cwd: dataDir, logDir: dataDir, poolMaxConns: SMALL_POOL, preferIndexes: false },
      children,
    );
    cluster = { port: postgresPort, clusterDir: path.join(dataDir, 'postgres'), logFile: path.join(dataDir, 'postgres.log') };
    client = await new MongoClient(url, { retryWrites: false }).connect();
  }, 60_000);

  afterAll(async () => {
    await client?.close(true);
    await stopInReverse(children);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const expected = SEMANTICS_CASES.map((test) => ({ name: test.name, answer: ferretdbExpected(test) }));

  it("answers as MongoDB does (or as the stock build does, where that differs: the cases' `ferretdb`), reading the indexes", async () => {
    const db = client.db('semantica');
    await withPlanner(cluster, READ_INDEXES, async () => {
      expect(await runSemantics(db)).toEqual(expected);
      // The equality filters went through the GIN index of {n, k}, and a filter on a nested field through its own.
      const plan = await explainFind(db, 'semantica', { n: 1, k: 'k1' }, {}, 0);
      expect(plan.stages).toContain('Bitmap Index Scan');
      expect(plan.index).toMatch(/_n_k_[0-9a-f]{8}_gin$/);
      expect((await explainFind(db, 'semantica', { 'itens.codigo': 'P1' }, {}, 0)).index).toMatch(/_itens_codigo_[0-9a-f]{8}_gin$/);
    });
  });

  it('answers the same when PostgreSQL may not read any index (every row read and filtered)', async () => {
    const db = client.db('semantica_sequencial');
    await withPlanner(cluster, NO_INDEX_READS, async () => {
      expect(await runSemantics(db)).toEqual(expected);
      expect((await explainFind(db, 'semantica', { n: 1, k: 'k1' }, {}, 0)).stages).toEqual(['Seq Scan']);
    });
  });

  it('reads back every kind of value as it was written (the decoding of -index.2: plain JSON read directly, the rest as upstream)', async () => {
    const { Binary, Double, ObjectId } = mongoose.mongo;
    const c = client.db('valores').collection<Record<string, any>>('documentos');
    const doc = {
      _id: new ObjectId(),
      texto: 'ação 😀 Média', vazio: '', escapes: 'aspas " barra \\ linha\n tab\t controle \u0001 </script>', acentoEscrito: '\u00e9',
      int32: [0, -1, 2147483647, -2147483648],
      int64: [9223372036854775807n, -9223372036854775808n, 0n, 42n],
      double: [1.5, -3.25, 1e-7, 1e300, 0.1, new Double(2)],
      datas: [new Date(0), new Date(-1), new Date('2026-11-27T23:59:59.999Z')],
      sim: true, nao: false, nulo: null,
      aninhado: { a: { b: [1, 'x', { c: true }] }, vazio: {} },
      itens: [{ codigo: 'P1', quantidade: 2 }, { codigo: 'P2', quantidade: 3.5 }],
      binario: new Binary(Buffer.from([0, 1, 254, 255])),
      // (A field name with a quote is refused by FerretDB's writing on both builds: docs/ferretdb.md.)
      'ação': 'nome de campo acentuado',
    };
    await c.insertOne(doc);
    const back = await c.findOne({ _id: doc._id }, { useBigInt64: true });
    // Doubles come back as numbers (Double(2) as 2); everything else as written.
    expect(back).toEqual({ ...doc, double: [1.5, -3.25, 1e-7, 1e300, 0.1, 2] });
    expect(Object.keys(back!)).toEqual(Object.keys(doc));
    // The same through a query with a filter and a projection of none, as the ingestion's look-up reads.
    expect(await c.find({ texto: 'ação 😀 Média' }, { useBigInt64: true }).toArray()).toEqual([back]);
  });

  it(`answers one update command of ${SMALL_POOL + 10} matching updates with a pool of ${SMALL_POOL} (the stock build never does)`, async () => {
    const c = client.db('comando').collection<Record<string, any>>('registros');
    await c.createIndex({ companyId: 1, chave: 1 }, { unique: true });
    const count = SMALL_POOL + 10;
    await c.insertMany(Array.from({ length: count }, (_, i) => ({ companyId: 'e', chave: `K-${i}`, v: 0 })));
    const ids = (await c.find({}).toArray()).map((doc) => doc._id);

    const byId = await c.bulkWrite(ids.map((_id) => ({ updateOne: { filter: { _id }, update: { $set: { v: 1 } } } })), { ordered: false });
    const byKey = await c.bulkWrite(
      Array.from({ length: count }, (_, i) => ({ updateOne: { filter: { companyId: 'e', chave: `K-${i}` }, update: { $set: { v: 2 } }, upsert: true } })),
      { ordered: false },
    );

    expect([byId.matchedCount, byId.modifiedCount]).toEqual([count, count]);
    expect([byKey.matchedCount, byKey.modifiedCount, byKey.upsertedCount]).toEqual([count, count, 0]);
    expect(await c.countDocuments({ v: 2 })).toBe(count);
    expect(await client.db('comando').command({ ping: 1 })).toMatchObject({ ok: 1 });
  }, 20_000);
});

describe("the stack's store", () => {
  it(`answers one update command of ${FERRETDB_POOL_MAX_CONNS + 50} matching upserts (more than its pool of ${FERRETDB_POOL_MAX_CONNS})`, async () => {
    const client = await new MongoClient(stackEnv.mongodbUrl, { retryWrites: false }).connect();
    try {
      const c = client.db('ferretdb_patch_test').collection<Record<string, any>>(`comando_${process.pid}`);
      await c.createIndex({ companyId: 1, chave: 1 }, { unique: true });
      const count = FERRETDB_POOL_MAX_CONNS + 50;
      const upserts = (v: number) =>
        Array.from({ length: count }, (_, i) => ({ updateOne: { filter: { companyId: 'e', chave: `K-${i}` }, update: { $set: { v } }, upsert: true } }));
      expect((await c.bulkWrite(upserts(1), { ordered: false })).upsertedCount).toBe(count);
      const result = await c.bulkWrite(upserts(2), { ordered: false });
      expect([result.matchedCount, result.modifiedCount]).toEqual([count, count]);
      await c.drop();
    } finally {
      await client.close();
    }
  }, 30_000);
});
