/**
 * Exact rational numbers for rates. Binary floating point cannot hold 0.65% or 7.6% exactly, and the
 * Simples Nacional effective rate (RBT12 x nominal - deduction) / RBT12 is a true fraction with no finite
 * decimal form, so every rate is a reduced fraction of two BigInts and money meets a rate only in
 * `aplicar`, which rounds once, half up, to the centavo.
 */
export interface Fracao {
  readonly n: bigint;
  /** Always positive; the fraction is always in lowest terms. */
  readonly d: bigint;
}

function mdc(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) {
    const r = x % y;
    x = y;
    y = r;
  }
  return x;
}

export function fracao(n: bigint, d: bigint = 1n): Fracao {
  if (d === 0n) throw new RangeError('denominador zero');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const g = mdc(n, d);
  return g > 1n ? { n: n / g, d: d / g } : { n, d };
}

/** A percentage written with decimals, e.g. `percentual('7.6')` = 76/1000. Only for tables, never for input. */
export function percentual(texto: string): Fracao {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(texto);
  if (!m) throw new RangeError(`percentual mal escrito: ${texto}`);
  const decimais = m[2] ?? '';
  return fracao(BigInt(m[1] + decimais), 100n * 10n ** BigInt(decimais.length));
}

export const ZERO: Fracao = { n: 0n, d: 1n };

export function somar(a: Fracao, b: Fracao): Fracao {
  return a.d === b.d ? fracao(a.n + b.n, a.d) : fracao(a.n * b.d + b.n * a.d, a.d * b.d);
}

export function subtrair(a: Fracao, b: Fracao): Fracao {
  return a.d === b.d ? fracao(a.n - b.n, a.d) : fracao(a.n * b.d - b.n * a.d, a.d * b.d);
}

export function multiplicar(a: Fracao, b: Fracao): Fracao {
  return fracao(a.n * b.n, a.d * b.d);
}

/** Negative, zero or positive as a is below, equal to or above b. */
export function comparar(a: Fracao, b: Fracao): number {
  const x = a.n * b.d;
  const y = b.n * a.d;
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * centavos x taxa, rounded half up to the centavo (half away from zero for negatives, so a credit rounds
 * like the debit it mirrors). THE one place where money is rounded.
 */
export function aplicar(centavos: number, taxa: Fracao): number {
  const produto = BigInt(centavos) * taxa.n;
  // `0 -` rather than unary minus: a negative that rounds to nothing is 0, not -0.
  if (produto < 0n) return 0 - Number((-2n * produto + taxa.d) / (2n * taxa.d));
  return Number((2n * produto + taxa.d) / (2n * taxa.d));
}

/** A fraction of centavos as centavos, rounded half up (same rule as `aplicar`). */
export function arredondar(valor: Fracao): number {
  return aplicar(1, valor);
}

/** For display only: the rate as a percentage number with at most 6 decimals (e.g. 0.65 for 0.65%). */
export function emPercentual(taxa: Fracao): number {
  return aplicar(100_000_000, taxa) / 1_000_000;
}
