/**
 * Input numbers (GraphQL Float, JSON number) turned into exact integers by their decimal text, never by
 * multiplying a binary float: 1.005 * 100 is 100.49999999999999 in floating point, but the caller wrote
 * 1.005, which has three decimals and is refused as money. JavaScript prints every number with the
 * fewest digits that read back to the same number, so that text is what the caller wrote.
 */
const NUMERO = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/**
 * `x` times 10^casas as an exact BigInt, or null when `x` has more than `casas` decimals (or is not a
 * finite number).
 */
export function escalarExato(x: number, casas: number): bigint | null {
  if (!Number.isFinite(x)) return null;
  const m = NUMERO.exec(String(x));
  if (!m) return null;
  const [, sinal, inteiros, decimais = '', expoente] = m;
  let digitos = inteiros + decimais;
  let escala = casas - decimais.length + (expoente ? Number(expoente) : 0);
  if (escala < 0) {
    // Only trailing zeros may be dropped; anything else is a decimal beyond what was allowed.
    const cortados = digitos.slice(escala);
    if (/[^0]/.test(cortados)) return null;
    digitos = digitos.slice(0, escala) || '0';
    escala = 0;
  }
  const valor = BigInt(digitos) * 10n ** BigInt(escala);
  return sinal ? -valor : valor;
}
