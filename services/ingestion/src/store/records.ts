import mongoose, { type Connection } from 'mongoose';
import type { IngestionEntity } from '@erp/contracts';
import { DEFAULT_QUERY_MAX_TIME_MS } from './query-time';

const { ObjectId } = mongoose.mongo;
type ObjectIdType = InstanceType<typeof ObjectId>;

/** Fields the store itself puts on every record; no entity may define a field with one of these names. */
export const RESERVED_FIELDS = ['_id', 'companyId', 'chave', 'criadoEm', 'atualizadoEm', 'loteId', 'vinculos'] as const;

/**
 * One stored record: the entity's values spread at the top level beside the store's own fields. `vinculos`
 * holds, per reference field, the id of the referenced record when the reference was found.
 */
export interface RecordDoc {
  _id: ObjectIdType;
  companyId: string;
  chave: string;
  criadoEm: Date;
  atualizadoEm: Date;
  loteId: string;
  vinculos?: Record<string, string>;
  [campo: string]: unknown;
}

/** Fails the start of the service if an entity defines a field the store uses for itself. */
export function assertNoReservedFields(definitions: readonly { entidade: string; campos: readonly { campo: string }[] }[]): void {
  for (const def of definitions) {
    const clash = def.campos.find((field) => (RESERVED_FIELDS as readonly string[]).includes(field.campo));
    if (clash) throw new Error(`entity ${def.entidade} defines reserved field ${clash.campo}`);
  }
}

export const newRecordId = (): ObjectIdType => new ObjectId();
export const recordIdFromHex = (hex: string): ObjectIdType => ObjectId.createFromHexString(hex);
export const isRecordId = (text: string): boolean => /^[0-9a-f]{24}$/.test(text);

/** Everything a batch asks of the records of one company; no call is a round trip per row. */
export interface RecordStore {
  /** The records of these keys that already exist (one query per `LOOKUP_SLICE` keys). */
  findByKeys(entidade: IngestionEntity, companyId: string, chaves: string[]): Promise<Map<string, RecordDoc>>;
  /** Ids of the records whose key is one of `chaves` (as `findByKeys`; used for reference look-ups and read-backs). */
  idsByKeys(entidade: IngestionEntity, companyId: string, chaves: string[]): Promise<Map<string, string>>;
  /**
   * The batch's writes as one unordered bulk write; per-operation failures are reported, not thrown. Beware:
   * FerretDB stops an unordered bulk at its first error, so operations after a failure may not have run.
   */
  bulkWrite(entidade: IngestionEntity, operations: object[]): Promise<BulkOutcome>;
  /** A page of records, newest first, after the record `depois` (exclusive). */
  page(
    entidade: IngestionEntity,
    companyId: string,
    limit: number,
    depois: ObjectIdType | null,
  ): Promise<RecordDoc[]>;
}

interface BulkOutcome {
  /**
   * Ids of the documents that upserts inserted. By value, not by operation index: FerretDB 1.24 numbers
   * upserted entries by their rank among upserts, not by operation, so an index would point at the wrong key.
   */
  upserted: Set<string>;
  /** Operation index -> server error code, for operations that failed. */
  failed: Map<number, { code: number; message: string }>;
}

interface WriteErrorLike {
  index: number;
  code: number;
  errmsg?: string;
  message?: string;
}

function outcomeOf(result: { upsertedIds?: Record<number, unknown> } | undefined, errors: WriteErrorLike[]): BulkOutcome {
  const upserted = new Set<string>(Object.values(result?.upsertedIds ?? {}).map(String));
  const failed = new Map<number, { code: number; message: string }>();
  for (const error of errors) failed.set(error.index, { code: error.code, message: error.errmsg ?? error.message ?? '' });
  return { upserted, failed };
}

/**
 * Keys per look-up query. A batch's keys are looked up in slices: FerretDB 1.24 filters every document it returns
 * again in Go, comparing its key with each value of the `$in` (and PostgreSQL rechecks the jsonpath of the `$in` on
 * each row), so one query of 500 keys costs about 500 x 500 comparisons; five queries of 100 cost a fifth of that.
 * Measured (`docs/ingestion.md`, FerretDB -index.2, 20,000 records): 500 keys in slices of 100 two at a time 25 ms,
 * in one query 39 ms; slices of 50 or 250, or four at a time, in between.
 */
export const LOOKUP_SLICE = 100;

/** Slices looked up at once: two, one per core of the store (more only queue behind each other). */
const LOOKUP_LANES = 2;

/** `find` of `chaves` in slices of `LOOKUP_SLICE`, `LOOKUP_LANES` at a time; every document found. */
async function findInSlices<T>(chaves: string[], find: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  const slices: string[][] = [];
  for (let start = 0; start < chaves.length; start += LOOKUP_SLICE) slices.push(chaves.slice(start, start + LOOKUP_SLICE));
  const found: T[] = [];
  const lane = async (): Promise<void> => {
    for (let slice = slices.shift(); slice; slice = slices.shift()) found.push(...(await find(slice)));
  };
  await Promise.all(Array.from({ length: LOOKUP_LANES }, lane));
  return found;
}

/** Creates the indexes of every entity's collection (one unique key per company), then resolves to the store. */
export async function createRecordStore(
  db: Connection,
  options: { entidades: readonly IngestionEntity[]; maxTimeMS?: number },
): Promise<RecordStore> {
  // Every read here runs for a client's request: none may hold the database longer than this.
  const maxTimeMS = options.maxTimeMS ?? DEFAULT_QUERY_MAX_TIME_MS;
  // The native driver collection: the write path must not pay for mongoose document casting.
  const collection = (entidade: IngestionEntity) => db.collection<RecordDoc>(entidade);
  for (const entidade of options.entidades) {
    await collection(entidade).createIndex({ companyId: 1, chave: 1 }, { unique: true, name: 'empresa_chave' });
    await collection(entidade).createIndex({ companyId: 1, _id: -1 }, { name: 'empresa_recentes' });
  }

  return {

    async findByKeys(entidade, companyId, chaves) {
      const found = new Map<string, RecordDoc>();
      if (chaves.length === 0) return found;
      const docs = await findInSlices(chaves, (slice) => collection(entidade).find({ companyId, chave: { $in: slice } }, { maxTimeMS }).toArray());
      for (const doc of docs) found.set(doc.chave, doc);
      return found;
    },

    async idsByKeys(entidade, companyId, chaves) {
      const found = new Map<string, string>();
      if (chaves.length === 0) return found;
      const docs = await findInSlices(chaves, (slice) =>
        collection(entidade).find({ companyId, chave: { $in: slice } }, { projection: { _id: 1, chave: 1 }, maxTimeMS }).toArray(),
      );
      for (const doc of docs) found.set(doc.chave, String(doc._id));
      return found;
    },

    async bulkWrite(entidade, operations) {
      try {
        return outcomeOf(await collection(entidade).bulkWrite(operations as never, { ordered: false }), []);
      } catch (error) {
        if (!(error instanceof mongoose.mongo.MongoBulkWriteError)) throw error;
        const writeErrors = (Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors]).filter(Boolean) as WriteErrorLike[];
        // Without per-operation errors the command failed as a whole: nothing of it is known to be written, so no
        // row may be reported OK.
        if (writeErrors.length === 0) throw error;
        return outcomeOf(error.result, writeErrors);
      }
    },

    async page(entidade, companyId, limit, depois) {
      const filter = depois ? { companyId, _id: { $lt: depois } } : { companyId };
      return (await collection(entidade)
        .find(filter, { maxTimeMS })
        .sort({ _id: -1 })
        .limit(limit)
        .toArray());
    },
  };
}
