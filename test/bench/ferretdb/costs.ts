import { performance } from 'node:perf_hooks';
import { describePlan, explainFind } from '../../support/explain';
import { afterHang, connect, DB_NAME, fresh, HANG_TIMEOUT_MS, ms, Timeout, withTimeout, type Db, type Row, type Store } from './store';

/**
 * What a filtered read or write costs as the collection grows, and what one update command of many matching
 * updates does: the two things the FerretDB patch changes (scripts/ferretdb-patch/README.md).
 */

/** A record shaped as the ingestion service stores them, under its unique index {companyId, chave}. */
function record(chave: string, companyId = 'empresa') {
  return { companyId, chave, titulo: `Registro ${chave}`, severidade: chave.length % 2 ? 'Baixa' : 'Alta', status: 'Em análise', criadoEm: new Date(), loteId: 'carga' };
}

/** Adds records K-<from>..K-<to - 1> of `companyId`, 1,000 per command. */
async function fill(c: Awaited<ReturnType<typeof fresh>>, from: number, to: number, companyId = 'empresa') {
  for (let offset = from; offset < to; offset += 1_000) {
    await c.insertMany(Array.from({ length: Math.min(1_000, to - offset) }, (_, i) => record(`K-${offset + i}`, companyId)), { ordered: false });
  }
}

/** A fresh collection with the ingestion service's index and `size` records. */
async function filled(db: Db, name: string, size: number, companyId = 'empresa') {
  const c = await fresh(db, name);
  await c.createIndex({ companyId: 1, chave: 1 }, { unique: true, name: 'empresa_chave' });
  await fill(c, 0, size, companyId);
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

/**
 * One update command with N updates that all match existing documents: time, or no answer. Stops at the first
 * N without an answer (a larger N is no better).
 */
export async function oneUpdateCommand(store: Store, sizes: number[]): Promise<Row[]> {
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
export async function concurrentCommands(store: Store, each: number, counts: number[]): Promise<Row> {
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

/**
 * Reads and writes by key as the collection grows to each size (one collection, topped up): updates by `_id`
 * and by the ingestion key one after the other, inserts, `$in` finds, and 500 ingestion upserts sent in bulks
 * of 25 and, with `wholeBulk` (a store that does not hang on it), as one bulk.
 */
export async function costBySize(db: Db, sizes: number[], options: { wholeBulk: boolean }): Promise<Row[]> {
  const rows: Row[] = [];
  const c = await filled(db, 'cost', 0);
  let size = 0;
  for (const [round, target] of sizes.entries()) {
    await fill(c, size, target);
    size = target;
    const ids = (await c.find({}, { projection: { _id: 1 } }).limit(500).toArray()).map((doc) => doc._id);

    let started = performance.now();
    for (let i = 0; i < 200; i += 1) await c.updateOne({ _id: ids[i] }, { $set: { titulo: `por id ${i}` } });
    const byId = performance.now() - started;

    started = performance.now();
    for (let i = 0; i < 200; i += 1) await c.updateOne({ companyId: 'empresa', chave: `K-${i}` }, { $set: { titulo: `por chave ${i}` } });
    const byKey = performance.now() - started;

    started = performance.now();
    await c.insertMany(Array.from({ length: 200 }, (_, i) => record(`N-${target}-${i}`)));
    const inserts = performance.now() - started;

    started = performance.now();
    const found = await c.find({ _id: { $in: ids } }).toArray();
    const findIds = performance.now() - started;

    started = performance.now();
    const foundKeys = await c.find({ companyId: 'empresa', chave: { $in: Array.from({ length: 500 }, (_, i) => `K-${i}`) } }).toArray();
    const findKeys = performance.now() - started;

    started = performance.now();
    for (let offset = 0; offset < 500; offset += 25) {
      await c.bulkWrite(Array.from({ length: 25 }, (_, i) => upsertOf(offset + i, 2 * round)), { ordered: false });
    }
    const upserts = performance.now() - started;

    let whole = 'not sent (more matching updates than the pool: see "one update command")';
    if (options.wholeBulk) {
      started = performance.now();
      await c.bulkWrite(Array.from({ length: 500 }, (_, i) => upsertOf(i, 2 * round + 1)), { ordered: false });
      whole = ms(performance.now() - started);
    }

    rows.push({
      behaviour: `cost in a collection of ${size.toLocaleString('en-US')} documents (index {companyId, chave})`,
      measured:
        `200 updateOne by _id one after the other: ${ms(byId)} (${(byId / 200).toFixed(1)} ms each); ` +
        `200 by {companyId, chave}: ${ms(byKey)}; insertMany of 200: ${ms(inserts)}; ` +
        `find of ${found.length} _ids: ${ms(findIds)}; find of ${foundKeys.length} keys: ${ms(findKeys)}; ` +
        `500 ingestion upserts in bulks of 25: ${ms(upserts)}; in one bulk: ${whole}`,
    });
    size += 200;
  }
  return rows;
}

/** The same 500 ingestion upserts, every one matching, sent in bulk commands of different sizes. */
export async function chunkSizes(store: Store, db: Db, size: number, chunks: number[]): Promise<Row> {
  const parts: string[] = [];
  const c = await filled(db, 'chunks', size);
  await fill(c, 0, 500, 'lote');
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

/**
 * What the store does with the import history page (the heaviest read a client triggers), with the index the
 * ingestion store declares: MongoDB reads the compound index that leads with the company; stock FerretDB 1.24
 * scans the table.
 */
export async function historyPlan(db: Db): Promise<Row> {
  const c = await fresh(db, 'lotes_explain');
  await c.createIndex({ companyId: 1, recebidoEm: -1, _id: -1 }, { name: 'empresa_recentes' });
  await c.insertMany(Array.from({ length: 2_000 }, (_, i) => ({ _id: `l${i}`, companyId: `c${i % 20}`, recebidoEm: new Date(Date.now() - i * 1_000) })) as never[]);
  const plan = await explainFind(db, 'lotes_explain', { companyId: 'c1' }, { recebidoEm: -1, _id: -1 }, 51);
  return { behaviour: `explain of the history page (find {companyId} sort {recebidoEm: -1, _id: -1}), index {companyId: 1, recebidoEm: -1, _id: -1}`, measured: `${plan.server}: ${describePlan(plan)}` };
}
