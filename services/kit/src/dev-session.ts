import { SignJWT } from 'jose';
import { DevSession, type SessionRole } from '@erp/contracts';

/** Signs a session with the development key; production sessions come from the identity provider. */
export async function signDevSession(
  secret: string,
  claims: { companyId: string; role: SessionRole; userId: string },
  ttlSeconds = 8 * 3600,
): Promise<string> {
  return new SignJWT({ companyId: claims.companyId, role: claims.role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(DevSession.issuer)
    .setAudience(DevSession.audience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(new TextEncoder().encode(secret));
}
