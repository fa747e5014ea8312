import mongoose, { type Connection } from 'mongoose';
import { isQueryTimeout } from '@erp/kit';
import { stackEnv } from '../../../../test/support/env';
import { createDocumentsStore, type Serie } from '../../src/store/documents-store';

let db: Connection;
beforeAll(async () => {
  db = await mongoose.createConnection(stackEnv.mongodbUrl, { dbName: `erp_fiscal_document_it_${process.pid}` }).asPromise();
});
afterAll(async () => {
  await db.dropDatabase();
  await db.close();
});

const COUNT = 3_000;
const serie: Serie = { companyId: 'empresa-mt', ambiente: 'HOMOLOGAÇÃO', modelo: 'NFE', serie: 1 };
const key = `${serie.companyId}|${serie.ambiente}|${serie.modelo}|${serie.serie}`;

/** Enough documents in every collection that scanning one takes well over a millisecond. */
async function seed(collection: string, doc: (i: number) => object): Promise<void> {
  const docs = Array.from({ length: COUNT }, (_, i) => doc(i));
  for (let i = 0; i < docs.length; i += 500) await db.collection(collection).insertMany(docs.slice(i, i + 500));
}

const failure = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e);

describe('fiscal-document store - every query a client triggers runs under maxTimeMS', () => {
  beforeAll(async () => {
    const filler = 'x'.repeat(1_000);
    await seed('xml_documentos', (i) => ({ _id: `d${i}:NFE_PROC`, documentoId: `d${i}`, companyId: serie.companyId, tipo: 'NFE_PROC', xml: filler, em: new Date() }));
    await seed('fatos_documento', (i) => ({ _id: `f${i}`, documentoId: `d${i}`, filler }));
    await seed('numeracao', (i) => ({ _id: `${key}|${i + 1}`, ...serie, numero: i + 1, documentoId: `d${i}`, situacao: 'USADO', em: new Date(), filler }));
    await seed('inutilizacoes', (i) => ({ _id: `v${i}`, companyId: serie.companyId, situacao: 'INUTILIZADA', criadoEm: new Date(), filler }));
    await seed('inutilizacao_numeros', (i) => ({ _id: `${key}|${i + 1}`, inutilizacaoId: `v${i}`, filler }));
    await seed('documentos_fiscais', (i) => ({ _id: `d${i}`, companyId: serie.companyId, situacao: 'AUTORIZADO', criadoEm: new Date(Date.now() - i), filler }));
  }, 120_000);

  it('fiscal-document store - reads, numbering and voiding look-ups past their time limit fail as query timeouts', async () => {
    const slow = await createDocumentsStore(db, { maxTimeMS: 1 });
    const numeros = await db.collection('numeracao').find({}, { limit: 200 }).toArray();
    const failures = {
      xml: await failure(slow.xml('d2999', 'NFE_PROC')),
      fact: await failure(slow.fact('f2999')),
      takeNumber: await failure(slow.takeNumber(serie, 'novo', new Date())),
      voiding: await failure(slow.voiding('v2999')),
      voidingHolding: await failure(slow.voidingHolding(serie, 2_999)),
      heldByVoidings: await failure(slow.heldByVoidings(numeros as never[])),
      page: await failure(slow.page(serie.companyId, {}, 200, null)),
      byId: await failure(slow.byId(serie.companyId, 'd2999')),
    };
    expect(Object.fromEntries(Object.entries(failures).map(([name, error]) => [name, isQueryTimeout(error)]))).toEqual(
      Object.fromEntries(Object.keys(failures).map((name) => [name, true])),
    );
  });

  it('fiscal-document store - the same reads within a roomy limit answer', async () => {
    const roomy = await createDocumentsStore(db, { maxTimeMS: 30_000 });
    expect(await roomy.xml('d2999', 'NFE_PROC')).toHaveLength(1_000);
    expect(await roomy.voidingHolding(serie, 3_000)).toBe('v2999');
    expect((await roomy.page(serie.companyId, {}, 3, null)).itens).toHaveLength(3);
  });
});
