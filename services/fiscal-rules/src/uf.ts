/**
 * The 27 federation units (26 states and the Federal District) with their IBGE code, the `cUF` of NF-e and
 * CT-e and the first two digits of every IBGE municipality code of the unit.
 */
export const UFS = [
  { sigla: 'RO', codigo: '11' },
  { sigla: 'AC', codigo: '12' },
  { sigla: 'AM', codigo: '13' },
  { sigla: 'RR', codigo: '14' },
  { sigla: 'PA', codigo: '15' },
  { sigla: 'AP', codigo: '16' },
  { sigla: 'TO', codigo: '17' },
  { sigla: 'MA', codigo: '21' },
  { sigla: 'PI', codigo: '22' },
  { sigla: 'CE', codigo: '23' },
  { sigla: 'RN', codigo: '24' },
  { sigla: 'PB', codigo: '25' },
  { sigla: 'PE', codigo: '26' },
  { sigla: 'AL', codigo: '27' },
  { sigla: 'SE', codigo: '28' },
  { sigla: 'BA', codigo: '29' },
  { sigla: 'MG', codigo: '31' },
  { sigla: 'ES', codigo: '32' },
  { sigla: 'RJ', codigo: '33' },
  { sigla: 'SP', codigo: '35' },
  { sigla: 'PR', codigo: '41' },
  { sigla: 'SC', codigo: '42' },
  { sigla: 'RS', codigo: '43' },
  { sigla: 'MS', codigo: '50' },
  { sigla: 'MT', codigo: '51' },
  { sigla: 'GO', codigo: '52' },
  { sigla: 'DF', codigo: '53' },
] as const;

export type SiglaUf = (typeof UFS)[number]['sigla'];

const CODIGO_POR_SIGLA: ReadonlyMap<string, string> = new Map(UFS.map((uf) => [uf.sigla, uf.codigo]));
const SIGLA_POR_CODIGO: ReadonlyMap<string, SiglaUf> = new Map(UFS.map((uf) => [uf.codigo, uf.sigla]));

/** The `cUF` of a sigla in upper case (`SP` -> `35`), or null for no unit. */
export function cUfFromSigla(sigla: string): string | null {
  return CODIGO_POR_SIGLA.get(sigla) ?? null;
}

/** The sigla of a `cUF` (`35` -> `SP`), or null for no unit. */
export function siglaFromCUf(cUf: string): SiglaUf | null {
  return SIGLA_POR_CODIGO.get(cUf) ?? null;
}

/** The `cUF` of the unit an IBGE municipality code belongs to (its first two digits), or null for no unit. */
export function cUfFromMunicipio(codigoMunicipio: string): string | null {
  const prefix = codigoMunicipio.slice(0, 2);
  return /^\d{2}$/.test(prefix) && SIGLA_POR_CODIGO.has(prefix) ? prefix : null;
}

/** A sigla of a unit, in upper case. */
export function ehSiglaUf(valor: string): valor is SiglaUf {
  return CODIGO_POR_SIGLA.has(valor);
}

/** The five regions of the IBGE (Norte, Nordeste, Sudeste, Sul, Centro-Oeste). */
export type Regiao = 'N' | 'NE' | 'SE' | 'S' | 'CO';

/** The first digit of a unit's IBGE code is its region (IBGE's own numbering). */
const REGIAO_POR_DIGITO: Readonly<Record<string, Regiao>> = { '1': 'N', '2': 'NE', '3': 'SE', '4': 'S', '5': 'CO' };

/** The region of a unit (`SP` -> `SE`), which the interstate ICMS rate depends on. */
export function regiaoDaUf(sigla: SiglaUf): Regiao {
  return REGIAO_POR_DIGITO[CODIGO_POR_SIGLA.get(sigla)![0]];
}
