import { createLocalJWKSet, createRemoteJWKSet, importSPKI, jwtVerify, type JWTPayload } from 'jose';
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

export type SessionConfig = Pick<
  BaseConfig,
  'SESSION_JWT_SECRET' | 'SESSION_PUBLIC_KEY' | 'SESSION_JWKS_URL' | 'SESSION_ISSUER' | 'SESSION_AUDIENCE'
>;

async function resolveKey(config: SessionConfig): Promise<{ key: KeyInput; algorithms: string[] }> {
  if (config.SESSION_JWKS_URL) {
    return { key: createRemoteJWKSet(new URL(config.SESSION_JWKS_URL)), algorithms: ['RS256', 'ES256', 'EdDSA'] };
  }
  if (config.SESSION_PUBLIC_KEY) {
    const text = config.SESSION_PUBLIC_KEY.trim();
    if (text.startsWith('{')) return { key: createLocalJWKSet({ keys: [JSON.parse(text)] }), algorithms: ['RS256', 'ES256', 'EdDSA'] };
    const alg = text.includes('EC ') ? 'ES256' : 'RS256';
    return { key: await importSPKI(text, alg), algorithms: [alg] };
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
