/**
 * The user session the page sends as `Authorization: Bearer` to /graphql and the REST paths. The page never
 * verifies it (the gateway and every service do); it only reads the claims it shows (company, role) and the
 * expiry, so it can ask for a new one in time.
 */
export type Papel = 'admin' | 'user';

export interface Sessao {
  token: string;
  empresa: string;
  papel: Papel;
  usuario: string;
  /** Milliseconds since the epoch. */
  expiraEm: number;
  origem: 'desenvolvimento' | 'plataforma';
}

function base64UrlDecode(text: string): string {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the claims of a session JWT; null when it is not one of ours or already expired. */
export function lerSessao(token: string, origem: Sessao['origem'], agora = Date.now()): Sessao | null {
  const partes = token.split('.');
  if (partes.length !== 3) return null;
  try {
    const claims = JSON.parse(base64UrlDecode(partes[1])) as Record<string, unknown>;
    const { companyId, role, sub, exp } = claims;
    if (typeof companyId !== 'string' || (role !== 'admin' && role !== 'user') || typeof exp !== 'number') return null;
    if (exp * 1000 <= agora) return null;
    return { token, empresa: companyId, papel: role, usuario: typeof sub === 'string' ? sub : '', expiraEm: exp * 1000, origem };
  } catch {
    return null;
  }
}

const CHAVE_ARMAZENADA = 'erp-admin:sessao-dev';

/** Development only: the session survives a reload of the tab (sessionStorage: this tab, until it closes). */
export function guardarSessaoDev(sessao: Sessao | null): void {
  if (sessao) sessionStorage.setItem(CHAVE_ARMAZENADA, sessao.token);
  else sessionStorage.removeItem(CHAVE_ARMAZENADA);
}

export function sessaoDevGuardada(): Sessao | null {
  const token = sessionStorage.getItem(CHAVE_ARMAZENADA);
  return token ? lerSessao(token, 'desenvolvimento') : null;
}
