/**
 * The modulo-11 check digit of CNPJ and CPF: each character counts as its ASCII code minus 48 (so '0'..'9'
 * are 0..9 and the letters of the alphanumeric CNPJ are 17..42), weighted from the right starting at 2; a
 * remainder below 2 gives 0, otherwise 11 minus the remainder. `maxWeight` is 9 for CNPJ (weights cycle
 * 2..9) and unbounded for CPF (weights grow 2, 3, ... 11).
 */
export function modulo11Digit(base: string, maxWeight = Number.POSITIVE_INFINITY): number {
  let sum = 0;
  let weight = 2;
  for (let i = base.length - 1; i >= 0; i -= 1) {
    sum += (base.charCodeAt(i) - 48) * weight;
    weight = weight === maxWeight ? 2 : weight + 1;
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}
