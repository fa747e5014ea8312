import type { Connection } from 'mongoose';
import { isQueryTimeout } from '@erp/kit';
import { createBatchStore, type BatchDoc } from '../../src/store/batches';
import { createRecordStore } from '../../src/store/records';
import { openDb, unique } from './support';

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
});
