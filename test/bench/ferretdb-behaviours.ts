import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import mongoose from 'mongoose';
import { ferretdbBinary, postgresBinDir } from '../../scripts/stack/binaries';
import { freePort, waitForPort } from '../../scripts/stack/ports';
import { startChild, stopInReverse, type Child } from '../../scripts/stack/processes';
import { FERRETDB_POOL_MAX_CONNS, startLocalStore } from '../../scripts/stack/store';
import { describePlan, explainFind } from '../support/explain';

/**
 * `npm run -s bench:ferretdb`: every behaviour `docs/ferretdb.md` lists, measured with the bare driver (no
 * mongoose models) on a throw-away store started here: our own PostgreSQL cluster and FerretDB 1.24 on it,
 * as `npm start` and `npm test` run them.
 *
 *   FERRETDB_HANDLER=sqlite   the former SQLite backend instead, for comparison
 *   FERRETDB_POOL_MAX_CONNS   FerretDB's pool of PostgreSQL connections (default: the stack's, FERRETDB_POOL_MAX_CONNS)
 *   MONGODB_URL=...           any running server instead (e.g. a real MongoDB); nothing is started
 *   BENCH_HANG_TIMEOUT_MS     how long one update command may take before it counts as hung (default 20000)
 *   BENCH_TTL_WAIT_S          how long to wait for a TTL index to expire a document, if one can be created (default 75)
 *
 * A command that does not answer in time is reported, never waited for forever; the store is restarted after
 * it so that the next measure starts clean. Prints a Markdown table; figures only, nothing passes or fails.
 */
const { MongoClient, MongoBulkWriteError, MongoServerError } = mongoose.mongo;
type Client = InstanceType<typeof MongoClient>;
type Db = ReturnType<Client['db']>;

const HANG_TIMEOUT_MS = Number(process.env.BENCH_HANG_TIMEOUT_MS ?? 20_000);
const POOL_MAX_CONNS = Number(process.env.FERRETDB_POOL_MAX_CONNS ?? FERRETDB_POOL_MAX_CONNS);
const TTL_WAIT_S = Number(process.env.BENCH_TTL_WAIT_S ?? 75);
const HANDLER = process.env.FERRETDB_HANDLER ?? 'postgresql';
const DB_NAME = 'ferretdb_behaviours';

interface Store {
  url: string;
  label: string;
  restart: () => Promise<void>;
  stop: () => Promise<void>;
}

/** The store under measure: PostgreSQL + FerretDB as the stack starts them, the SQLite backend, or MONGODB_URL. */
async function startStore(): Promise<Store> {
  if (process.env.MONGODB_URL) {
    const url = process.env.MONGODB_URL;
    return { url, label: `server at MONGODB_URL`, restart: async () => undefined, stop: async () => undefined };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-ferretdb-bench-'));
  const ferretdbPort = await freePort();
  const postgresPort = await freePort();
  let children: Child[] = [];
  const start = async () => {
    children = [];
    if (HANDLER === 'sqlite') {
      const dir = path.join(dataDir, 'sqlite');
      fs.mkdirSync(dir, { recursive: true });
      const child = startChild(
        'ferretdb',
        ferretdbBinary(),
        ['--handler=sqlite', `--sqlite-url=file:${dir}/`, `--listen-addr=127.0.0.1:${ferretdbPort}`, `--state-dir=${dataDir}`, '--debug-addr=-', '--telemetry=disable', '--log-level=warn'],
        { cwd: dataDir, env: process.env, logDir: dataDir },
      );
      children.push(child);
      await waitForPort(ferretdbPort, 30_000, child.alive);
    } else {
      await startLocalStore({ dataDir, ferretdbPort, postgresPort, throwAway: true, cwd: dataDir, logDir: dataDir, poolMaxConns: POOL_MAX_CONNS }, children);
    }
  };
  const stopAll = async () => {
    await stopInReverse(children);
  };
  await start();
  const version = execFileSync(ferretdbBinary(), ['--version'], { encoding: 'utf8' }).split('\n')[0];
  return {
    url: `mongodb://127.0.0.1:${ferretdbPort}/`,
    label: `FerretDB ${version.replace('version: ', '')}, ${HANDLER} backend${HANDLER === 'sqlite' ? '' : ` (PostgreSQL ${postgresVersion()}, pool_max_conns=${POOL_MAX_CONNS})`}`,
    restart: async () => {
      await stopAll();
      await start();
    },
    stop: async () => {
      await stopAll();
      if (!process.env.KEEP_TEST_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const postgresVersion = () => execFileSync(path.join(postgresBinDir(), 'postgres'), ['--version'], { encoding: 'utf8' }).trim().replace(/^postgres \(PostgreSQL\) /, '');

const connect = (url: string) => new MongoClient(url, { retryWrites: false, maxPoolSize: 100, serverSelectionTimeoutMS: 10_000 }).connect();

class Timeout extends Error {}
async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Timeout(`no answer in ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US')} ms`;
const fresh = async (db: Db, name: string) => {
  await db.collection(name).drop().catch(() => undefined);
  return db.collection<Record<string, any>>(name);
};

/** Row of the output table. */
interface Row {
  behaviour: string;
  measured: string;
}

async function conditionalUpdateRace(db: Db): Promise<Row> {
  const rounds = 20;
  const racers = 6;
  const c = await fresh(db, 'conditional');
  let several = 0;
  let winnersTotal = 0;
  for (let round = 0; round < rounds; round += 1) {
    await c.insertOne({ _id: round as never, status: 'ATIVO' });
    const results = await Promise.all(
      Array.from({ length: racers }, (_, i) =>
        c.findOneAndUpdate({ _id: round as never, status: 'ATIVO' }, { $set: { status: 'INATIVO', por: i } }, { returnDocument: 'before' }),
      ),
    );
    const winners = results.filter((doc) => doc !== null).length;
    winnersTotal += winners;
    if (winners > 1) several += 1;
  }
  return {
    behaviour: `${racers} concurrent findOneAndUpdate({_id, status:'ATIVO'}, {$set:{status:'INATIVO'}}), ${rounds} rounds`,
    measured: `more than one winner in ${several} of ${rounds} rounds (${(winnersTotal / rounds).toFixed(1)} winners per round on average)`,
  };
}

async function concurrentSets(db: Db): Promise<Row> {
  const rounds = 30;
  const c = await fresh(db, 'sets');
  let lost = 0;
  for (let round = 0; round < rounds; round += 1) {
    await c.insertOne({ _id: round as never, n: 0 });
    await Promise.all([c.updateOne({ _id: round as never }, { $set: { a: 1 } }), c.updateOne({ _id: round as never }, { $set: { b: 1 } })]);
    const doc = await c.findOne({ _id: round as never });
    if (doc?.a !== 1 || doc?.b !== 1) lost += 1;
  }
  return { behaviour: `2 concurrent $set of different fields of one document, ${rounds} rounds`, measured: `one of the two lost in ${lost} of ${rounds} rounds` };
}

async function concurrentIncs(db: Db): Promise<Row> {
  const hits = 70;
  const trials = 3;
  const c = await fresh(db, 'incs');
  const counted: number[] = [];
  for (let trial = 0; trial < trials; trial += 1) {
    await c.insertOne({ _id: trial as never, n: 0 });
    await Promise.all(Array.from({ length: hits }, () => c.updateOne({ _id: trial as never }, { $inc: { n: 1 } })));
    counted.push((await c.findOne({ _id: trial as never }))?.n as number);
  }
  return { behaviour: `${hits} concurrent $inc of one counter (${trials} trials)`, measured: `counted ${counted.join(', ')} of ${hits}` };
}

async function concurrentInserts(db: Db): Promise<Row> {
  const rounds = 30;
  const racers = 6;
  const c = await fresh(db, 'claims');
  let exactlyOne = 0;
  let duplicateKeyLosers = 0;
  let otherErrors = 0;
  for (let round = 0; round < rounds; round += 1) {
    const results = await Promise.allSettled(Array.from({ length: racers }, (_, i) => c.insertOne({ _id: `claim-${round}` as never, por: i })));
    const winners = results.filter((r) => r.status === 'fulfilled').length;
    for (const r of results) {
      if (r.status === 'rejected') {
        if (r.reason instanceof MongoServerError && r.reason.code === 11000) duplicateKeyLosers += 1;
        else otherErrors += 1;
      }
    }
    const stored = await c.countDocuments({ _id: `claim-${round}` as never });
    if (winners === 1 && stored === 1) exactlyOne += 1;
  }
  return {
    behaviour: `${racers} concurrent inserts under one unique _id, ${rounds} rounds`,
    measured: `exactly one winner in ${exactlyOne} of ${rounds} rounds (losers: ${duplicateKeyLosers} duplicate-key errors, ${otherErrors} other errors)`,
  };
}

/** Records shaped as the ingestion service stores them, with its unique index. */
function record(i: number, companyId = 'empresa') {
  return { companyId, chave: `K-${i}`, titulo: `Registro ${i}`, severidade: ['Baixa', 'Alta'][i % 2], status: 'Em análise', criadoEm: new Date(), loteId: 'carga' };
}
async function filled(db: Db, name: string, size: number, companyId = 'empresa') {
  const c = await fresh(db, name);
  await c.createIndex({ companyId: 1, chave: 1 }, { unique: true, name: 'empresa_chave' });
  for (let offset = 0; offset < size; offset += 1_000) {
    await c.insertMany(Array.from({ length: Math.min(1_000, size - offset) }, (_, i) => record(offset + i, companyId)), { ordered: false });
  }
  return c;
}
/** The ingestion service's upsert of one existing key, with a changed value. */
const upsertOf = (i: number, round: number, companyId = 'empresa') => ({
  updateOne: {
    filter: { companyId, chave: `K-${i}` },
    update: { $set: { titulo: `Registro ${i} rodada ${round}`, atualizadoEm: new Date(), loteId: `r${round}` }, $setOnInsert: { criadoEm: new Date() } },
    upsert: true,
  },
});

/** After a command got no answer: does the server still answer a ping? Then restart it for what follows. */
async function afterHang(store: Store): Promise<string> {
  const probe = await connect(store.url).catch(() => null);
  const answers = probe ? await withTimeout(probe.db(DB_NAME).command({ ping: 1 }), 5_000).then(() => true, () => false) : false;
  await probe?.close(true).catch(() => undefined);
  await store.restart();
  return `server ${answers ? 'still answers a ping' : 'answers nothing, not even a ping'}; restarted`;
}

/**
 * One update command with N updates that all match existing documents: time, or no answer. Stops at the first
 * N without an answer (a larger N is no better).
 */
async function oneUpdateCommand(store: Store, sizes: number[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const shape of ['by _id', 'shaped as the ingestion upserts, by {companyId, chave}'] as const) {
    const parts: string[] = [];
    for (const count of sizes) {
      const client = await connect(store.url);
      const c = await filled(client.db(DB_NAME), 'one_command', count);
      const ids = (await c.find({}, { projection: { _id: 1 } }).toArray()).map((doc) => doc._id);
      const operations =
        shape === 'by _id'
          ? ids.map((_id, i) => ({ updateOne: { filter: { _id }, update: { $set: { titulo: `novo ${i}` } } } }))
          : Array.from({ length: count }, (_, i) => upsertOf(i, 1));
      const started = performance.now();
      try {
        const result = await withTimeout(c.bulkWrite(operations as never, { ordered: false }), HANG_TIMEOUT_MS);
        parts.push(`${count}: ${ms(performance.now() - started)} (${result.matchedCount} matched)`);
        await client.close();
      } catch (error) {
        if (!(error instanceof Timeout)) throw error;
        await client.close(true).catch(() => undefined);
        parts.push(`${count}: NO ANSWER in ${HANG_TIMEOUT_MS / 1000} s (${await afterHang(store)}); larger N not tried`);
        break;
      }
    }
    rows.push({ behaviour: `one update command (ordered: false) of N updates ${shape}, all matching: N -> time`, measured: parts.join('; ') });
  }
  return rows;
}

/** K bulk commands of `each` matching updates at the same time (as K ingestion batches writing at once). */
async function concurrentCommands(store: Store, each: number, counts: number[]): Promise<Row> {
  const parts: string[] = [];
  for (const k of counts) {
    const client = await connect(store.url);
    const c = await filled(client.db(DB_NAME), 'concurrent_commands', k * each);
    const started = performance.now();
    try {
      await withTimeout(
        Promise.all(
          Array.from({ length: k }, (_, j) =>
            c.bulkWrite(Array.from({ length: each }, (_, i) => upsertOf(j * each + i, 1)) as never, { ordered: false }),
          ),
        ),
        HANG_TIMEOUT_MS,
      );
      parts.push(`${k} x ${each}: ${ms(performance.now() - started)}`);
      await client.close();
    } catch (error) {
      if (!(error instanceof Timeout)) throw error;
      await client.close(true).catch(() => undefined);
      parts.push(`${k} x ${each}: NO ANSWER in ${HANG_TIMEOUT_MS / 1000} s (${await afterHang(store)}); larger K not tried`);
      break;
    }
  }
  return { behaviour: `K concurrent bulk commands of ${each} matching upserts each: K x ${each} -> time`, measured: parts.join('; ') };
}

async function unorderedBulk(db: Db): Promise<Row[]> {
  const c = await fresh(db, 'unordered');
  let inserted = 0;
  let errors = 0;
  try {
    const result = await c.insertMany([{ _id: 1 }, { _id: 1 }, { _id: 2 }, { _id: 2 }, { _id: 3 }] as never[], { ordered: false });
    inserted = result.insertedCount;
  } catch (error) {
    if (!(error instanceof MongoBulkWriteError)) throw error;
    errors = Array.isArray(error.writeErrors) ? error.writeErrors.length : 1;
  }
  const stored = (await c.find({}).toArray()).map((doc) => doc._id).join(', ');
  const first = {
    behaviour: 'unordered insertMany of _ids 1, 1, 2, 2, 3 (MongoDB stores 1, 2, 3 and reports 2 errors)',
    measured: `stored _ids: ${stored || 'none'}; ${errors} write error(s) reported${inserted ? `, ${inserted} inserted` : ''}`,
  };

  // The ingestion case: upserts of which one collides with an existing _id (a concurrent writer's record).
  const k = await fresh(db, 'unordered_upserts');
  await k.createIndex({ chave: 1 }, { unique: true });
  await k.insertOne({ _id: 'x', chave: 'outra' } as never);
  let upsertErrors = 0;
  try {
    await k.bulkWrite(
      ['k1', 'k2', 'k3', 'k4'].map((chave, i) => ({
        updateOne: { filter: { chave }, update: { $set: { v: 1 }, $setOnInsert: { _id: i === 1 ? 'x' : chave } }, upsert: true },
      })),
      { ordered: false },
    );
  } catch (error) {
    if (!(error instanceof MongoBulkWriteError)) throw error;
    upsertErrors = Array.isArray(error.writeErrors) ? error.writeErrors.length : 1;
  }
  const upsertedKeys = (await k.find({ chave: { $in: ['k1', 'k2', 'k3', 'k4'] } }).toArray()).map((doc) => doc.chave as string).sort();
  const second = {
    behaviour: 'unordered bulk of 4 upserts k1..k4, k2 colliding on _id (MongoDB writes k1, k3, k4 and reports 1 error)',
    measured: `written: ${upsertedKeys.join(', ') || 'none'}; ${upsertErrors} write error(s) reported`,
  };

  const u = await fresh(db, 'upserted_ids');
  await u.insertMany([{ _id: 'a', v: 0 }, { _id: 'c', v: 0 }] as never[]);
  const result = await u.bulkWrite(
    [
      { updateOne: { filter: { _id: 'a' }, update: { $set: { v: 1 } }, upsert: true } },
      { updateOne: { filter: { _id: 'b' }, update: { $set: { v: 1 } }, upsert: true } },
      { updateOne: { filter: { _id: 'c' }, update: { $set: { v: 1 } }, upsert: true } },
      { updateOne: { filter: { _id: 'd' }, update: { $set: { v: 1 } }, upsert: true } },
    ] as never,
    { ordered: false },
  );
  const keys = Object.entries(result.upsertedIds)
    .map(([index, id]) => `${index}->${String(id)}`)
    .join(', ');
  return [
    first,
    second,
    {
      behaviour: 'upsertedIds of a bulk [match a, insert b, match c, insert d] (MongoDB: 1->b, 3->d, by operation index)',
      measured: keys || 'none',
    },
  ];
}

async function costBySize(db: Db, sizes: number[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const size of sizes) {
    const c = await filled(db, 'cost', size);
    const ids = (await c.find({}, { projection: { _id: 1 } }).limit(500).toArray()).map((doc) => doc._id);

    let started = performance.now();
    for (let i = 0; i < 200; i += 1) await c.updateOne({ _id: ids[i] }, { $set: { titulo: `por id ${i}` } });
    const byId = performance.now() - started;

    started = performance.now();
    for (let i = 0; i < 200; i += 1) await c.updateOne({ companyId: 'empresa', chave: `K-${i}` }, { $set: { titulo: `por chave ${i}` } });
    const byKey = performance.now() - started;

    started = performance.now();
    await c.insertMany(Array.from({ length: 200 }, (_, i) => record(size + i)));
    const inserts = performance.now() - started;

    started = performance.now();
    const found = await c.find({ _id: { $in: ids } }).toArray();
    const findIds = performance.now() - started;

    started = performance.now();
    const foundKeys = await c.find({ companyId: 'empresa', chave: { $in: Array.from({ length: 500 }, (_, i) => `K-${i}`) } }).toArray();
    const findKeys = performance.now() - started;

    started = performance.now();
    for (let offset = 0; offset < 500; offset += 25) {
      await c.bulkWrite(Array.from({ length: 25 }, (_, i) => upsertOf(offset + i, 2)), { ordered: false });
    }
    const upserts = performance.now() - started;

    rows.push({
      behaviour: `cost in a collection of ${size.toLocaleString('en-US')} documents (index {companyId, chave})`,
      measured:
        `200 updateOne by _id one after the other: ${ms(byId)} (${(byId / 200).toFixed(1)} ms each); ` +
        `200 by {companyId, chave}: ${ms(byKey)}; insertMany of 200: ${ms(inserts)}; ` +
        `find of ${found.length} _ids: ${ms(findIds)}; find of ${foundKeys.length} keys: ${ms(findKeys)}; ` +
        `500 ingestion upserts in bulks of 25: ${ms(upserts)}`,
    });
  }
  return rows;
}

/** The same 500 ingestion upserts, every one matching, sent in bulk commands of different sizes. */
async function chunkSizes(store: Store, db: Db, size: number, chunks: number[]): Promise<Row> {
  const parts: string[] = [];
  const c = await filled(db, 'chunks', size);
  await c.insertMany(Array.from({ length: 500 }, (_, i) => record(i, 'lote')));
  for (const [round, chunk] of chunks.entries()) {
    const times: number[] = [];
    try {
      for (let run = 0; run < 3; run += 1) {
        // Every run changes every record, so that each update really writes.
        const operations = Array.from({ length: 500 }, (_, i) => upsertOf(i, (round + 1) * 10 + run, 'lote'));
        const started = performance.now();
        for (let offset = 0; offset < operations.length; offset += chunk) {
          await withTimeout(c.bulkWrite(operations.slice(offset, offset + chunk) as never, { ordered: false }), HANG_TIMEOUT_MS);
        }
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      parts.push(`${chunk}: ${ms(times[1])}`);
    } catch (error) {
      if (!(error instanceof Timeout)) throw error;
      // The driver reconnects by itself once the store is back.
      parts.push(`${chunk}: NO ANSWER in ${HANG_TIMEOUT_MS / 1000} s (${await afterHang(store)}); larger not tried`);
      break;
    }
  }
  return {
    behaviour: `500 ingestion upserts, all matching, in a collection of ${(size + 500).toLocaleString('en-US')}: operations per bulk command -> median of 3`,
    measured: parts.join('; '),
  };
}

async function ttl(db: Db): Promise<Row> {
  const c = await fresh(db, 'ttl');
  try {
    await c.createIndex({ em: 1 }, { expireAfterSeconds: 1, name: 'expira' });
  } catch (error) {
    return { behaviour: 'createIndex({em: 1}, {expireAfterSeconds: 1})', measured: `refused: ${(error as Error).message}` };
  }
  await c.insertOne({ em: new Date(Date.now() - 3_600_000) });
  const deadline = Date.now() + TTL_WAIT_S * 1000;
  while (Date.now() < deadline) {
    if ((await c.countDocuments({})) === 0) return { behaviour: 'TTL index (expireAfterSeconds: 1)', measured: `accepted; an hour-old document expired after ${Math.round((TTL_WAIT_S * 1000 - (deadline - Date.now())) / 1000)} s` };
    await new Promise((r) => setTimeout(r, 1_000));
  }
  return { behaviour: 'TTL index (expireAfterSeconds: 1)', measured: `accepted, but an hour-old document was still there after ${TTL_WAIT_S} s` };
}

/**
 * What the store does with the import history page (the heaviest read a client triggers), with the index the
 * ingestion store declares: MongoDB reads the compound index that leads with the company; FerretDB 1.24 scans.
 */
async function historyPlan(db: Db): Promise<Row> {
  const c = await fresh(db, 'lotes_explain');
  await c.createIndex({ companyId: 1, recebidoEm: -1, _id: -1 }, { name: 'empresa_recentes' });
  await c.insertMany(Array.from({ length: 2_000 }, (_, i) => ({ _id: `l${i}`, companyId: `c${i % 20}`, recebidoEm: new Date(Date.now() - i * 1_000) })) as never[]);
  const plan = await explainFind(db, 'lotes_explain', { companyId: 'c1' }, { recebidoEm: -1, _id: -1 }, 51);
  return { behaviour: `explain of the history page (find {companyId} sort {recebidoEm: -1, _id: -1}), index {companyId: 1, recebidoEm: -1, _id: -1}`, measured: `${plan.server}: ${describePlan(plan)}` };
}

async function main(): Promise<void> {
  const store = await startStore();
  console.log(`# ${store.label}\n`);
  console.log('| behaviour | measured |\n|---|---|');
  const print = (row: Row) => console.log(`| ${row.behaviour} | ${row.measured} |`);
  let client: Client | undefined;
  try {
    client = await connect(store.url);
    const db = client.db(DB_NAME);
    print(await historyPlan(db));
    print(await conditionalUpdateRace(db));
    print(await concurrentSets(db));
    print(await concurrentIncs(db));
    print(await concurrentInserts(db));
    for (const row of await unorderedBulk(db)) print(row);
    for (const row of await costBySize(db, [1_000, 5_000, 20_000])) print(row);
    print(await ttl(db));
    await client.close();
    client = undefined;
    // Last: these may hang the server, which is then restarted.
    for (const row of await oneUpdateCommand(store, [25, 49, 50, 60, 100, 199, 200, 500])) print(row);
    print(await concurrentCommands(store, 25, [1, 2, 7, 8]));
    client = await connect(store.url);
    print(await chunkSizes(store, client.db(DB_NAME), 5_000, [5, 10, 25, 50, 100]));
    await client.db(DB_NAME).dropDatabase();
  } finally {
    await client?.close(true).catch(() => undefined);
    await store.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
