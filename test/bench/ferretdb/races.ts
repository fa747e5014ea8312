import mongoose from 'mongoose';
import { fresh, type Db, type Row } from './store';

/**
 * The races and bulk-write quirks of FerretDB 1.24's handler (docs/ferretdb.md): the same on the stock and the
 * patched build, which changes only how filters reach PostgreSQL and when an update's query is closed.
 */
const { MongoBulkWriteError, MongoServerError } = mongoose.mongo;

const TTL_WAIT_S = Number(process.env.BENCH_TTL_WAIT_S ?? 75);

export async function conditionalUpdateRace(db: Db): Promise<Row> {
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

export async function concurrentSets(db: Db): Promise<Row> {
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

export async function concurrentIncs(db: Db): Promise<Row> {
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

export async function concurrentInserts(db: Db): Promise<Row> {
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

export async function unorderedBulk(db: Db): Promise<Row[]> {
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

export async function ttl(db: Db): Promise<Row> {
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
