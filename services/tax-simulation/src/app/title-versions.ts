import type { Lancamento } from './payable-titles';

/** What the next version of a title needs to know of the versions claimed so far. */
export interface VersaoAnterior {
  versao: number;
  simulacaoId: string;
  valorCentavos: number;
  vencimento: string;
  /** When the simulation whose figure the title holds was made (the Lucro Real quarter: the newest one stands). */
  figuraDe: Date;
}

export interface ProximaVersao {
  versao: number;
  valorCentavos: number;
  vencimento: string;
  figuraDe: Date;
  /** False when the title's amount and due date stay as they were: the version is kept, but announces nothing. */
  muda: boolean;
}

/**
 * The next version of a period's title after `cadeia` (its versions in order) once this simulation's line is in:
 * null when the simulation is already in the chain (provisioning it again changes nothing), or when a whole-period
 * line has nothing to restate (a zero and no title yet). A share (`SOMA`) adds to the amount; a whole-period figure
 * (`TOTAL`) replaces it when its simulation is newer than the one whose figure stands, and is kept as a version that
 * changes nothing otherwise (so provisioning that simulation again is still a no-op).
 */
export function proximaVersao(cadeia: readonly VersaoAnterior[], lancamento: Lancamento, simulacaoId: string, criadaEm: Date): ProximaVersao | null {
  if (cadeia.some((v) => v.simulacaoId === simulacaoId)) return null;
  const ultima = cadeia.length > 0 ? cadeia[cadeia.length - 1] : null;
  const versao = (ultima?.versao ?? 0) + 1;
  if (ultima === null) {
    if (lancamento.valorCentavos === 0) return null;
    return { versao, valorCentavos: lancamento.valorCentavos, vencimento: lancamento.vencimento, figuraDe: criadaEm, muda: true };
  }
  let proxima: Omit<ProximaVersao, 'versao' | 'muda'>;
  if (lancamento.composicao === 'SOMA') {
    proxima = { valorCentavos: ultima.valorCentavos + lancamento.valorCentavos, vencimento: lancamento.vencimento, figuraDe: ultima.figuraDe };
  } else if (criadaEm.getTime() > ultima.figuraDe.getTime()) {
    proxima = { valorCentavos: lancamento.valorCentavos, vencimento: lancamento.vencimento, figuraDe: criadaEm };
  } else {
    proxima = { valorCentavos: ultima.valorCentavos, vencimento: ultima.vencimento, figuraDe: ultima.figuraDe };
  }
  return { ...proxima, versao, muda: proxima.valorCentavos !== ultima.valorCentavos || proxima.vencimento !== ultima.vencimento };
}
