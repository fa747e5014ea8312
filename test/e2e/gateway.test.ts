import fs from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { graphql, newCompanyId, rest, sessionFor, stackEnv } from '../support/env';

const QUERY = '{ documentosFiscais { proximo } simulacaoImpostoDisponivel }';
const OTHER_KEY = 'another-secret-another-secret-another-secret';

/** An admin session of company c1 signed with `key`, valid for an hour unless `expiresAt` (epoch s) says otherwise. */
function signedWith(key: string, expiresAt: number | string = '1h'): Promise<string> {
  return new SignJWT({ companyId: 'c1', role: 'admin' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('u1')
    .setIssuer('erp-dev')
    .setAudience('erp-internal')
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(key));
}

describe('gateway - sessions', () => {
  it('gateway - answers a federated query with a valid session', async () => {
    const result = await graphql(QUERY, {}, await sessionFor(newCompanyId(), 'user'));
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ documentosFiscais: { proximo: null }, simulacaoImpostoDisponivel: true });
  });

  it('gateway - refuses a missing session with UNAUTHENTICATED', async () => {
    const result = await graphql(QUERY);
    expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(result.data ?? null).toBeNull();
  });

  it('gateway - refuses an expired session', async () => {
    const expired = await signedWith(stackEnv.sessionSecret, Math.floor(Date.now() / 1000) - 3600);
    const result = await graphql(QUERY, {}, expired);
    expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('gateway - refuses a session signed with another key', async () => {
    const forged = await signedWith(OTHER_KEY);
    const result = await graphql(QUERY, {}, forged);
    expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('gateway - refuses an unsigned (alg none) session', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ sub: 'u1', companyId: 'c1', role: 'admin', iss: 'erp-dev', aud: 'erp-internal', exp: 9999999999 }),
    ).toString('base64url');
    const result = await graphql(QUERY, {}, `${header}.${payload}.`);
    expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('gateway - a subgraph verifies the session itself, not trusting the gateway', async () => {
    const direct = `${stackEnv.serviceUrl('fiscal-document')}/graphql`;
    const forged = await signedWith(OTHER_KEY);
    const result = await graphql('{ documentosFiscais { proximo } }', {}, forged, direct);
    expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('gateway - malformed GraphQL gets the standard 400 without internals', async () => {
    const result = await graphql('{ documentosFiscais ', {}, await sessionFor(newCompanyId()));
    expect(result.status).toBe(400);
    expect(result.errors?.[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(JSON.stringify(result)).not.toMatch(/stacktrace|at .*\.ts/);
  });
});

describe('gateway - routing', () => {
  it('gateway - unknown paths get a JSON 404 with a stable code', async () => {
    const response = await rest('GET', '/nao/existe');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ sucesso: false, codigo: 'NAO_ENCONTRADO' });
  });

  it('gateway - reports ready only once the graph is composed', async () => {
    const response = await rest('GET', '/readyz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ready' });
  });
});

describe('gateway - request ids', () => {
  it('gateway - a REST call logs under the same request id in the gateway and the service', async () => {
    const response = await rest('GET', '/api/ingestao-pub/entidades');
    expect(response.status).toBe(401);
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const serviceLog = path.join(process.env.TEST_LOG_DIR ?? '', 'ingestion.log');
    let logged = false;
    for (let i = 0; i < 20 && !logged; i += 1) {
      logged = fs.readFileSync(serviceLog, 'utf8').includes(`"reqId":"${requestId}"`);
      if (!logged) await new Promise((r) => setTimeout(r, 100));
    }
    expect(logged).toBe(true);
  });
});
