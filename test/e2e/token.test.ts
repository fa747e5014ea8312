import { Types, type Connection } from 'mongoose';
import { IngestionEntities } from '@erp/contracts';
import {
  CRIAR,
  createToken,
  errorCode,
  ESCOPO,
  INATIVAR,
  inSeconds,
  LISTAR,
  newAdmin,
  openTokenDb,
  REATIVAR,
  RENOVAR,
  REVOGAR,
  type TokenView,
} from './token-helpers';
import { stackEnv } from '../support/env';

let db: Connection;
beforeAll(async () => {
  db = await openTokenDb();
});
afterAll(async () => {
  await db.close();
});

/** Moves a token's expiry into the past directly in its document: the only way to be expired right now. */
async function expireInDb(id: string): Promise<void> {
  const result = await db.collection('tokens').updateOne({ _id: new Types.ObjectId(id) }, { $set: { expiraEm: new Date(Date.now() - 60_000) } });
  expect(result.matchedCount).toBe(1);
}

describe('token admin - creation', () => {
  it('token admin - creates an active UPSERT token and shows the ing_ value once, with its prefix', async () => {
    const admin = await newAdmin();
    const before = Date.now();
    const result = await admin.run(CRIAR, { input: { nome: 'SIEM corporativo', entidades: ['incidente_seguranca', 'ativo_informacao'] } });
    expect(result.errors).toBeUndefined();
    const { token, tokenIngestao } = result.data!.criarTokenIngestao;
    expect(token).toMatch(/^ing_[A-Za-z0-9_-]{43,}$/);
    expect(Buffer.from(token.slice(4), 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(tokenIngestao).toMatchObject({
      nome: 'SIEM corporativo',
      prefixo: token.slice(0, 12),
      modo: 'UPSERT',
      status: 'ATIVO',
      entidades: ['incidente_seguranca', 'ativo_informacao'],
      expiraEm: null,
      ultimoUsoEm: null,
    });
    expect(Date.parse(tokenIngestao.criadoEm)).toBeGreaterThanOrEqual(before - 1000);

    const list = await admin.run<{ tokensIngestao: TokenView[] }>(LISTAR);
    expect(list.data!.tokensIngestao).toEqual([tokenIngestao]);
    expect(JSON.stringify(list)).not.toContain(token.slice(12));
  });

  it('token admin - keeps mode INSERT, an expiry and an empty scope as given', async () => {
    const admin = await newAdmin();
    const expiraEm = inSeconds(3600);
    const { tokenIngestao } = await createToken(admin, { nome: 'ERP', entidades: [], modo: 'INSERT', expiraEm });
    expect(tokenIngestao).toMatchObject({ modo: 'INSERT', entidades: [], status: 'ATIVO', expiraEm: new Date(expiraEm).toISOString() });
  });

  it('token admin - refuses an unknown entity with ENTIDADE_DESCONHECIDA and creates nothing', async () => {
    const admin = await newAdmin();
    const result = await admin.run(CRIAR, { input: { nome: 'x', entidades: ['incidente_seguranca', 'pedido_venda'] } });
    expect(result.status).toBe(200);
    expect(errorCode(result)).toBe('ENTIDADE_DESCONHECIDA');
    expect(result.errors![0].extensions).toMatchObject({ entidadesDesconhecidas: ['pedido_venda'], entidadesExistentes: [...IngestionEntities] });
    expect((await admin.run(LISTAR)).data!.tokensIngestao).toEqual([]);
  });

  it('token admin - refuses a name already used in the company (ignoring case), accepts it in another company', async () => {
    const admin = await newAdmin();
    await createToken(admin, { nome: 'Scanner de vulnerabilidades' });
    const again = await admin.run(CRIAR, { input: { nome: ' scanner DE vulnerabilidades ', entidades: [] } });
    expect(errorCode(again)).toBe('NOME_TOKEN_EM_USO');
    const other = await newAdmin();
    await expect(createToken(other, { nome: 'Scanner de vulnerabilidades' })).resolves.toBeDefined();
    expect((await admin.run(LISTAR)).data!.tokensIngestao).toHaveLength(1);
  });

  it('token admin - refuses an expiry that is not in the future, and a malformed one without a 5xx', async () => {
    const admin = await newAdmin();
    const past = await admin.run(CRIAR, { input: { nome: 'a', entidades: [], expiraEm: inSeconds(-10) } });
    expect(errorCode(past)).toBe('EXPIRACAO_INVALIDA');
    const id = (await createToken(admin, { nome: 'existente' })).tokenIngestao.id;
    for (const url of [undefined, `${stackEnv.serviceUrl('token')}/graphql`]) {
      for (const expiraEm of ['31/12/2030', '2030-02-30T00:00:00Z', 'amanhã', 1767225600000, true]) {
        const bad = await admin.run(CRIAR, { input: { nome: 'b', entidades: [], expiraEm } }, url);
        expect({ expiraEm, status: bad.status, code: errorCode(bad) }).toEqual({ expiraEm, status: 200, code: 'BAD_USER_INPUT' });
        const renewal = await admin.run(RENOVAR, { id, expiraEm }, url);
        expect({ expiraEm, code: errorCode(renewal) }).toEqual({ expiraEm, code: 'BAD_USER_INPUT' });
      }
      const literal = await admin.run(`mutation { renovarTokenIngestao(id: "${id}", expiraEm: "ontem") { id } }`, {}, url);
      expect(errorCode(literal)).toBe('BAD_USER_INPUT');
    }
    const blank = await admin.run(CRIAR, { input: { nome: '   ', entidades: [] } });
    expect(errorCode(blank)).toBe('BAD_USER_INPUT');
    expect((await admin.run<{ tokensIngestao: TokenView[] }>(LISTAR)).data!.tokensIngestao.map((t) => t.nome)).toEqual(['existente']);
  });
});

describe('token admin - transitions', () => {
  it('token admin - inactivates an active token, refuses a second time, reactivates, refuses reactivating an active one', async () => {
    const admin = await newAdmin();
    const { tokenIngestao } = await createToken(admin);
    const id = tokenIngestao.id;

    const inactive = await admin.run(INATIVAR, { id });
    expect(inactive.data!.inativarTokenIngestao.status).toBe('INATIVO');
    expect(errorCode(await admin.run(INATIVAR, { id }))).toBe('TOKEN_JA_INATIVO');

    const active = await admin.run(REATIVAR, { id });
    expect(active.data!.reativarTokenIngestao.status).toBe('ATIVO');
    expect(errorCode(await admin.run(REATIVAR, { id }))).toBe('TOKEN_JA_ATIVO');
  });

  it('token admin - revokes an active token; revocation is final for every other operation', async () => {
    const admin = await newAdmin();
    const { tokenIngestao } = await createToken(admin);
    const id = tokenIngestao.id;

    const revoked = await admin.run(REVOGAR, { id });
    expect(revoked.data!.revogarTokenIngestao.status).toBe('REVOGADO');

    expect(errorCode(await admin.run(REVOGAR, { id }))).toBe('TOKEN_JA_REVOGADO');
    expect(errorCode(await admin.run(REATIVAR, { id }))).toBe('TOKEN_JA_REVOGADO');
    expect(errorCode(await admin.run(INATIVAR, { id }))).toBe('TOKEN_JA_REVOGADO');
    expect(errorCode(await admin.run(RENOVAR, { id, expiraEm: inSeconds(3600) }))).toBe('TOKEN_JA_REVOGADO');
    expect(errorCode(await admin.run(ESCOPO, { id, entidades: ['emissao'] }))).toBe('TOKEN_JA_REVOGADO');

    const [listed] = (await admin.run<{ tokensIngestao: TokenView[] }>(LISTAR)).data!.tokensIngestao;
    expect(listed).toMatchObject({ id, status: 'REVOGADO', entidades: ['incidente_seguranca'], expiraEm: null });
  });

  it('token admin - revokes an inactive token and an expired one', async () => {
    const admin = await newAdmin();
    const inactive = (await createToken(admin)).tokenIngestao.id;
    await admin.run(INATIVAR, { id: inactive });
    expect((await admin.run(REVOGAR, { id: inactive })).data!.revogarTokenIngestao.status).toBe('REVOGADO');

    const expired = (await createToken(admin, { expiraEm: inSeconds(3600) })).tokenIngestao.id;
    await expireInDb(expired);
    expect((await admin.run(REVOGAR, { id: expired })).data!.revogarTokenIngestao.status).toBe('REVOGADO');
  });

  it('token admin - an expiry that passed shows EXPIRADO; renewing makes the token usable again', async () => {
    const admin = await newAdmin();
    const { tokenIngestao } = await createToken(admin, { expiraEm: inSeconds(3600) });
    const id = tokenIngestao.id;
    await expireInDb(id);
    expect((await admin.run<{ tokensIngestao: TokenView[] }>(LISTAR)).data!.tokensIngestao[0].status).toBe('EXPIRADO');

    const expiraEm = inSeconds(7 * 24 * 3600);
    const renewed = await admin.run(RENOVAR, { id, expiraEm });
    expect(renewed.errors).toBeUndefined();
    expect(renewed.data!.renovarTokenIngestao).toMatchObject({ status: 'ATIVO', expiraEm: new Date(expiraEm).toISOString() });
  });

  it('token admin - expires on its own once the expiry passes', async () => {
    const admin = await newAdmin();
    const { tokenIngestao } = await createToken(admin, { expiraEm: inSeconds(1.5) });
    expect(tokenIngestao.status).toBe('ATIVO');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await admin.run<{ tokensIngestao: TokenView[] }>(LISTAR)).data!.tokensIngestao[0].status).toBe('EXPIRADO');
  });

  it('token admin - renewing extends an active token, keeps an inactive one inactive, refuses a past date', async () => {
    const admin = await newAdmin();
    const id = (await createToken(admin)).tokenIngestao.id;
    const first = inSeconds(3600);
    expect((await admin.run(RENOVAR, { id, expiraEm: first })).data!.renovarTokenIngestao).toMatchObject({
      status: 'ATIVO',
      expiraEm: new Date(first).toISOString(),
    });
    expect(errorCode(await admin.run(RENOVAR, { id, expiraEm: inSeconds(-60) }))).toBe('EXPIRACAO_INVALIDA');

    await admin.run(INATIVAR, { id });
    const second = inSeconds(7200);
    expect((await admin.run(RENOVAR, { id, expiraEm: second })).data!.renovarTokenIngestao).toMatchObject({
      status: 'INATIVO',
      expiraEm: new Date(second).toISOString(),
    });
  });

  it('token admin - replaces the scope, drops duplicates, allows an empty scope, refuses an unknown entity', async () => {
    const admin = await newAdmin();
    const id = (await createToken(admin)).tokenIngestao.id;
    const set = await admin.run(ESCOPO, { id, entidades: ['emissao', 'consumo_energia', 'emissao'] });
    expect(set.data!.definirEscopoTokenIngestao).toMatchObject({ status: 'ATIVO', entidades: ['emissao', 'consumo_energia'] });

    const unknown = await admin.run(ESCOPO, { id, entidades: ['emissao', 'ransomware'] });
    expect(errorCode(unknown)).toBe('ENTIDADE_DESCONHECIDA');
    expect((await admin.run<{ tokensIngestao: TokenView[] }>(LISTAR)).data!.tokensIngestao[0].entidades).toEqual(['emissao', 'consumo_energia']);

    expect((await admin.run(ESCOPO, { id, entidades: [] })).data!.definirEscopoTokenIngestao.entidades).toEqual([]);
  });

  it('token admin - of many simultaneous revocations exactly one succeeds', async () => {
    const admin = await newAdmin();
    const id = (await createToken(admin)).tokenIngestao.id;
    const results = await Promise.all(Array.from({ length: 8 }, () => admin.run(REVOGAR, { id })));
    expect(results.filter((r) => !r.errors).length).toBe(1);
    expect(results.filter((r) => errorCode(r) === 'TOKEN_JA_REVOGADO').length).toBe(7);
  });

  it('token admin - of simultaneous inactivations exactly one succeeds', async () => {
    const admin = await newAdmin();
    const id = (await createToken(admin)).tokenIngestao.id;
    const results = await Promise.all(Array.from({ length: 6 }, () => admin.run(INATIVAR, { id })));
    expect(results.filter((r) => !r.errors).length).toBe(1);
    expect(results.filter((r) => errorCode(r) === 'TOKEN_JA_INATIVO').length).toBe(5);
  });

  it('token admin - a revocation racing renewals, scope changes and inactivation always ends REVOGADO', async () => {
    const admin = await newAdmin();
    for (let round = 0; round < 5; round += 1) {
      const id = (await createToken(admin, { nome: `corrida ${round}` })).tokenIngestao.id;
      const [revoked] = await Promise.all([
        admin.run(REVOGAR, { id }),
        admin.run(RENOVAR, { id, expiraEm: inSeconds(3600) }),
        admin.run(ESCOPO, { id, entidades: ['emissao'] }),
        admin.run(INATIVAR, { id }),
        admin.run(RENOVAR, { id, expiraEm: inSeconds(7200) }),
      ]);
      expect(revoked.errors).toBeUndefined();
      const listed = (await admin.run<{ tokensIngestao: TokenView[] }>(LISTAR)).data!.tokensIngestao.find((t) => t.id === id);
      expect(listed?.status).toBe('REVOGADO');
    }
  });

  it('token admin - unknown and malformed ids get TOKEN_NAO_ENCONTRADO, never a 5xx', async () => {
    const admin = await newAdmin();
    for (const id of [new Types.ObjectId().toHexString(), 'abc', '', '{"$ne":null}', 'x'.repeat(5000)]) {
      for (const [query, variables] of [
        [REVOGAR, { id }],
        [INATIVAR, { id }],
        [REATIVAR, { id }],
        [RENOVAR, { id, expiraEm: inSeconds(60) }],
        [ESCOPO, { id, entidades: [] }],
      ] as const) {
        const result = await admin.run(query, variables);
        expect(result.status).toBe(200);
        expect(errorCode(result)).toBe('TOKEN_NAO_ENCONTRADO');
      }
    }
  });
});

describe('token admin - company isolation', () => {
  it('token admin - another company neither sees nor changes a token; its id behaves like an unknown one', async () => {
    const owner = await newAdmin('dona');
    const stranger = await newAdmin('outra');
    const { tokenIngestao } = await createToken(owner, { expiraEm: inSeconds(3600) });
    const id = tokenIngestao.id;
    await createToken(stranger, { nome: 'do estranho' });

    const theirs = (await stranger.run<{ tokensIngestao: TokenView[] }>(LISTAR)).data!.tokensIngestao;
    expect(theirs.map((t) => t.id)).not.toContain(id);
    expect(theirs).toHaveLength(1);

    for (const [query, variables] of [
      [REVOGAR, { id }],
      [INATIVAR, { id }],
      [REATIVAR, { id }],
      [RENOVAR, { id, expiraEm: inSeconds(99_999) }],
      [ESCOPO, { id, entidades: ['emissao'] }],
    ] as const) {
      const result = await stranger.run(query, variables);
      expect(errorCode(result)).toBe('TOKEN_NAO_ENCONTRADO');
      expect(result.errors![0].message).toBe('token não encontrado');
    }
    const [mine] = (await owner.run<{ tokensIngestao: TokenView[] }>(LISTAR)).data!.tokensIngestao;
    expect(mine).toEqual(tokenIngestao);
  });
});
