import type { TokenIdentity } from '@erp/contracts';
import { effectiveStatus, type StoredStatus } from './status';

/** A token as stored: the status before the clock is applied, the expiry as a date. */
type TokenFacts = Omit<TokenIdentity, 'status' | 'expiraEm'> & { status: StoredStatus; expiraEm: Date | null };

/** What other services learn about a token: its status as of `now`, never its value or digest. */
export function identityOf(token: TokenFacts, now: Date): TokenIdentity {
  return {
    id: token.id,
    companyId: token.companyId,
    nome: token.nome,
    prefixo: token.prefixo,
    modo: token.modo,
    entidades: [...token.entidades],
    status: effectiveStatus(token.status, token.expiraEm, now),
    expiraEm: token.expiraEm ? token.expiraEm.toISOString() : null,
  };
}
