import mongoose, { type Connection } from 'mongoose';
import { newCompanyId, stackEnv } from '../../../../test/support/env';
import { createSimulationStore } from '../../src/store/simulation-store';
import { LIMIT, watchReadLimits } from '../../../../test/support/query-limits';

let db: Connection;
let limitsOf: ReturnType<typeof watchReadLimits>;
beforeAll(async () => {
  db = await mongoose.createConnection(stackEnv.mongodbUrl, { dbName: `tax_query_time_${process.pid}`, monitorCommands: true }).asPromise();
  limitsOf = watchReadLimits(db);
});
afterAll(async () => {
  await db.dropDatabase();
  await db.close();
});

describe('tax simulation store - every read a client triggers carries its maxTimeMS', () => {
  it('tax simulation store - a page, one simulation, the titles and the provisioning marks send the configured maxTimeMS', async () => {
    const companyId = newCompanyId('tax-mt');
    await createSimulationStore(db);
    const ids = ['sim-1', 'sim-2'];
    await db.collection('simulacoes').insertMany(ids.map((_id, i) => ({ _id: _id as never, companyId, criadaEm: new Date(Date.now() - i) })));
    await db.collection('titulos').insertMany(ids.map((id) => ({ _id: `${companyId}:ICMS:2026-05:${id}#1` as never, companyId, simulacaoId: id, tituloId: `${companyId}:ICMS:2026-05:${id}`, versao: 1 })));
    await db.collection('provisionamentos').insertMany(ids.map((_id) => ({ _id: _id as never, companyId, em: new Date() })));

    const store = await createSimulationStore(db, { maxTimeMS: LIMIT });
    const reads: Record<string, () => Promise<unknown>> = {
      page: () => store.page(companyId, 3, null),
      find: () => store.find(companyId, 'sim-2'),
      versionsBy: () => store.versionsBy(companyId, ids),
      latestOf: () => store.latestOf(companyId, ids.map((id) => `${companyId}:ICMS:2026-05:${id}`)),
      chainOf: () => store.chainOf(companyId, `${companyId}:ICMS:2026-05:sim-1`),
      provisioned: () => store.provisioned(companyId, ids),
    };
    const found: Record<string, unknown[]> = {};
    for (const [name, read] of Object.entries(reads)) found[name] = await limitsOf(read);
    expect(Object.fromEntries(Object.entries(found).map(([name, limits]) => [name, limits.length > 0 && limits.every((limit) => limit === LIMIT)]))).toEqual(
      Object.fromEntries(Object.keys(reads).map((name) => [name, true])),
    );

    // The reads still answer under a limit they meet.
    expect(await store.page(companyId, 3, null)).toHaveLength(2);
    expect((await store.versionsBy(companyId, ids)).get('sim-1')).toHaveLength(1);
    expect((await store.latestOf(companyId, [`${companyId}:ICMS:2026-05:sim-2`])).get(`${companyId}:ICMS:2026-05:sim-2`)?.versao).toBe(1);
    expect(await store.chainOf(companyId, `${companyId}:ICMS:2026-05:sim-1`)).toHaveLength(1);
    expect((await store.provisioned(companyId, ids)).size).toBe(2);
    expect((await store.find(companyId, 'sim-2'))?._id).toBe('sim-2');
  });
});
