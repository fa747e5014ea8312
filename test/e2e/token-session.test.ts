import { SignJWT } from 'jose';
import { graphql, newCompanyId, sessionFor, stackEnv } from '../support/env';
import { CRIAR, errorCode, LISTAR, REVOGAR } from './token-helpers';

const now = () => Math.floor(Date.now() / 1000);

function sign(secret: string, claims: Record<string, unknown>, exp: number): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('u1')
    .setIssuer('erp-dev')
    .setAudience('erp-internal')
    .setIssuedAt(exp - 3600)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));
}

/** Sessions that must never reach a token operation. */
async function badSessions(): Promise<[string, string | undefined][]> {
  const claims = { companyId: newCompanyId('sess'), role: 'admin' };
  const valid = await sign(stackEnv.sessionSecret, claims, now() + 3600);
  const [header, , signature] = valid.split('.');
  const tampered = Buffer.from(JSON.stringify({ sub: 'u1', ...claims, companyId: 'outra', iss: 'erp-dev', aud: 'erp-internal', exp: now() + 3600 })).toString('base64url');
  const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  return [
    ['missing', undefined],
    ['expired', await sign(stackEnv.sessionSecret, claims, now() - 60)],
    ['signed with another key', await sign('another-secret-another-secret-another-secret', claims, now() + 3600)],
    ['forged payload under a real signature', `${header}.${tampered}.${signature}`],
    ['unsigned', `${none}.${tampered}.`],
    ['garbage', 'not-a-jwt'],
  ];
}

const OPERATIONS: [string, string, Record<string, unknown>][] = [
  ['tokensIngestao', LISTAR, {}],
  ['criarTokenIngestao', CRIAR, { input: { nome: 'x', entidades: [] } }],
  ['revogarTokenIngestao', REVOGAR, { id: '000000000000000000000000' }],
  ['usuariosEmpresa', '{ usuariosEmpresa { id email } }', {}],
];

describe.each([
  ['through the gateway', () => `${stackEnv.gatewayUrl}/graphql`],
  ['directly at the token subgraph', () => `${stackEnv.serviceUrl('token')}/graphql`],
])('token sessions %s', (_where, url) => {
  it('token sessions - a missing, expired, forged or wrongly signed session gets UNAUTHENTICATED and no data', async () => {
    for (const [label, session] of await badSessions()) {
      for (const [name, query, variables] of OPERATIONS) {
        const result = await graphql(query, variables, session, url());
        expect({ label, name, code: errorCode(result) }).toEqual({ label, name, code: 'UNAUTHENTICATED' });
        expect(result.data?.[name as never] ?? null).toBeNull();
        expect(JSON.stringify(result)).not.toMatch(/stacktrace|\.ts:\d+/);
      }
    }
  });

  it('token sessions - a non-admin of the company gets FORBIDDEN', async () => {
    const session = await sessionFor(newCompanyId('user'), 'user');
    for (const [name, query, variables] of OPERATIONS) {
      const result = await graphql(query, variables, session, url());
      expect({ name, code: errorCode(result) }).toEqual({ name, code: 'FORBIDDEN' });
    }
  });

  it('token sessions - an admin session is accepted', async () => {
    const result = await graphql(LISTAR, {}, await sessionFor(newCompanyId('adm'), 'admin'), url());
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ tokensIngestao: [] });
  });
});
