import { createHash } from 'node:crypto';
import { Types, type Connection } from 'mongoose';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import {
  decode,
  Subjects,
  tokenChangedEventSchema,
  type AuthenticateReply,
  type TokenChangedEvent,
} from '@erp/contracts';
import { requestReply } from '@erp/kit';
import {
  createToken,
  ESCOPO,
  INATIVAR,
  inSeconds,
  LISTAR,
  newAdmin,
  openNats,
  openTokenDb,
  REATIVAR,
  RENOVAR,
  REVOGAR,
  type TokenView,
} from './token-helpers';

let nc: NatsConnection;
let db: Connection;
beforeAll(async () => {
  nc = await openNats();
  db = await openTokenDb();
});
afterAll(async () => {
  await nc.close();
  await db.close();
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function authenticate(digest: string): Promise<AuthenticateReply> {
  return requestReply(nc, Subjects.tokenAuthenticate, { digest }, { timeoutMs: 5_000 });
}

async function identity(value: string) {
  const reply = await authenticate(sha256(value));
  if (!reply.ok) throw new Error(`expected a known token, got ${JSON.stringify(reply)}`);
  return reply.token;
}

describe('token authenticate', () => {
  it('token authenticate - a valid digest gets the identity: company, name, prefix, mode, scope, ATIVO', async () => {
    const admin = await newAdmin('auth');
    const expiraEm = inSeconds(3600);
    const { token, tokenIngestao } = await createToken(admin, { nome: 'GRC', entidades: ['risco_corporativo'], modo: 'INSERT', expiraEm });
    expect(await authenticate(sha256(token))).toEqual({
      ok: true,
      token: {
        id: tokenIngestao.id,
        companyId: admin.companyId,
        nome: 'GRC',
        prefixo: token.slice(0, 12),
        modo: 'INSERT',
        entidades: ['risco_corporativo'],
        status: 'ATIVO',
        expiraEm: new Date(expiraEm).toISOString(),
      },
    });
    // Hex case does not matter.
    expect((await authenticate(sha256(token).toUpperCase())).ok).toBe(true);
  });

  it('token authenticate - an unknown digest gets TOKEN_INVALIDO', async () => {
    const reply = await authenticate(sha256(`ing_${'A'.repeat(43)}`));
    expect(reply).toMatchObject({ ok: false, codigo: 'TOKEN_INVALIDO' });
  });

  it('token authenticate - a request with the value instead of a digest breaks the contract and learns nothing', async () => {
    const admin = await newAdmin('auth');
    const { token } = await createToken(admin);
    const msg = await nc.request(Subjects.tokenAuthenticate, new TextEncoder().encode(JSON.stringify({ digest: token })), { timeout: 5_000 });
    const reply = JSON.parse(new TextDecoder().decode(msg.data));
    expect(reply).toMatchObject({ ok: false, codigo: 'CONTRATO_VIOLADO' });
    expect(JSON.stringify(reply)).not.toContain(admin.companyId);
  });

  it('token authenticate - reports INATIVO, then ATIVO again, then REVOGADO as the admin changes the token', async () => {
    const admin = await newAdmin('auth');
    const { token, tokenIngestao } = await createToken(admin);
    const id = tokenIngestao.id;
    await admin.run(INATIVAR, { id });
    expect((await identity(token)).status).toBe('INATIVO');
    await admin.run(REATIVAR, { id });
    expect((await identity(token)).status).toBe('ATIVO');
    await admin.run(REVOGAR, { id });
    expect((await identity(token)).status).toBe('REVOGADO');
  });

  it('token authenticate - reports EXPIRADO with the date once the expiry passed, ATIVO after renewal', async () => {
    const admin = await newAdmin('auth');
    const { token, tokenIngestao } = await createToken(admin, { expiraEm: inSeconds(3600) });
    const passed = new Date(Date.now() - 60_000);
    await db.collection('tokens').updateOne({ _id: new Types.ObjectId(tokenIngestao.id) }, { $set: { expiraEm: passed } });
    expect(await identity(token)).toMatchObject({ status: 'EXPIRADO', expiraEm: passed.toISOString() });
    await admin.run(RENOVAR, { id: tokenIngestao.id, expiraEm: inSeconds(3600) });
    expect((await identity(token)).status).toBe('ATIVO');
  });

  it('token authenticate - reports the current scope, including an empty one', async () => {
    const admin = await newAdmin('auth');
    const { token, tokenIngestao } = await createToken(admin, { entidades: ['emissao'] });
    await admin.run(ESCOPO, { id: tokenIngestao.id, entidades: ['consumo_energia', 'ativo_informacao'] });
    expect((await identity(token)).entidades).toEqual(['consumo_energia', 'ativo_informacao']);
    await admin.run(ESCOPO, { id: tokenIngestao.id, entidades: [] });
    expect((await identity(token)).entidades).toEqual([]);
  });

  it('token authenticate - records the last use of an active token, at most once a minute', async () => {
    const admin = await newAdmin('auth');
    const { token } = await createToken(admin);
    const lastUse = async () => (await admin.run<{ tokensIngestao: TokenView[] }>(LISTAR)).data!.tokensIngestao[0].ultimoUsoEm;
    expect(await lastUse()).toBeNull();

    await identity(token);
    let first: string | null = null;
    for (let i = 0; i < 50 && !first; i += 1) {
      first = await lastUse();
      if (!first) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(first).not.toBeNull();

    for (let i = 0; i < 10; i += 1) await identity(token);
    // The write is off the reply path: give a (wrong) second write time to land before checking it did not.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await lastUse()).toBe(first);
  });

  it('token authenticate - a refused (inactive) token does not count as used', async () => {
    const admin = await newAdmin('auth');
    const { token, tokenIngestao } = await createToken(admin);
    await admin.run(INATIVAR, { id: tokenIngestao.id });
    await identity(token);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [listed] = (await admin.run<{ tokensIngestao: TokenView[] }>(LISTAR)).data!.tokensIngestao;
    expect(listed.ultimoUsoEm).toBeNull();
  });
});

describe('token changed', () => {
  let sub: Subscription;
  const events: TokenChangedEvent[] = [];
  beforeAll(async () => {
    sub = nc.subscribe(Subjects.tokenChanged);
    // Not awaited: it collects until afterAll. An event it cannot decode ends it, and the tests then miss
    // the events they wait for and fail.
    void (async () => {
      for await (const msg of sub) events.push(decode(Subjects.tokenChanged, tokenChangedEventSchema, msg.data));
    })();
    await nc.flush();
  });
  afterAll(() => sub.unsubscribe());

  async function eventsFor(tokenId: string, count: number): Promise<TokenChangedEvent[]> {
    for (let i = 0; i < 100; i += 1) {
      const mine = events.filter((event) => event.tokenId === tokenId);
      if (mine.length >= count) return mine;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return events.filter((event) => event.tokenId === tokenId);
  }

  it('token changed - one event per change, in order, with company and digest; refusals publish nothing', async () => {
    const admin = await newAdmin('evt');
    const { token, tokenIngestao } = await createToken(admin);
    const id = tokenIngestao.id;
    await admin.run(INATIVAR, { id });
    await admin.run(INATIVAR, { id }); // refused: no event
    await admin.run(REATIVAR, { id });
    await admin.run(RENOVAR, { id, expiraEm: inSeconds(3600) });
    await admin.run(ESCOPO, { id, entidades: ['emissao'] });
    await admin.run(REVOGAR, { id });
    await admin.run(REVOGAR, { id }); // refused: no event
    // A later event from the same publisher marks the end: anything published for `id` has arrived by then.
    const marker = await createToken(admin);
    await eventsFor(marker.tokenIngestao.id, 1);

    const mine = await eventsFor(id, 6);
    expect(mine.map((event) => event.change)).toEqual(['CRIADO', 'INATIVADO', 'REATIVADO', 'RENOVADO', 'ESCOPO_ALTERADO', 'REVOGADO']);
    for (const event of mine) {
      expect(event).toMatchObject({ tokenId: id, companyId: admin.companyId, digest: sha256(token) });
      expect(Number.isNaN(Date.parse(event.at))).toBe(false);
    }
  });
});
