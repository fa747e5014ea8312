import { modulo11Digit } from './check-digit';

/**
 * CNPJ check digits, numeric and alphanumeric alike (Receita Federal, alphanumeric CNPJ from July 2026):
 * each of the first 12 characters is worth its ASCII code minus 48 ('0'..'9' -> 0..9, 'A' -> 17 ... 'Z' -> 42),
 * then the classic modulo-11 weights 2..9 give the two check digits, which stay numeric.
 */

const FORMAT = /^[0-9A-Z]{12}[0-9]{2}$/;

/** Drops the usual punctuation (`12.ABC.345/01DE-35`) and upper-cases; what is kept and compared. */
export function normalizeCnpj(text: string): string {
  return text.replace(/[./\-\s]/g, '').toUpperCase();
}

/** The rule a CNPJ breaks; the values are the suffixes of the validation `regra` names (`cnpj_formato`...). */
export type CnpjProblem = 'formato' | 'digito_verificador';

/** Null when valid; otherwise which rule failed. Expects a normalized value. */
export function cnpjProblem(cnpj: string): CnpjProblem | null {
  if (!FORMAT.test(cnpj)) return 'formato';
  // All-equal numeric CNPJs pass the arithmetic but are not issued.
  if (/^(\d)\1{13}$/.test(cnpj)) return 'digito_verificador';
  return cnpj === withCnpjCheckDigits(cnpj.slice(0, 12)) ? null : 'digito_verificador';
}

/** Completes 12 base characters with their two check digits. */
export function withCnpjCheckDigits(base12: string): string {
  const first = modulo11Digit(base12, 9);
  return `${base12}${first}${modulo11Digit(`${base12}${first}`, 9)}`;
}
