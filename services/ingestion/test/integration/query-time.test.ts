import type { Connection } from 'mongoose';
import { isQueryTimeout } from '@erp/kit';
import { createBatchStore, type BatchDoc } from '../../src/store/batches';
import { createIdempotencyStore } from '../../src/store/idempotency';
import { createRateLimiter } from '../../src/store/rate-limit';
import { createRecordStore } from '../../src/store/records';
import { log, openDb, unique } from './support';
import { LIMIT, watchReadLimits } from '../../../../test/support/query-limits';

let db: Connection;
let limitsOf: ReturnType<typeof watchReadLimits>;
beforeAll(async () => {
  db = await openDb({ monitorCommands: true });
  limitsOf = watchReadLimits(db);
});

afterAll(async () => {
  await db.dropDatabase();
  await db.close();
});

/** Enough documents that scanning them takes well over a millisecond. */
async function seed(collection: string, doc: (i: number) => object, count = 3_000): Promise<void> {
  const docs = Array.from({ length: count }, (_, i) => doc(i));
  for (let i = 0; i < docs.length; i += 500) await db.collection(collection).insertMany(docs.slice(i, i + 500));
}

describe('ingestion stores - every read a client triggers runs under maxTimeMS', () => {
  it('ingestion stores - a history page past its time limit fails as a query timeout', async () => {
    const collection = unique('lotes_mt');
    const companyId = unique('empresa');
    await seed(collection, (i) => ({ _id: `l${i}`, companyId, entidade: 'incidente_seguranca', recebidoEm: new Date(Date.now() - i), linhasRecusadas: [{ linha: 1, valores: 'x'.repeat(2_000), erros: [] }] }));
    const slow = await createBatchStore(db, { collection, maxTimeMS: 1 });
    const error: unknown = await slow.page(companyId, null, 201, null).then(() => null, (e: unknown) => e);
    expect(isQueryTimeout(error)).toBe(true);
    const roomy = await createBatchStore(db, { collection, maxTimeMS: 30_000 });
    expect((await roomy.page(companyId, null, 3, null)).map((doc: BatchDoc) => doc._id)).toHaveLength(3);
  });

  it('ingestion stores - a records page and a batch look-up carry the configured maxTimeMS', async () => {
    const companyId = unique('empresa');
    await createRecordStore(db, { entidades: ['risco_corporativo'] });
    await db.collection('risco_corporativo').insertOne({ companyId, chave: 'R-1', criadoEm: new Date(), atualizadoEm: new Date(), loteId: 'l' });
    const store = await createRecordStore(db, { entidades: [], maxTimeMS: LIMIT });
    const page = await limitsOf(() => store.page('risco_corporativo', companyId, 10, null));
    const lookup = await limitsOf(() => store.findByKeys('risco_corporativo', companyId, ['R-1', 'R-2']));
    expect({ page, lookup }).toEqual({ page: [LIMIT], lookup: [LIMIT] });
  });

  it('ingestion stores - a rate-limit count carries the configured maxTimeMS', async () => {
    const collection = unique('limites_mt');
    const limiter = await createRateLimiter(db, { log, perMinute: 100_000, collection, maxTimeMS: LIMIT });
    const limits = await limitsOf(() => limiter.hit(unique('token'), Date.now()));
    limiter.stop();
    expect(limits.length).toBeGreaterThan(0);
    expect(limits.every((limit) => limit === LIMIT)).toBe(true);
  });

  it('ingestion stores - an idempotency key look-up carries the configured maxTimeMS', async () => {
    const collection = unique('idempotencia_mt');
    const now = new Date();
    await db.collection(collection).insertOne({ _id: 't:k1', tokenId: 't', chave: 'k1', impressao: 'a', estado: 'CONCLUIDO', status: 200, resposta: 'r', criadoEm: now, expiraEm: new Date(now.getTime() + 3_600_000) } as never);
    const store = await createIdempotencyStore(db, { log, retentionMs: 3_600_000, collection, maxTimeMS: LIMIT });
    const limits = await limitsOf(() => store.claim('t', 'k1', 'a'));
    store.stop();
    expect(limits.length).toBeGreaterThan(0);
    expect(limits.every((limit) => limit === LIMIT)).toBe(true);
  });
});
