import mongoose from 'mongoose';

const { Double, Long, ObjectId, MongoServerError, MongoBulkWriteError } = mongoose.mongo;
type Db = mongoose.mongo.Db;
type Collection = mongoose.mongo.Collection<Record<string, any>>;

/**
 * What MongoDB answers to the filters and writes whose SQL the FerretDB patch changes (scripts/ferretdb-patch):
 * equality on array fields, numbers of different types, `_id` by equality and by `$in`, `$in` on indexed fields,
 * dot notation, duplicate keys on insert and upsert, a dropped index. Each case's answer is a short text, so
 * the same cases assert the patched store (test/integration/ferretdb-patch.test.ts) and print the stock and
 * the patched build side by side (`npm run -s bench:ferretdb`).
 */
export interface SemanticsCase {
  name: string;
  run: (c: Collection) => Promise<string>;
  /** MongoDB's answer, unless `ferretdb` says FerretDB 1.24 answers otherwise (on the stock build as well). */
  expected: string;
  ferretdb?: string;
}

const HEX = '6256c5ba0badc0ffeeffffff';
/** A string with a quote, a backslash, a line break and an HTML character (escaped in JSON as \u003c). */
const ODD = 'a"b\\c\n<';

/** Sorted `_id`s of the documents: numbers as they are, strings quoted, ObjectIds as `oid`. */
function ids(docs: Record<string, any>[]): string {
  const shown = docs.map(({ _id }) => (_id instanceof ObjectId ? 'oid' : typeof _id === 'string' ? `'${_id}'` : String(_id)));
  return shown.sort().join(', ') || 'none';
}

const found = (filter: Record<string, unknown>) => async (c: Collection) => ids(await c.find(filter).toArray());

/** The error code of a failed write, or what the write did. */
async function outcome(write: () => Promise<unknown>): Promise<string> {
  try {
    const result = await write();
    return `ok ${JSON.stringify(result)}`;
  } catch (error) {
    if (error instanceof MongoBulkWriteError) {
      const errors = [error.writeErrors].flat().filter(Boolean) as { code: number }[];
      return `write errors ${errors.map((e) => e.code).join(', ')}; ${error.result.insertedCount} inserted, ${error.result.upsertedCount} upserted`;
    }
    if (error instanceof MongoServerError) return `error ${error.code}`;
    throw error;
  }
}

/** A fresh collection with the indexes the cases go through, and five documents. */
export async function semanticsCollection(db: Db, name = 'semantica'): Promise<Collection> {
  await db.collection(name).drop().catch(() => undefined);
  const c = db.collection<Record<string, any>>(name);
  await c.createIndex({ k: 1 }, { unique: true, name: 'k' });
  await c.createIndex({ tags: 1 }, { name: 'tags' });
  await c.createIndex({ 'sub.x': 1 }, { name: 'sub_x' });
  await c.createIndex({ n: 1, k: 1 }, { name: 'n_k' });
  await c.createIndex({ s: 1 }, { name: 's' });
  await c.createIndex({ 'itens.codigo': 1 }, { name: 'itens_codigo' });
  await c.insertMany([
    { _id: 1, k: 'k1', n: 1, tags: ['x', 'y'], sub: { x: 5 }, s: ODD, itens: [{ codigo: 'P1' }, { codigo: 'P2' }] },
    { _id: 'dois', k: 'k2', n: new Double(1), tags: 'x', sub: { x: [5, 6] }, s: 'ação 😀', itens: { codigo: 'P1' } },
    { _id: new ObjectId(HEX), k: 'k3', n: Long.fromNumber(1), tags: [{ v: 'x' }], sub: { x: 6 }, s: 'a"b', itens: 'P1' },
    { _id: 4, k: 'k4', n: 2, tags: null, s: ['z', 'ação 😀'] },
    { _id: 5, k: 'k5', n: '1' },
  ] as never[]);
  return c;
}

export const SEMANTICS_CASES: SemanticsCase[] = [
  { name: "{tags: 'x'}: an array holding the value, or the value; not a document holding it", run: found({ tags: 'x' }), expected: "'dois', 1" },
  { name: "{tags: {$in: ['y', 'z']}} on an indexed array field", run: found({ tags: { $in: ['y', 'z'] } }), expected: '1' },
  { name: "{tags: {$in: ['x', null]}}: null matches null and missing", run: found({ tags: { $in: ['x', null] } }), expected: "'dois', 1, 4, 5" },
  { name: "{tags: {$in: [/^x/]}}: a regular expression", run: found({ tags: { $in: [/^x/] } }), expected: "'dois', 1" },
  { name: "{tags: ['x', 'y']}: a whole array", run: found({ tags: ['x', 'y'] }), expected: '1' },
  { name: '{n: 1}: int, double and long alike, not the string', run: found({ n: 1 }), expected: "'dois', 1, oid" },
  { name: '{n: {$in: [1, 2]}} on the first field of a compound index', run: found({ n: { $in: [1, 2] } }), expected: "'dois', 1, 4, oid" },
  { name: "{n: 1, k: {$in: ['k1', 'k3', 'k5']}}", run: found({ n: 1, k: { $in: ['k1', 'k3', 'k5'] } }), expected: '1, oid' },
  { name: "{s: {$in: [a string with a quote, a backslash, a line break and '<', 'ação 😀']}}", run: found({ s: { $in: [ODD, 'ação 😀'] } }), expected: "'dois', 1, 4" },
  { name: '{n: {$in: [2, 1e-7, -3.5]}}: numbers of a jsonpath', run: found({ n: { $in: [2, 1e-7, -3.5] } }), expected: '4' },
  { name: "{'sub.x': 5}: dot notation, an array holding the value", run: found({ 'sub.x': 5 }), expected: "'dois', 1" },
  { name: "{'sub.x': {$in: [6, 7]}}", run: found({ 'sub.x': { $in: [6, 7] } }), expected: "'dois', oid" },
  { name: "{'itens.codigo': 'P1'}: through an array of documents, or one document; not a string", run: found({ 'itens.codigo': 'P1' }), expected: "'dois', 1" },
  { name: "{'itens.codigo': {$in: ['P2', 'P9']}}", run: found({ 'itens.codigo': { $in: ['P2', 'P9'] } }), expected: '1' },
  { name: "{'itens.0.codigo': 'P1'}: an array index", run: found({ 'itens.0.codigo': 'P1' }), expected: '1' },
  { name: '{_id: 1}', run: found({ _id: 1 }), expected: '1' },
  { name: '{_id: 1.0 as a double}', run: found({ _id: new Double(1) }), expected: '1' },
  { name: '{_id: 1 as a long}', run: found({ _id: Long.fromNumber(1) }), expected: '1' },
  { name: `{_id: ObjectId('${HEX}')}`, run: found({ _id: new ObjectId(HEX) }), expected: 'oid' },
  {
    name: `{_id: '${HEX}'}: a string with an ObjectId's hex`,
    run: found({ _id: HEX }),
    expected: 'none',
  },
  { name: "{_id: {$in: [1, 'dois', ObjectId]}}", run: found({ _id: { $in: [1, 'dois', new ObjectId(HEX)] } }), expected: "'dois', 1, oid" },
  { name: "{_id: {$in: [4, 'x', 2.5]}}", run: found({ _id: { $in: [4, 'x', 2.5] } }), expected: '4' },
  { name: '{_id: {$in: []}}', run: found({ _id: { $in: [] } }), expected: 'none' },
  { name: "{_id: {$in: [1, {a: 1}]}}: a document among the values", run: found({ _id: { $in: [1, { a: 1 }] } }), expected: '1' },
  {
    name: 'insert of an existing _id',
    run: (c) => outcome(() => c.insertOne({ _id: 1, k: 'novo' } as never).then(() => 'inserted')),
    expected: 'error 11000',
  },
  {
    name: `insert of _id '${HEX}' beside ObjectId('${HEX}')`,
    run: (c) => outcome(() => c.insertOne({ _id: HEX, k: 'hex' } as never).then(() => 'inserted')),
    expected: 'ok "inserted"',
    // FerretDB's unique index on _id compares the stored JSON, where both are the same string.
    ferretdb: 'error 11000',
  },
  {
    name: 'unordered insertMany of _ids 7, 1, 8 (1 exists)',
    run: async (c) => `${await outcome(() => c.insertMany([{ _id: 7, k: 'k7' }, { _id: 1, k: 'k1b' }, { _id: 8, k: 'k8' }] as never[], { ordered: false }))}; ${await found({ _id: { $in: [7, 8] } })(c)}`,
    expected: 'write errors 11000; 2 inserted, 0 upserted; 7, 8',
  },
  {
    name: "upsert {k: 'k1', n: 9} whose insert breaks the unique index on k",
    run: (c) => outcome(() => c.updateOne({ k: 'k1', n: 9 }, { $set: { z: 1 } }, { upsert: true }).then((r) => `${r.matchedCount} matched`)),
    expected: 'error 11000',
  },
  {
    name: "upserts by k: 'k1' (exists) and 'k9' (new), one bulk",
    run: async (c) => {
      const result = await c.bulkWrite(
        ['k1', 'k9'].map((k) => ({ updateOne: { filter: { k }, update: { $set: { z: 2 } }, upsert: true } })),
        { ordered: false },
      );
      return `${result.matchedCount} matched, ${result.modifiedCount} modified, ${result.upsertedCount} upserted; ${await found({ z: 2 })(c)}`;
    },
    // The upserted document's _id is a new ObjectId.
    expected: '1 matched, 1 modified, 1 upserted; 1, oid',
  },
  {
    name: "update of 'dois' to k: 'k1', breaking the unique index on k",
    run: (c) => outcome(() => c.updateOne({ _id: 'dois' as never }, { $set: { k: 'k1' } }).then((r) => `${r.modifiedCount} modified`)),
    expected: 'error 11000',
    ferretdb: 'error 1',
  },
  {
    name: "update of many {'itens.codigo': 'P2'}: through an array of documents",
    run: (c) => c.updateMany({ 'itens.codigo': 'P2' }, { $set: { marcado: true } }).then((r) => `${r.matchedCount} matched`),
    // The stock build matches none: its SQL followed the path with `#>`, which does not go through arrays.
    expected: '1 matched',
  },
  {
    name: '{n: 1} update of many: every number type',
    run: (c) => c.updateMany({ n: 1 }, { $set: { m: true } }).then((r) => `${r.matchedCount} matched, ${r.modifiedCount} modified`),
    expected: '3 matched, 3 modified',
  },
  {
    name: "{tags: 'x'} after the index on tags is dropped",
    run: async (c) => {
      await c.dropIndex('tags');
      return found({ tags: 'x' })(c);
    },
    expected: "'dois', 1",
  },
];

/** The answer a FerretDB 1.24 store must give (`ferretdb` where it differs from MongoDB's). */
export const ferretdbExpected = (test: SemanticsCase): string => test.ferretdb ?? test.expected;

/** Runs every case in order on a fresh collection (later cases see earlier writes, as listed). */
export async function runSemantics(db: Db, name?: string): Promise<{ name: string; answer: string }[]> {
  const c = await semanticsCollection(db, name);
  const answers: { name: string; answer: string }[] = [];
  for (const test of SEMANTICS_CASES) answers.push({ name: test.name, answer: await test.run(c) });
  return answers;
}
