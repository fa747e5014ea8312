/**
 * CNPJ check digits, numeric and alphanumeric alike (Receita Federal, alphanumeric CNPJ from July 2026):
 * each of the first 12 characters is worth its ASCII code minus 48 ('0'..'9' -> 0..9, 'A' -> 17 ... 'Z' -> 42),
 * then the classic modulo-11 weights give the two check digits, which stay numeric.
 */

const FORMATO = /^[0-9A-Z]{12}[0-9]{2}$/;

/** Drops the usual punctuation (`12.ABC.345/01DE-35`) and upper-cases; what is kept and compared. */
export function normalizarCnpj(texto: string): string {
  return texto.replace(/[./\-\s]/g, '').toUpperCase();
}

function digitoVerificador(base: string): number {
  let soma = 0;
  let peso = 2;
  for (let i = base.length - 1; i >= 0; i -= 1) {
    soma += (base.charCodeAt(i) - 48) * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

export type ProblemaCnpj = 'formato' | 'digito_verificador';

/** Null when valid; otherwise which rule failed. Expects a normalized value. */
export function problemaCnpj(cnpj: string): ProblemaCnpj | null {
  if (!FORMATO.test(cnpj)) return 'formato';
  // All-equal numeric CNPJs pass the arithmetic but are not issued.
  if (/^(\d)\1{13}$/.test(cnpj)) return 'digito_verificador';
  const primeiro = digitoVerificador(cnpj.slice(0, 12));
  const segundo = digitoVerificador(cnpj.slice(0, 12) + String(primeiro));
  return cnpj.endsWith(`${primeiro}${segundo}`) ? null : 'digito_verificador';
}

/** Completes 12 base characters with their check digits (used by tests and tooling). */
export function comDigitosCnpj(base12: string): string {
  const primeiro = digitoVerificador(base12);
  return `${base12}${primeiro}${digitoVerificador(base12 + String(primeiro))}`;
}
