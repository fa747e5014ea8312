/**
 * CFOP rules the issuer's input must meet (Convênio s/nº 1970, Ajuste SINIEF 07/01 tables): 4 digits whose
 * first tells the operation's reach from the issuer: 5 inside its state, 6 to another state, 7 abroad.
 * An NFC-e is always a sale to a consumer in the issuer's state (5).
 */
export type Alcance = 'INTERNA' | 'INTERESTADUAL' | 'EXTERIOR';

export const PRIMEIRO_DIGITO: Record<Alcance, string> = { INTERNA: '5', INTERESTADUAL: '6', EXTERIOR: '7' };

/** `EX` is the UF the layouts use for a recipient abroad. */
export function alcanceDaOperacao(ufEmitente: string, ufDestino: string | null): Alcance {
  if (ufDestino === 'EX') return 'EXTERIOR';
  return ufDestino === null || ufDestino === ufEmitente ? 'INTERNA' : 'INTERESTADUAL';
}

/**
 * Simples Remessa (spec section 1): the CFOPs the spec lists as moving goods without a sale, so no revenue and
 * no tax debit on the product value. The official CFOP table names two of them differently from the spec
 * (5/6.904 "remessa para venda fora do estabelecimento", 5/6.922 "simples faturamento de venda para entrega
 * futura"; demonstration is 5/6.912 and transfers 5/6.151-152): the spec's list is kept as the rule and the
 * difference is written in docs/fiscal-documents.md.
 */
export const CFOPS_SIMPLES_REMESSA: ReadonlySet<string> = new Set(['5949', '6949', '5901', '6901', '5902', '6902', '5904', '6904', '5922', '6922']);

export function ehSimplesRemessa(cfop: string): boolean {
  return CFOPS_SIMPLES_REMESSA.has(cfop);
}
