/**
 * Money and quantities without binary floating point: a JSON number is read back as the decimal text it was
 * written as, scaled to an integer. Quantities and unit prices take at most 4 decimals (the NF-e allows more
 * for `vUnCom`; 4 covers every price a person types), money totals are integer centavos.
 */

/** The decimal text of a finite number in plain notation (no exponent), or null. */
function plain(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  return /^-?\d+(\.\d+)?$/.test(text) ? text : null;
}

/** `value` x 10^casas as an exact integer, or null when it has more decimals than `casas` or is not plain. */
export function escalar(value: number, casas: number): bigint | null {
  const text = plain(value);
  if (text === null) return null;
  const [inteira, fracao = ''] = text.replace('-', '').split('.');
  if (fracao.length > casas) return null;
  const escalado = BigInt(inteira + fracao.padEnd(casas, '0'));
  return text.startsWith('-') ? -escalado : escalado;
}

/** Divides by 10^casas rounding half up (away from zero for the positive values we round). */
function arredondar(valor: bigint, casas: number): bigint {
  const divisor = 10n ** BigInt(casas);
  const metade = divisor / 2n;
  return (valor + metade) / divisor;
}

export const CASAS_QUANTIDADE = 4;
export const CASAS_PRECO = 4;

/**
 * The NF-e layout's limits (tiposBasico_v4.00.xsd, leiauteNFe_v4.00.xsd): `qCom` (TDec_1104v) and `vUnCom`
 * (TDec_1110v) have at most 11 integer digits; `vProd` and `vNF` (TDec_1302) at most 13 integer digits and 2
 * decimals, so every total in centavos stays below 10^15, exact in a JavaScript number (2^53 is about 9 x 10^15).
 * The same limits hold for every model: no document here carries more than an NF-e can.
 */
export const LIMITE_QUANTIDADE_PRECO = 100_000_000_000;
export const MAXIMO_CENTAVOS = 999_999_999_999_999n;

/**
 * An item's total in centavos: quantidade x valorUnitario, rounded half up to the centavo (NF-e `vProd`); a bigint,
 * so a product beyond the layout is seen exactly before it is refused.
 */
export function totalItemCentavos(quantidade: number, valorUnitario: number): bigint {
  const q = escalar(quantidade, CASAS_QUANTIDADE);
  const p = escalar(valorUnitario, CASAS_PRECO);
  if (q === null || p === null) throw new Error('quantity and price must be validated first');
  // q and p carry 4 decimals each: the product carries 8; centavos keep 2.
  return arredondar(q * p, CASAS_QUANTIDADE + CASAS_PRECO - 2);
}

export function reais(centavos: number): number {
  return centavos / 100;
}
