import type { Connection } from 'mongoose';
import { isQueryTimeout } from '@erp/kit';
import { createBatchStore, type BatchDoc } from '../../src/store/batches';
import { createIdempotencyStore } from '../../src/store/idempotency';
import { createRateLimiter } from '../../src/store/rate-limit';
import { createRecordStore } from '../../src/store/records';
import { log, openDb, unique } from './support';

let db: Connection;
beforeAll(async () => {
  db = await openDb();
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

  it('ingestion stores - a records page and a batch look-up past their time limit fail as query timeouts', async () => {
    const companyId = unique('empresa');
    await createRecordStore(db, { entidades: ['risco_corporativo'] });
    await seed('risco_corporativo', (i) => ({ companyId, chave: `R-${i}`, descricao: 'y'.repeat(2_000), criadoEm: new Date(), atualizadoEm: new Date(), loteId: 'l' }));
    const slow = await createRecordStore(db, { entidades: [], maxTimeMS: 1 });
    const page: unknown = await slow.page('risco_corporativo', companyId, 201, null).then(() => null, (e: unknown) => e);
    expect(isQueryTimeout(page)).toBe(true);
    const keys = Array.from({ length: 500 }, (_, i) => `R-${i * 3}`);
    const lookup: unknown = await slow.findByKeys('risco_corporativo', companyId, keys).then(() => null, (e: unknown) => e);
    expect(isQueryTimeout(lookup)).toBe(true);
  });

  it('ingestion stores - a rate-limit count past its time limit fails as a query timeout', async () => {
    const collection = unique('limites_mt');
    const origem = unique('token');
    const now = Date.now();
    const janela = Math.floor(now / 60_000);
    await seed(collection, (i) => ({ _id: `${origem}:${janela}:${i + 1}`, origem, janela, expiraEm: new Date(now + 120_000), preenchimento: 'z'.repeat(1_000) }));
    const slow = await createRateLimiter(db, { log, perMinute: 100_000, collection, maxTimeMS: 1 });
    const error: unknown = await slow.hit(origem, now).then(() => null, (e: unknown) => e);
    slow.stop();
    expect(isQueryTimeout(error)).toBe(true);
    const roomy = await createRateLimiter(db, { log, perMinute: 100_000, collection, maxTimeMS: 30_000 });
    expect((await roomy.hit(origem, now)).allowed).toBe(true);
    roomy.stop();
  });

  it('ingestion stores - an idempotency key look-up past its time limit fails as a query timeout', async () => {
    const collection = unique('idempotencia_mt');
    const now = new Date();
    await seed(collection, (i) => ({ _id: `t:k${i}`, tokenId: 't', chave: `k${i}`, impressao: 'a', estado: 'CONCLUIDO', status: 200, resposta: 'r'.repeat(1_000), criadoEm: now, expiraEm: new Date(now.getTime() + 3_600_000) }));
    const slow = await createIdempotencyStore(db, { log, retentionMs: 3_600_000, collection, maxTimeMS: 1 });
    const error: unknown = await slow.claim('t', 'k2999', 'a').then(() => null, (e: unknown) => e);
    slow.stop();
    expect(isQueryTimeout(error)).toBe(true);
    const roomy = await createIdempotencyStore(db, { log, retentionMs: 3_600_000, collection, maxTimeMS: 30_000 });
    expect(await roomy.claim('t', 'k2999', 'a')).toMatchObject({ kind: 'replay', status: 200 });
    roomy.stop();
  });
});
