import mongoose, { type Connection } from 'mongoose';
import { stackEnv } from '../../../../test/support/env';
import { createDocumentsStore, type Serie } from '../../src/store/documents-store';
import { LIMIT, watchReadLimits } from '../../../../test/support/query-limits';

let db: Connection;
let limitsOf: ReturnType<typeof watchReadLimits>;
beforeAll(async () => {
  db = await mongoose.createConnection(stackEnv.mongodbUrl, { dbName: `erp_fiscal_document_it_${process.pid}`, monitorCommands: true }).asPromise();
  limitsOf = watchReadLimits(db);
});
afterAll(async () => {
  await db.dropDatabase();
  await db.close();
});

const serie: Serie = { companyId: 'empresa-mt', ambiente: 'HOMOLOGAÇÃO', modelo: 'NFE', serie: 1 };

describe('fiscal-document store - every query a client triggers carries its maxTimeMS', () => {
  it('fiscal-document store - reads, numbering and voiding look-ups send the configured maxTimeMS', async () => {
    const store = await createDocumentsStore(db, { maxTimeMS: LIMIT });
    await db.collection('numeracao').insertOne({ _id: `${serie.companyId}|${serie.ambiente}|${serie.modelo}|${serie.serie}|1`, ...serie, numero: 1, documentoId: 'd1', situacao: 'USADO', em: new Date() } as never);
    const numeros = await db.collection('numeracao').find({}).toArray();
    const reads: Record<string, () => Promise<unknown>> = {
      byId: () => store.byId(serie.companyId, 'd1'),
      page: () => store.page(serie.companyId, {}, 50, null),
      xml: () => store.xml('d1', 'NFE_PROC'),
      fact: () => store.fact('f1'),
      takeNumber: () => store.takeNumber(serie, 'novo', new Date()),
      numbersInRange: () => store.numbersInRange(serie, 1, 5),
      voiding: () => store.voiding('v1'),
      voidingOfRange: () => store.voidingOfRange(serie, 1, 2),
      voidingsOf: () => store.voidingsOf(serie.companyId, {}, 50),
      voidingHolding: () => store.voidingHolding(serie, 1),
      heldByVoidings: () => store.heldByVoidings(numeros as never[]),
    };
    const found: Record<string, unknown[]> = {};
    for (const [name, read] of Object.entries(reads)) found[name] = await limitsOf(read);
    // Each sends at least one read, and every read it sends carries the limit.
    expect(Object.fromEntries(Object.entries(found).map(([name, limits]) => [name, limits.length > 0 && limits.every((limit) => limit === LIMIT)]))).toEqual(
      Object.fromEntries(Object.keys(reads).map((name) => [name, true])),
    );
  });
});
