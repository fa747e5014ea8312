import { isTokenExpired, type TokenStatus } from '@erp/contracts';

/** States written to the database; EXPIRADO is never stored, it follows from `expiraEm` and the clock. */
export type StoredStatus = Extract<TokenStatus, 'ATIVO' | 'INATIVO' | 'REVOGADO'>;
export const StoredStatuses: readonly StoredStatus[] = ['ATIVO', 'INATIVO', 'REVOGADO'];

/**
 * The status a client sees at `now`. Precedence REVOGADO > INATIVO > EXPIRADO > ATIVO: revocation is final,
 * and an administrator's explicit pause is the more useful thing to report than a date that also passed
 * (reactivating then shows EXPIRADO until the token is renewed).
 */
export function effectiveStatus(stored: StoredStatus, expiraEm: Date | null, now: Date): TokenStatus {
  if (stored !== 'ATIVO') return stored;
  if (isTokenExpired(expiraEm, now)) return 'EXPIRADO';
  return 'ATIVO';
}
