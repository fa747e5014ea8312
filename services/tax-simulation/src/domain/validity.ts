/**
 * Every rate, table and calendar rule is dated data: it applies from `vigenciaInicio` to `vigenciaFim`
 * (both inclusive, `YYYY-MM-DD`; null = still in force) and names its legal source in `fonte`. ISO dates
 * compare correctly as text, so no date parsing happens when a table is searched.
 */
export interface Vigente {
  readonly vigenciaInicio: string;
  readonly vigenciaFim: string | null;
  readonly fonte: string;
}

export function vigeEm(item: Vigente, dataIso: string): boolean {
  return item.vigenciaInicio <= dataIso && (item.vigenciaFim === null || dataIso <= item.vigenciaFim);
}

/** The entry in force on the date (the last one listed wins if two overlap), or undefined. */
export function emVigor<T extends Vigente>(lista: readonly T[], dataIso: string): T | undefined {
  for (let i = lista.length - 1; i >= 0; i--) {
    const item = lista[i];
    if (vigeEm(item, dataIso)) return item;
  }
  return undefined;
}

/** For tables that cover every date the engine accepts: a gap is a defect in the data, not bad input. */
export function vigenteObrigatorio<T extends Vigente>(lista: readonly T[], dataIso: string): T {
  const item = emVigor(lista, dataIso);
  if (!item) throw new Error(`tabela sem entrada em vigor em ${dataIso}: ${lista[0]?.fonte ?? 'vazia'}`);
  return item;
}
