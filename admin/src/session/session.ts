/**
 * The user session the page sends as `Authorization: Bearer` to /graphql and the REST paths. The page never
 * verifies it (the gateway and every service do); it only reads the claims it shows (company, role) and the
 * expiry, so it can ask for a new one in time.
 */
export type Role = 'admin' | 'user';

export interface Session {
  token: string;
  company: string;
  role: Role;
  user: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  /** Who handed it over: the development sign-in or the host platform. */
  source: 'development' | 'platform';
}

function base64UrlDecode(text: string): string {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the claims of a session JWT; null when it is not one of ours or already expired. */
export function readSession(token: string, source: Session['source'], now = Date.now()): Session | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const claims = JSON.parse(base64UrlDecode(parts[1])) as Record<string, unknown>;
    const { companyId, role, sub, exp } = claims;
    if (typeof companyId !== 'string' || (role !== 'admin' && role !== 'user') || typeof exp !== 'number') return null;
    if (exp * 1000 <= now) return null;
    return { token, company: companyId, role, user: typeof sub === 'string' ? sub : '', expiresAt: exp * 1000, source };
  } catch {
    return null;
  }
}

const STORAGE_KEY = 'erp-admin:sessao-dev';

/** Development only: the session survives a reload of the tab (sessionStorage: this tab, until it closes). */
export function keepDevSession(session: Session | null): void {
  if (session) sessionStorage.setItem(STORAGE_KEY, session.token);
  else sessionStorage.removeItem(STORAGE_KEY);
}

export function keptDevSession(): Session | null {
  const token = sessionStorage.getItem(STORAGE_KEY);
  return token ? readSession(token, 'development') : null;
}
