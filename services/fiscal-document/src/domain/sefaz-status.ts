/**
 * What each SEFAZ status code (`cStat`, text of 3 or 4 digits) means for us. Every decision of the adapter is
 * taken here, on the code, never on `xMotivo` (its wording differs between UFs and versions). Sources: MOC
 * NF-e 7.0 tables of return codes as corroborated by nfephp-org/sped-nfe storage/cstat.json, and the research
 * file (../shared/research/fiscal-documents.md, §3.1 and §5.1). docs/sefaz.md has the same table for people.
 */

/** The answer to one authorization (the protocol's cStat, or the batch's when it carries no protocol). */
export type DesfechoAutorizacao =
  /** 100 authorized; 150 authorized out of time (late transmission, still authorized). */
  | 'AUTORIZADO'
  /** 110, 301, 302, 303: use denied; the number is spent (not voidable), the NF-e stays as DENEGADA. */
  | 'DENEGADO'
  /** 204 same key already there, 539 same number with another key: ask SEFAZ by key and adopt its outcome. */
  | 'DUPLICIDADE'
  /** 103 received / 105 in processing: poll the receipt (NFeRetAutorizacao4). */
  | 'EM_PROCESSAMENTO'
  /** 108/109 service paralysed, 999 unexpected error, 656 throttled: nothing decided; query later. */
  | 'INDISPONIVEL'
  /** Any other code: the NF-e was refused and not used (its number is voided, never reused). */
  | 'REJEITADO';

const AUTORIZADO = new Set(['100', '150']);
const DENEGADO = new Set(['110', '301', '302', '303']);
const DUPLICIDADE = new Set(['204', '539']);
const EM_PROCESSAMENTO = new Set(['103', '105']);
/** Codes that say "not now" rather than "no": retrying later is the answer. */
const INDISPONIVEL = new Set(['108', '109', '656', '678', '999']);

export function desfechoAutorizacao(cStat: string): DesfechoAutorizacao {
  if (AUTORIZADO.has(cStat)) return 'AUTORIZADO';
  if (DENEGADO.has(cStat)) return 'DENEGADO';
  if (DUPLICIDADE.has(cStat)) return 'DUPLICIDADE';
  if (EM_PROCESSAMENTO.has(cStat)) return 'EM_PROCESSAMENTO';
  if (INDISPONIVEL.has(cStat)) return 'INDISPONIVEL';
  return 'REJEITADO';
}

/** 104: the batch was processed; the NF-e's own status is in its `protNFe`. */
const LOTE_PROCESSADO = '104';

/** What to do with the batch answer of NFeAutorizacao4 (`ENVIO`) or of a receipt poll, NFeRetAutorizacao4 (`RECIBO`). */
export type PassoAutorizacao =
  /** 104 with the `protNFe` of our key: its cStat decides (`desfechoAutorizacao`). */
  | 'PROTOCOLO'
  /** 103/105 with a receipt: poll it (again). */
  | 'RECIBO'
  /** Nothing decisive about our key: ask SEFAZ by key (NFeConsultaProtocolo4) and adopt its outcome. */
  | 'CONSULTAR'
  /** Sending only: the batch was refused whole (a schema error, 225...), or duplicates/unavailability; its cStat decides. */
  | 'LOTE';

/**
 * The decision table of an authorization answer. Once a batch was received (polling), only a 104 carrying the
 * protocol of our key is decisive: 106 "Lote não localizado", 248, 223, a 104 without our protocol, anything
 * else says nothing about the NF-e, which SEFAZ may have authorized: the key is queried, never the number burned.
 */
export function passoAutorizacao(fase: 'ENVIO' | 'RECIBO', lote: { cStat: string; chaveDoProtocolo: string | null; temRecibo: boolean }, chave: string): PassoAutorizacao {
  if (lote.cStat === LOTE_PROCESSADO && lote.chaveDoProtocolo === chave) return 'PROTOCOLO';
  if (EM_PROCESSAMENTO.has(lote.cStat)) return lote.temRecibo ? 'RECIBO' : 'CONSULTAR';
  if (fase === 'RECIBO' || lote.cStat === LOTE_PROCESSADO) return 'CONSULTAR';
  return 'LOTE';
}

/** What a protocol query (NFeConsultaProtocolo4, `retConsSitNFe`) says about a key. */
export type SituacaoConsulta =
  /** 100/150 authorized; 101/151 (and 155) cancelled: it was authorized (the cancellation is in its events). */
  | 'AUTORIZADA'
  | 'CANCELADA'
  | 'DENEGADA'
  /** 217: SEFAZ has no NF-e with this key. After a lost answer, it may be sent again with the same key. */
  | 'NAO_CONSTA'
  /** Anything else (service down, throttled, a query refused): nothing learnt. */
  | 'DESCONHECIDA';

export function situacaoConsulta(cStat: string): SituacaoConsulta {
  if (cStat === '100' || cStat === '150') return 'AUTORIZADA';
  if (cStat === '101' || cStat === '151' || cStat === '155') return 'CANCELADA';
  if (DENEGADO.has(cStat)) return 'DENEGADA';
  if (cStat === '217') return 'NAO_CONSTA';
  return 'DESCONHECIDA';
}

/** The answer to a cancellation event (the event's cStat inside `retEvento`). */
export type DesfechoCancelamento =
  /** 135 registered and linked; 155 cancellation accepted out of deadline (a fine may apply). */
  | 'REGISTRADO'
  /** 573 duplicate event, 580 NF-e not authorized (already cancelled or denied): query, it may be cancelled. */
  | 'CONSULTAR'
  /** 501 deadline passed (legal or the UF's): nothing to retry; a return NF-e undoes the operation. */
  | 'PRAZO_EXPIRADO'
  /** 108/109/999...: nothing decided. */
  | 'INDISPONIVEL'
  /** Any other code, including 136 (registered but not linked: not a cancellation). */
  | 'RECUSADO';

export function desfechoCancelamento(cStat: string): DesfechoCancelamento {
  if (cStat === '135' || cStat === '155') return 'REGISTRADO';
  if (cStat === '573' || cStat === '580') return 'CONSULTAR';
  if (cStat === '501') return 'PRAZO_EXPIRADO';
  if (INDISPONIVEL.has(cStat)) return 'INDISPONIVEL';
  return 'RECUSADO';
}

/** The events that cancel an NF-e/NFC-e: 110111 "Cancelamento", 110112 "Cancelamento por substituição" (NFC-e). */
export const EVENTOS_CANCELAMENTO: ReadonlySet<string> = new Set(['110111', '110112']);

/** The answer to a voiding (inutilização) request. */
export type DesfechoInutilizacao =
  /** 102 voided. */
  | 'INUTILIZADA'
  /** 206 already voided, 563 the same request already made: the range is voided (adopted). */
  | 'JA_INUTILIZADA'
  | 'INDISPONIVEL'
  /** 241 a number of the range was used, 256 a number of the range already voided in another range, ...: refused. */
  | 'RECUSADA';

export function desfechoInutilizacao(cStat: string): DesfechoInutilizacao {
  if (cStat === '102') return 'INUTILIZADA';
  if (cStat === '206' || cStat === '563') return 'JA_INUTILIZADA';
  if (INDISPONIVEL.has(cStat)) return 'INDISPONIVEL';
  return 'RECUSADA';
}
