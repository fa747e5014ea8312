import mongoose, { type Connection } from 'mongoose';
import { stackEnv } from '../../../../test/support/env';
import { createTokenStore } from '../../src/store/token-store';
import { createUsuarioStore } from '../../src/store/usuario-store';
import { LIMIT, watchReadLimits } from '../../../../test/support/query-limits';

let db: Connection;
let limitsOf: ReturnType<typeof watchReadLimits>;
beforeAll(async () => {
  db = await mongoose.createConnection(stackEnv.mongodbUrl, { dbName: `erp_token_it_${process.pid}`, monitorCommands: true }).asPromise();
  limitsOf = watchReadLimits(db);
});
afterAll(async () => {
  await db.dropDatabase();
  await db.close();
});

describe('token store - every query a client triggers carries its maxTimeMS', () => {
  it('token store - the token list, a token look-up and the user directory send the configured maxTimeMS', async () => {
    const tokens = await createTokenStore(db, { maxTimeMS: LIMIT });
    const users = await createUsuarioStore(db, { maxTimeMS: LIMIT });
    const now = new Date();
    await db.collection('tokens').insertOne({
      companyId: 'empresa-mt', nome: 't', nomeChave: 't', digest: 'digest-1', prefixo: 'ing_x', modo: 'UPSERT', status: 'ATIVO',
      entidades: ['incidente_seguranca'], expiraEm: null, criadoEm: now, criadoPor: 'u', atualizadoEm: now, versao: 0,
    });
    const reads: Record<string, () => Promise<unknown>> = {
      listByCompany: () => tokens.listByCompany('empresa-mt'),
      findByDigest: () => tokens.findByDigest('digest-1'),
      usuarios: () => users.listByCompany('empresa-mt'),
      existing: () => users.existing('empresa-mt', ['a@exemplo.com.br']),
    };
    const found: Record<string, unknown[]> = {};
    for (const [name, read] of Object.entries(reads)) found[name] = await limitsOf(read);
    expect(Object.fromEntries(Object.entries(found).map(([name, limits]) => [name, limits.length > 0 && limits.every((limit) => limit === LIMIT)]))).toEqual(
      Object.fromEntries(Object.keys(reads).map((name) => [name, true])),
    );
  });
});
