import { createPublicKey, type KeyObject } from 'node:crypto';
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWK, type JWTPayload } from 'jose';
import { SessionRoles, type Session, type SessionRole } from '@erp/contracts';
import type { BaseConfig } from './config';

/** Why a session was refused. The reason goes to logs only; clients just see UNAUTHENTICATED. */
export class SessionError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'SessionError';
  }
}

export type SessionVerifier = (authorization: string | undefined) => Promise<Session>;

type KeyInput = Parameters<typeof jwtVerify>[1];

/** Public-key algorithms accepted from a JWKS; never HS256 there, so a public key cannot be used as an HMAC secret. */
const ASYMMETRIC = ['RS256', 'ES256', 'ES384', 'ES512', 'EdDSA'];

export type SessionConfig = Pick<
  BaseConfig,
  'SESSION_JWT_SECRET' | 'SESSION_PUBLIC_KEY' | 'SESSION_JWKS_URL' | 'SESSION_ISSUER' | 'SESSION_AUDIENCE'
>;

/** The JWS algorithm a public key verifies, from the key itself (a PEM does not say whether it is RSA or EC). */
function algorithmOf(key: KeyObject): string {
  switch (key.asymmetricKeyType) {
    case 'rsa':
      return 'RS256';
    case 'ec':
      return ({ prime256v1: 'ES256', secp384r1: 'ES384', secp521r1: 'ES512' } as Record<string, string>)[key.asymmetricKeyDetails?.namedCurve ?? ''] ?? 'ES256';
    case 'ed25519':
      return 'EdDSA';
    default:
      throw new Error(`SESSION_PUBLIC_KEY: unsupported key type ${key.asymmetricKeyType}`);
  }
}

async function resolveKey(config: SessionConfig): Promise<{ key: KeyInput; algorithms: string[] }> {
  if (config.SESSION_JWKS_URL) {
    return { key: createRemoteJWKSet(new URL(config.SESSION_JWKS_URL)), algorithms: ASYMMETRIC };
  }
  if (config.SESSION_PUBLIC_KEY) {
    const text = config.SESSION_PUBLIC_KEY.trim();
    if (text.startsWith('{')) return { key: createLocalJWKSet({ keys: [JSON.parse(text) as JWK] }), algorithms: ASYMMETRIC };
    const key = createPublicKey(text);
    return { key, algorithms: [algorithmOf(key)] };
  }
  return { key: new TextEncoder().encode(config.SESSION_JWT_SECRET), algorithms: ['HS256'] };
}

function toSession(payload: JWTPayload): Session {
  const { sub, companyId, role } = payload as JWTPayload & { companyId?: unknown; role?: unknown };
  if (typeof sub !== 'string' || sub === '') throw new SessionError('session has no subject');
  if (typeof companyId !== 'string' || companyId === '') throw new SessionError('session has no company');
  if (typeof role !== 'string' || !(SessionRoles as readonly string[]).includes(role)) {
    throw new SessionError('session has no known role');
  }
  return { userId: sub, companyId, role: role as SessionRole };
}

/**
 * Verifies `Authorization: Bearer <jwt>`: signature, expiry, issuer and audience, then the claims we rely on.
 * The gateway and every subgraph run the same check, so a forged header never gets past a subgraph.
 */
export async function createSessionVerifier(config: SessionConfig): Promise<SessionVerifier> {
  const { key, algorithms } = await resolveKey(config);
  return async (authorization) => {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match) throw new SessionError('no bearer session');
    try {
      const { payload } = await jwtVerify(match[1], key as never, {
        issuer: config.SESSION_ISSUER,
        audience: config.SESSION_AUDIENCE,
        algorithms,
        requiredClaims: ['exp', 'sub'],
      });
      return toSession(payload);
    } catch (error) {
      if (error instanceof SessionError) throw error;
      throw new SessionError(error instanceof Error ? error.message : 'session rejected');
    }
  };
}
