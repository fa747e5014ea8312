import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Connection } from 'mongoose';
import { createToken, newAdmin, openTokenDb, RENOVAR, ESCOPO, INATIVAR, inSeconds } from './token-helpers';

let db: Connection;
beforeAll(async () => {
  db = await openTokenDb();
});
afterAll(async () => {
  await db.close();
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('token storage', () => {
  it('token storage - keeps only the SHA-256 digest and the prefix; the value is nowhere in the database', async () => {
    const admin = await newAdmin('raw');
    const { token, tokenIngestao } = await createToken(admin, { nome: 'cofre', entidades: ['emissao'] });
    // Changes rewrite the document: the value must not creep in on any path.
    await admin.run(RENOVAR, { id: tokenIngestao.id, expiraEm: inSeconds(3600) });
    await admin.run(ESCOPO, { id: tokenIngestao.id, entidades: ['emissao', 'risco_corporativo'] });
    await admin.run(INATIVAR, { id: tokenIngestao.id });

    const docs = await db.collection('tokens').find({ companyId: admin.companyId }).toArray();
    expect(docs).toHaveLength(1);
    const [doc] = docs;
    expect(doc.digest).toBe(sha256(token));
    expect(doc.prefixo).toBe(token.slice(0, 12));
    expect(doc).toMatchObject({ nome: 'cofre', modo: 'UPSERT', status: 'INATIVO', entidades: ['emissao', 'risco_corporativo'], versao: 3 });
    const trail = await db.collection('token_alteracoes').find({ tokenId: doc._id }).sort({ em: 1 }).toArray();
    expect(trail.map((change) => [change._id, change.acao])).toEqual([
      [`${tokenIngestao.id}:1`, 'renovar'],
      [`${tokenIngestao.id}:2`, 'definirEscopo'],
      [`${tokenIngestao.id}:3`, 'inativar'],
    ]);
    expect(Object.keys(doc).sort()).toEqual(
      ['_id', 'companyId', 'criadoEm', 'criadoPor', 'atualizadoEm', 'digest', 'entidades', 'expiraEm', 'modo', 'nome', 'nomeChave', 'prefixo', 'status', 'versao'].sort(),
    );

    // Nothing past the prefix, in any field of any document of any collection of the service's database.
    const secretPart = token.slice(12);
    const base64Secret = Buffer.from(token.slice(4), 'base64url').toString('base64');
    for (const { name } of await db.db!.listCollections().toArray()) {
      const everything = JSON.stringify(await db.collection(name).find({}).toArray());
      expect(everything).not.toContain(secretPart);
      expect(everything).not.toContain(base64Secret);
    }
  });

  it('token storage - the digest has a unique index, the name is unique per company', async () => {
    const indexes = await db.collection('tokens').indexes();
    const digest = indexes.find((index) => JSON.stringify(index.key) === JSON.stringify({ digest: 1 }));
    const name = indexes.find((index) => JSON.stringify(index.key) === JSON.stringify({ companyId: 1, nomeChave: 1 }));
    expect(digest?.unique).toBe(true);
    expect(name?.unique).toBe(true);
  });

  it('token storage - the token value never reaches the service log', async () => {
    const logDir = process.env.TEST_LOG_DIR;
    if (!logDir) throw new Error('TEST_LOG_DIR is not set by the global setup');
    const admin = await newAdmin('log');
    const { token } = await createToken(admin);
    const logFile = path.join(logDir, 'token.log');
    expect(fs.existsSync(logFile)).toBe(true);
    expect(fs.readFileSync(logFile, 'utf8')).not.toContain(token.slice(12));
  });
});
