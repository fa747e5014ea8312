import { IngestionEntities, isIngestionEntity, TokenAdminErrorCodes, TokenModes, type TokenMode, Refusal } from '@erp/contracts';

export const NOME_MAX = 100;

/** Trimmed name; the uniqueness key ignores case so "ERP" and "erp" cannot both be an origin in history. */
export function normalizeName(nome: string): { nome: string; nomeChave: string } {
  const trimmed = nome.trim();
  if (trimmed === '' || trimmed.length > NOME_MAX) {
    throw new Refusal(TokenAdminErrorCodes.VALIDACAO, `nome do token deve ter de 1 a ${NOME_MAX} caracteres`);
  }
  return { nome: trimmed, nomeChave: trimmed.toLowerCase() };
}

/** Scope check: every entity must exist; duplicates collapse, order of first appearance kept. */
export function normalizeScope(entidades: readonly string[]): string[] {
  const unknown = entidades.filter((entidade) => !isIngestionEntity(entidade));
  if (unknown.length > 0) {
    throw new Refusal(TokenAdminErrorCodes.ENTIDADE_DESCONHECIDA, `entidade desconhecida: ${unknown.join(', ')}`, {
      extra: { entidadesDesconhecidas: [...new Set(unknown)], entidadesExistentes: [...IngestionEntities] },
    });
  }
  return [...new Set(entidades)];
}

export function normalizeMode(modo: string | null | undefined): TokenMode {
  if (modo == null) return 'UPSERT';
  if (!(TokenModes as readonly string[]).includes(modo)) {
    throw new Refusal(TokenAdminErrorCodes.VALIDACAO, `modo deve ser ${TokenModes.join(' ou ')}`);
  }
  return modo as TokenMode;
}

/** An expiry must lie ahead: a token born expired, or "renewed" into the past, is a mistake. */
export function requireFutureExpiry(expiraEm: Date, now: Date): Date {
  if (expiraEm.getTime() <= now.getTime()) {
    throw new Refusal(TokenAdminErrorCodes.EXPIRACAO_INVALIDA, 'expiraEm deve ser uma data futura');
  }
  return expiraEm;
}
