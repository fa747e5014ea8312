/**
 * Production: the page takes its session from the host platform that opens it (docs/admin.md, "Session").
 *
 * The platform embeds /admin/ in an iframe (or opens it with window.open). The page posts
 * `{ tipo: 'erp-admin:pedir-sessao' }` to its parent (or opener) for each allowed origin; the platform answers
 * with `{ tipo: 'erp-admin:sessao', sessao: '<JWT>' }` and may send a fresh one at any time (renewal). Messages
 * from any other origin or window are ignored. The session lives in memory only. When the user leaves, the page
 * posts `{ tipo: 'erp-admin:sair' }`.
 */
export const PEDIR_SESSAO = 'erp-admin:pedir-sessao';
export const SESSAO = 'erp-admin:sessao';
export const SAIR = 'erp-admin:sair';

/** The JWT carried by a platform message, or null when the message must be ignored. */
export function sessaoDaMensagem(dados: unknown, origem: string, origensPermitidas: readonly string[]): string | null {
  if (!origensPermitidas.includes(origem)) return null;
  if (typeof dados !== 'object' || dados === null) return null;
  const { tipo, sessao } = dados as { tipo?: unknown; sessao?: unknown };
  if (tipo !== SESSAO || typeof sessao !== 'string' || sessao.length > 16_384) return null;
  return sessao;
}

/** The window that hosts the page: the parent frame, or the window that opened it; null when standalone. */
export function janelaDaPlataforma(): Window | null {
  if (window.parent !== window) return window.parent;
  return window.opener as Window | null;
}

export function pedirSessao(origensPermitidas: readonly string[]): void {
  const plataforma = janelaDaPlataforma();
  if (!plataforma) return;
  for (const origem of origensPermitidas) plataforma.postMessage({ tipo: PEDIR_SESSAO }, origem);
}

export function avisarSaida(origensPermitidas: readonly string[]): void {
  const plataforma = janelaDaPlataforma();
  if (!plataforma) return;
  for (const origem of origensPermitidas) plataforma.postMessage({ tipo: SAIR }, origem);
}
