import mongoose, { type Connection } from 'mongoose';
import { isQueryTimeout } from '@erp/kit';
import { newCompanyId, stackEnv } from '../../../../test/support/env';
import { createSimulationStore } from '../../src/store/simulation-store';

let db: Connection;
beforeAll(async () => {
  db = await mongoose.createConnection(stackEnv.mongodbUrl, { dbName: `tax_query_time_${process.pid}` }).asPromise();
});
afterAll(async () => {
  await db.dropDatabase();
  await db.close();
});

/** Enough documents, each large, that reading them takes well over a millisecond. */
async function seed(collection: string, doc: (i: number) => object, count = 3_000): Promise<void> {
  const docs = Array.from({ length: count }, (_, i) => doc(i));
  for (let i = 0; i < docs.length; i += 500) await db.collection(collection).insertMany(docs.slice(i, i + 500));
}

const failure = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e);

describe('tax simulation store - every read a client triggers runs under maxTimeMS', () => {
  it('tax simulation store - a page, the titles and the provisioning marks past their time limit fail as query timeouts', async () => {
    const companyId = newCompanyId('tax-mt');
    await createSimulationStore(db);
    const ids = Array.from({ length: 3_000 }, (_, i) => `sim-${i}`);
    await seed('simulacoes', (i) => ({ _id: ids[i], companyId, criadaEm: new Date(Date.now() - i), resultado: { avisos: ['z'.repeat(2_000)] } }));
    await seed('titulos', (i) => ({ _id: `${ids[i]}:ICMS`, companyId, simulacaoId: ids[i], outbox: { payload: 'w'.repeat(2_000) } }));
    await seed('provisionamentos', (i) => ({ _id: ids[i], companyId, em: new Date(), por: 'x'.repeat(2_000) }));

    const slow = await createSimulationStore(db, { maxTimeMS: 1 });
    expect(isQueryTimeout(await failure(slow.page(companyId, 3_000, null)))).toBe(true);
    expect(isQueryTimeout(await failure(slow.titlesOf(companyId, ids)))).toBe(true);
    expect(isQueryTimeout(await failure(slow.provisioned(companyId, ids)))).toBe(true);

    const roomy = await createSimulationStore(db, { maxTimeMS: 30_000 });
    expect(await roomy.page(companyId, 3, null)).toHaveLength(3);
    expect((await roomy.titlesOf(companyId, ids.slice(0, 2))).get('sim-1')).toHaveLength(1);
    expect((await roomy.provisioned(companyId, ids.slice(0, 2))).size).toBe(2);
    expect((await roomy.find(companyId, 'sim-7'))?._id).toBe('sim-7');
  });
});
