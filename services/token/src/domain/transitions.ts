import { TokenAdminErrorCodes, type TokenChangedEvent, Refusal } from '@erp/contracts';
import type { StoredStatus } from './status';

/** What an administrator can do to an existing token. */
export type TokenAction = 'revogar' | 'inativar' | 'reativar' | 'renovar' | 'definirEscopo';

/**
 * Stored states each action may start from. The store turns this into the filter of one conditional
 * update, so two administrators racing can never make a transition the table forbids.
 */
export const allowedFrom: Record<TokenAction, readonly StoredStatus[]> = {
  revogar: ['ATIVO', 'INATIVO'],
  inativar: ['ATIVO'],
  reativar: ['INATIVO'],
  renovar: ['ATIVO', 'INATIVO'],
  definirEscopo: ['ATIVO', 'INATIVO'],
};

/** Stored state an action leads to; null when it keeps the current one (renewing, changing the scope). */
export const targetStatus: Record<TokenAction, StoredStatus | null> = {
  revogar: 'REVOGADO',
  inativar: 'INATIVO',
  reativar: 'ATIVO',
  renovar: null,
  definirEscopo: null,
};

export const changeOf: Record<TokenAction, TokenChangedEvent['change']> = {
  revogar: 'REVOGADO',
  inativar: 'INATIVADO',
  reativar: 'REATIVADO',
  renovar: 'RENOVADO',
  definirEscopo: 'ESCOPO_ALTERADO',
};

/** Why `action` cannot start from `current`, or null when it can. */
export function refusalFor(action: TokenAction, current: StoredStatus): Refusal | null {
  if (allowedFrom[action].includes(current)) return null;
  if (current === 'REVOGADO') {
    return new Refusal(TokenAdminErrorCodes.TOKEN_JA_REVOGADO, 'o token foi revogado; revogação é definitiva, emita um novo token');
  }
  if (action === 'inativar') return new Refusal(TokenAdminErrorCodes.TOKEN_JA_INATIVO, 'o token já está inativo');
  return new Refusal(TokenAdminErrorCodes.TOKEN_JA_ATIVO, 'o token já está ativo');
}
