import mongoose, { type Connection } from 'mongoose';
import { describePlan, explainFind, serverKind } from '../../../../test/support/explain';
import { createBatchStore } from '../../src/store/batches';
import { createRecordStore } from '../../src/store/records';
import { unique } from './support';

/**
 * On MongoDB the pages a client reads go through the compound indexes that lead with the company (declared by the
 * stores themselves). Only a real MongoDB can show it: FerretDB's plans are PostgreSQL's, over indexes of its own
 * (test/e2e/store-index-plans.test.ts checks those), so elsewhere the test says why it checks nothing.
 */
const url = process.env.MONGODB_URL;
let db: Connection | undefined;
let reason: string | null = url ? null : "MONGODB_URL is not set: the stack runs on FerretDB (test/e2e/store-index-plans.test.ts checks its plans)";

beforeAll(async () => {
  if (!url) return;
  db = await mongoose.createConnection(url, { dbName: `erp_ingestion_index_${process.pid}` }).asPromise();
  if ((await serverKind(db.db!)) === 'ferretdb') reason = 'MONGODB_URL points at FerretDB, whose plans name its PostgreSQL indexes';
});
afterAll(async () => {
  if (db && !reason) await db.dropDatabase();
  await db?.close();
});

describe('ingestion stores - the client pages use the indexes that lead with the company (MongoDB)', () => {
  it('ingestion stores - the history page and the records page read their company index, not the collection', async () => {
    if (reason || !db) {
      console.log(`index use not checked: ${reason}`);
      return;
    }
    const lotes = unique('lotes_idx');
    await createBatchStore(db, { collection: lotes });
    await db.collection(lotes).insertMany(Array.from({ length: 500 }, (_, i) => ({ _id: `l${i}`, companyId: `c${i % 10}`, entidade: 'incidente_seguranca', recebidoEm: new Date(Date.now() - i) })) as never[]);
    const history = await explainFind(db.db!, lotes, { companyId: 'c1' }, { recebidoEm: -1, _id: -1 }, 51);
    const byEntity = await explainFind(db.db!, lotes, { companyId: 'c1', entidade: 'incidente_seguranca' }, { recebidoEm: -1, _id: -1 }, 51);
    await createRecordStore(db, { entidades: ['risco_corporativo'] });
    const records = await explainFind(db.db!, 'risco_corporativo', { companyId: 'c1' }, { _id: -1 }, 51);
    console.log(`history: ${describePlan(history)}\nby entity: ${describePlan(byEntity)}\nrecords: ${describePlan(records)}`);
    expect([history.index, byEntity.index, records.index]).toEqual(['empresa_recentes', 'empresa_entidade_recentes', 'empresa_recentes']);
    expect([history, byEntity, records].flatMap((plan) => plan.stages)).not.toContain('COLLSCAN');
  });
});
