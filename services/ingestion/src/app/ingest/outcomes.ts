import type { TokenIdentity } from '@erp/contracts';

export type Acao = 'CRIADO' | 'ATUALIZADO' | 'INALTERADO' | 'DUPLICADO';

/** Row outcome (spec 2.3) plus what happened to the record, so clients reconcile by `linha` and key. */
export type RowOutcome =
  | { linha: number; status: 'OK'; id: string; acao: Acao; duplicado: boolean; aviso?: string }
  | { linha: number; status: 'ERRO'; erros: string[] };

export type OkOutcome = Extract<RowOutcome, { status: 'OK' }>;

/** `dados` of a successful response (spec 2.4) plus `duplicadas`. */
export interface BatchResult {
  entidade: string;
  modo: TokenIdentity['modo'];
  preview: boolean;
  loteId: string;
  totalLinhas: number;
  gravadas: number;
  recusadas: number;
  duplicadas: number;
  resultados: RowOutcome[];
}

/** The batch's counts: a duplicate is neither written nor refused, so the three add up to `totalLinhas`. */
export function summarise(
  entidade: string,
  modo: TokenIdentity['modo'],
  preview: boolean,
  loteId: string,
  resultados: RowOutcome[],
): BatchResult {
  let gravadas = 0;
  let recusadas = 0;
  let duplicadas = 0;
  for (const outcome of resultados) {
    if (outcome.status === 'ERRO') recusadas += 1;
    else if (outcome.duplicado) duplicadas += 1;
    else gravadas += 1;
  }
  return { entidade, modo, preview, loteId, totalLinhas: resultados.length, gravadas, recusadas, duplicadas, resultados };
}
