import { desfechoAutorizacao, type DesfechoAutorizacao, type DesfechoCancelamento, type SituacaoConsulta } from './sefaz-status';

/**
 * What the CT-e 4.00 status codes mean for us (MOC CT-e 4.00, Anexo I and §6; research transmission.md §1). The
 * reception is synchronous: no receipt, no denial (removed in 4.00a), so the NF-e table's 103/105 and 110/301-303
 * never come. docs/cte.md has the same table for people.
 */
export function desfechoAutorizacaoCte(cStat: string): Exclude<DesfechoAutorizacao, 'EM_PROCESSAMENTO' | 'DENEGADO'> {
  const desfecho = desfechoAutorizacao(cStat);
  // 150 does not exist for the CT-e, nor a denial: anything the NF-e table would read so is a refusal here.
  if (desfecho === 'DENEGADO' || cStat === '150') return 'REJEITADO';
  if (desfecho === 'EM_PROCESSAMENTO') return 'INDISPONIVEL';
  return desfecho;
}

/** retConsSitCTe: 100 authorized, 101 cancelled, 217 not in the authorizer's base, anything else unknown. */
export function situacaoConsultaCte(cStat: string): Exclude<SituacaoConsulta, 'DENEGADA'> {
  if (cStat === '100') return 'AUTORIZADA';
  if (cStat === '101') return 'CANCELADA';
  if (cStat === '217') return 'NAO_CONSTA';
  return 'DESCONHECIDA';
}

/**
 * retEventoCTe of a cancellation: 135 registered (134 registered with an alert, 136 not linked: not a cancellation);
 * 631 duplicate event and 218 already cancelled: query, it may be ours; 220 past the deadline; the blockers 219 (an
 * authorized MDF-e), 523 (a CC-e registered), 528 (the service started), 862 (a delivery receipt) refuse.
 */
export function desfechoCancelamentoCte(cStat: string): DesfechoCancelamento {
  if (cStat === '135' || cStat === '134') return 'REGISTRADO';
  if (cStat === '631' || cStat === '218') return 'CONSULTAR';
  if (cStat === '220') return 'PRAZO_EXPIRADO';
  if (['108', '109', '678', '999'].includes(cStat)) return 'INDISPONIVEL';
  return 'RECUSADO';
}

export const EVENTO_CANCELAMENTO_CTE = '110111';
