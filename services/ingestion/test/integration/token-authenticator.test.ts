import type { NatsConnection } from '@nats-io/transport-node';
import { decode, encode, authenticateRequestSchema, type TokenChangedEvent, type TokenIdentity } from '@erp/contracts';
import { createTokenAuthenticator, digestOf, TokenServiceUnavailable, type TokenAuthenticator } from '../../src/messaging/token-authenticator';
import { effectiveStatus } from '../../src/app/auth/token-access';
import { log, openNats, unique } from './support';

let nc: NatsConnection;
const started: TokenAuthenticator[] = [];
beforeAll(async () => {
  nc = await openNats();
});
afterAll(async () => {
  for (const authenticator of started) await authenticator.stop();
  await nc.close();
});

const BEARER = 'ing_integration-test-value-0123456789abcdefghijklmnop';

function identity(over: Partial<TokenIdentity> = {}): TokenIdentity {
  return { id: 't1', companyId: 'c1', nome: 'ERP', prefixo: 'ing_integr', modo: 'UPSERT', entidades: ['emissao'], status: 'ATIVO', expiraEm: null, ...over };
}

/** A stand-in token service on private subjects, answering from `current` and counting the questions. */
function standIn(current: { identity: TokenIdentity }) {
  const subjects = { authenticate: unique('auth'), changed: unique('changed') };
  const asked: string[] = [];
  const sub = nc.subscribe(subjects.authenticate);
  // Not awaited: it answers until stop(). A request it cannot decode ends it, and the test that sent that
  // request fails on the authenticator's timeout, so no failure goes unseen.
  void (async () => {
    for await (const msg of sub) {
      const { digest } = decode(subjects.authenticate, authenticateRequestSchema, msg.data);
      asked.push(digest);
      msg.respond(encode(digest === digestOf(BEARER) ? { ok: true, token: current.identity } : { ok: false, codigo: 'TOKEN_INVALIDO', erro: 'desconhecido' }));
    }
  })();
  return { subjects, asked, stop: () => sub.unsubscribe() };
}

async function authenticator(subjects: { authenticate: string; changed: string }, ttlMs = 30_000) {
  const created = createTokenAuthenticator({ nc, log, ttlMs, maxEntries: 100, timeoutMs: 500, subjects });
  await created.start();
  started.push(created);
  return created;
}

describe('token authenticator', () => {
  it('token authenticator - sends only the SHA-256 digest and serves a known token from cache afterwards', async () => {
    const current = { identity: identity() };
    const service = standIn(current);
    const auth = await authenticator(service.subjects);
    expect(await auth.authenticate(BEARER)).toEqual({ found: true, identity: current.identity });
    expect(await auth.authenticate(BEARER)).toEqual({ found: true, identity: current.identity });
    expect(service.asked).toEqual([digestOf(BEARER)]);
    expect(service.asked[0]).toMatch(/^[0-9a-f]{64}$/);
    service.stop();
  });

  it('token authenticator - unknown tokens are not cached', async () => {
    const service = standIn({ identity: identity() });
    const auth = await authenticator(service.subjects);
    expect(await auth.authenticate('ing_other')).toEqual({ found: false });
    expect(await auth.authenticate('ing_other')).toEqual({ found: false });
    expect(service.asked).toHaveLength(2);
    service.stop();
  });

  it('token authenticator - a token-changed event drops the cached identity at once', async () => {
    const current = { identity: identity() };
    const service = standIn(current);
    const auth = await authenticator(service.subjects);
    await auth.authenticate(BEARER);
    current.identity = identity({ status: 'REVOGADO' });
    const event: TokenChangedEvent = { tokenId: 't1', companyId: 'c1', digest: digestOf(BEARER), change: 'REVOGADO', at: new Date().toISOString() };
    nc.publish(service.subjects.changed, encode(event));
    await nc.flush();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = await auth.authenticate(BEARER);
    expect(after).toEqual({ found: true, identity: current.identity });
    expect(service.asked).toHaveLength(2);
    service.stop();
  });

  it('token authenticator - an identity served from cache still expires at expiraEm', async () => {
    const expiraEm = new Date(Date.now() + 300).toISOString();
    const service = standIn({ identity: identity({ expiraEm }) });
    const auth = await authenticator(service.subjects);
    const first = await auth.authenticate(BEARER);
    expect(first.found && effectiveStatus(first.identity, new Date())).toBe('ATIVO');
    await new Promise((resolve) => setTimeout(resolve, 350));
    const cached = await auth.authenticate(BEARER);
    expect(service.asked).toHaveLength(1);
    expect(cached.found && effectiveStatus(cached.identity, new Date())).toBe('EXPIRADO');
    service.stop();
  });

  it('token authenticator - with no token service answering it reports the service unavailable', async () => {
    const auth = await authenticator({ authenticate: unique('nobody'), changed: unique('changed') });
    await expect(auth.authenticate(BEARER)).rejects.toBeInstanceOf(TokenServiceUnavailable);
  });
});
