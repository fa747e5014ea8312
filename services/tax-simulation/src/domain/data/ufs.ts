/**
 * The 27 federative units and their region, which the interstate ICMS rate depends on. The planned shared
 * package `@erp/fiscal-rules` is to own the UF table; this copy is small on purpose and may move there.
 */
export type Regiao = 'N' | 'NE' | 'CO' | 'SE' | 'S';

export const REGIAO_DA_UF = {
  AC: 'N', AM: 'N', AP: 'N', PA: 'N', RO: 'N', RR: 'N', TO: 'N',
  AL: 'NE', BA: 'NE', CE: 'NE', MA: 'NE', PB: 'NE', PE: 'NE', PI: 'NE', RN: 'NE', SE: 'NE',
  DF: 'CO', GO: 'CO', MS: 'CO', MT: 'CO',
  ES: 'SE', MG: 'SE', RJ: 'SE', SP: 'SE',
  PR: 'S', RS: 'S', SC: 'S',
} as const satisfies Record<string, Regiao>;

export type Uf = keyof typeof REGIAO_DA_UF;

export function ehUf(valor: string): valor is Uf {
  return Object.prototype.hasOwnProperty.call(REGIAO_DA_UF, valor);
}
