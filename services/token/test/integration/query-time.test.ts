import mongoose, { type Connection } from 'mongoose';
import { isQueryTimeout } from '@erp/kit';
import { stackEnv } from '../../../../test/support/env';
import { createTokenStore } from '../../src/store/token-store';
import { createUsuarioStore } from '../../src/store/usuario-store';

let db: Connection;
beforeAll(async () => {
  db = await mongoose.createConnection(stackEnv.mongodbUrl, { dbName: `erp_token_it_${process.pid}` }).asPromise();
});
afterAll(async () => {
  await db.dropDatabase();
  await db.close();
});

const COUNT = 3_000;
const companyId = 'empresa-mt';

async function seed(collection: string, doc: (i: number) => object): Promise<void> {
  const docs = Array.from({ length: COUNT }, (_, i) => doc(i));
  for (let i = 0; i < docs.length; i += 500) await db.collection(collection).insertMany(docs.slice(i, i + 500));
}

const failure = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e);

describe('token store - every query a client triggers runs under maxTimeMS', () => {
  beforeAll(async () => {
    // The stores first: they create the collections and their indexes as the service does.
    await createTokenStore(db);
    await createUsuarioStore(db);
    const filler = 'x'.repeat(1_000);
    const now = new Date();
    await seed('tokens', (i) => ({
      _id: new mongoose.Types.ObjectId(),
      companyId,
      nome: `token-${i}`,
      nomeChave: `token-${i}`,
      digest: `digest-${i}`,
      prefixo: 'ing_x',
      modo: 'UPSERT',
      status: 'ATIVO',
      entidades: ['incidente_seguranca'],
      expiraEm: null,
      criadoEm: now,
      criadoPor: filler,
      atualizadoEm: now,
      versao: 0,
    }));
    await seed('usuarios', (i) => ({ companyId, email: `u${i}@exemplo.com.br`, nome: filler, criadoEm: now }));
  }, 120_000);

  it('token store - the token list, a token look-up and the user directory past their time limit fail as query timeouts', async () => {
    const tokens = await createTokenStore(db, { maxTimeMS: 1 });
    const users = await createUsuarioStore(db, { maxTimeMS: 1 });
    const failures = {
      listByCompany: await failure(tokens.listByCompany(companyId)),
      findByDigest: await failure(tokens.findByDigest('digest-2999')),
      usuarios: await failure(users.listByCompany(companyId)),
      existing: await failure(users.existing(companyId, Array.from({ length: 500 }, (_, i) => `u${i * 5}@exemplo.com.br`))),
    };
    expect(Object.fromEntries(Object.entries(failures).map(([name, error]) => [name, isQueryTimeout(error)]))).toEqual(
      Object.fromEntries(Object.keys(failures).map((name) => [name, true])),
    );
  });

  it('token store - the same reads within a roomy limit answer', async () => {
    const tokens = await createTokenStore(db, { maxTimeMS: 30_000 });
    expect((await tokens.findByDigest('digest-2999'))?.nome).toBe('token-2999');
    expect(await tokens.listByCompany(companyId)).toHaveLength(COUNT);
  });
});
