import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { createSessionVerifier, SessionError, type SessionConfig } from '../../src/session';

const ISSUER = 'https://idp.example.test';
const AUDIENCE = 'erp-internal';
const base: SessionConfig = { SESSION_ISSUER: ISSUER, SESSION_AUDIENCE: AUDIENCE };

function sign(
  key: CryptoKey | Uint8Array,
  alg: string,
  claims: Record<string, unknown> = { companyId: 'acme', role: 'admin' },
  options: { kid?: string; issuer?: string; subject?: string } = {},
): Promise<string> {
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg, ...(options.kid ? { kid: options.kid } : {}) })
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(AUDIENCE)
    .setExpirationTime('10m');
  if (options.subject !== '') jwt.setSubject(options.subject ?? 'maria');
  return jwt.sign(key);
}

async function refusal(promise: Promise<unknown>): Promise<SessionError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SessionError);
  return error as SessionError;
}

describe('kit session - production keys', () => {
  it('kit session - verifies RS256 and ES256 sessions against a PEM public key, telling the algorithm from the key', async () => {
    for (const alg of ['RS256', 'ES256'] as const) {
      const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
      const verify = await createSessionVerifier({ ...base, SESSION_PUBLIC_KEY: await exportSPKI(publicKey) });
      await expect(verify(`Bearer ${await sign(privateKey, alg)}`)).resolves.toEqual({ userId: 'maria', companyId: 'acme', role: 'admin' });
    }
  });

  it('kit session - a public key never verifies an HS256 session made with that key as the secret', async () => {
    const { publicKey } = await generateKeyPair('RS256', { extractable: true });
    const pem = await exportSPKI(publicKey);
    const verify = await createSessionVerifier({ ...base, SESSION_PUBLIC_KEY: pem });
    const forged = await sign(new TextEncoder().encode(pem), 'HS256');
    await refusal(verify(`Bearer ${forged}`));
  });

  it('kit session - verifies against a JWKS URL and refuses a key it does not list', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
    const other = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    const server = http.createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const verify = await createSessionVerifier({ ...base, SESSION_JWKS_URL: `http://127.0.0.1:${port}/jwks.json` });
      await expect(verify(`Bearer ${await sign(privateKey, 'ES256', undefined, { kid: 'k1' })}`)).resolves.toMatchObject({ companyId: 'acme' });
      await refusal(verify(`Bearer ${await sign(other.privateKey, 'ES256', undefined, { kid: 'k1' })}`));
    } finally {
      server.close();
    }
  });
});

describe('kit session - claims', () => {
  const secret = new TextEncoder().encode('a-development-secret-of-enough-length-123');
  const verifier = () => createSessionVerifier({ ...base, SESSION_JWT_SECRET: 'a-development-secret-of-enough-length-123' });

  it('kit session - refuses another issuer, a missing company, an unknown role and a missing subject', async () => {
    const verify = await verifier();
    await refusal(verify(`Bearer ${await sign(secret, 'HS256', undefined, { issuer: 'someone-else' })}`));
    expect((await refusal(verify(`Bearer ${await sign(secret, 'HS256', { role: 'admin' })}`))).reason).toBe('session has no company');
    expect((await refusal(verify(`Bearer ${await sign(secret, 'HS256', { companyId: 'acme', role: 'root' })}`))).reason).toBe(
      'session has no known role',
    );
    await refusal(verify(`Bearer ${await sign(secret, 'HS256', undefined, { subject: '' })}`));
  });

  it('kit session - refuses a header that is not a bearer token', async () => {
    const verify = await verifier();
    for (const header of [undefined, '', 'Basic abc', 'Bearer', `Token ${await sign(secret, 'HS256')}`]) {
      expect((await refusal(verify(header))).reason).toBe('no bearer session');
    }
  });
});
