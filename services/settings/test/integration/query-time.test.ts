import mongoose, { type Connection } from 'mongoose';
import { isQueryTimeout } from '@erp/kit';
import { newCompanyId, stackEnv } from '../../../../test/support/env';
import { createSettingsStore } from '../../src/store/settings-store';

let db: Connection;
beforeAll(async () => {
  db = await mongoose.createConnection(stackEnv.mongodbUrl, { dbName: `settings_query_time_${process.pid}` }).asPromise();
});
afterAll(async () => {
  await db.dropDatabase();
  await db.close();
});

describe('settings store - the read of a GET runs under maxTimeMS', () => {
  it('settings store - past its time limit the read fails as a query timeout; within it, it answers', async () => {
    const companyId = newCompanyId('settings-mt');
    await createSettingsStore(db);
    const versions = Array.from({ length: 3_000 }, (_, i) => ({ _id: `${companyId}:${i + 1}`, companyId, versao: i + 1, nfse: { provedor: 'p'.repeat(2_000) } }));
    for (let i = 0; i < versions.length; i += 500) await db.collection('configuracao_versoes').insertMany(versions.slice(i, i + 500) as never[]);
    const slow = await createSettingsStore(db, { maxTimeMS: 1 });
    const error: unknown = await slow.find(companyId).then(() => null, (e: unknown) => e);
    expect(isQueryTimeout(error)).toBe(true);
    const roomy = await createSettingsStore(db, { maxTimeMS: 30_000 });
    expect((await roomy.find(companyId))?.versao).toBe(3_000);
  });
});
