/**
 * Production: the page takes its session from the host platform that opens it (docs/admin.md, "Session").
 *
 * The platform embeds /admin/ in an iframe (or opens it with window.open). The page posts
 * `{ tipo: 'erp-admin:pedir-sessao' }` to its parent (or opener) for each allowed origin; the platform answers
 * with `{ tipo: 'erp-admin:sessao', sessao: '<JWT>' }` and may send a fresh one at any time (renewal). Messages
 * from any other origin or window are ignored. The session lives in memory only. When the user leaves, the page
 * posts `{ tipo: 'erp-admin:sair' }`.
 */
export const ASK_FOR_SESSION = 'erp-admin:pedir-sessao';
export const SESSION_MESSAGE = 'erp-admin:sessao';
export const SIGN_OUT = 'erp-admin:sair';

/** The JWT carried by a platform message, or null when the message must be ignored. */
export function sessionFromMessage(data: unknown, origin: string, allowedOrigins: readonly string[]): string | null {
  if (!allowedOrigins.includes(origin)) return null;
  if (typeof data !== 'object' || data === null) return null;
  const { tipo, sessao } = data as { tipo?: unknown; sessao?: unknown };
  if (tipo !== SESSION_MESSAGE || typeof sessao !== 'string' || sessao.length > 16_384) return null;
  return sessao;
}

/** The window that hosts the page: the parent frame, or the window that opened it; null when standalone. */
export function hostWindow(): Window | null {
  if (window.parent !== window) return window.parent;
  return window.opener as Window | null;
}

export function askForSession(allowedOrigins: readonly string[]): void {
  const host = hostWindow();
  if (!host) return;
  for (const origin of allowedOrigins) host.postMessage({ tipo: ASK_FOR_SESSION }, origin);
}

export function announceSignOut(allowedOrigins: readonly string[]): void {
  const host = hostWindow();
  if (!host) return;
  for (const origin of allowedOrigins) host.postMessage({ tipo: SIGN_OUT }, origin);
}
