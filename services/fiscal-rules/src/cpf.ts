import { modulo11Digit } from './check-digit';

/**
 * CPF: 9 digits and two modulo-11 check digits (weights 10..2 for the first, 11..2 for the second). A CPF of
 * eleven equal digits passes the arithmetic but is never issued, so it is refused.
 */

const FORMAT = /^\d{11}$/;

/** Drops the usual punctuation (`529.982.247-25`). */
export function normalizeCpf(text: string): string {
  return text.replace(/[.\-\s]/g, '');
}

/** The rule a CPF breaks, named like the CNPJ ones. */
export type CpfProblem = 'formato' | 'digito_verificador';

/** Null when valid; otherwise which rule failed. Expects a normalized value. */
export function cpfProblem(cpf: string): CpfProblem | null {
  if (!FORMAT.test(cpf)) return 'formato';
  if (/^(\d)\1{10}$/.test(cpf)) return 'digito_verificador';
  return cpf === withCpfCheckDigits(cpf.slice(0, 9)) ? null : 'digito_verificador';
}

/** Completes 9 base digits with their two check digits. */
export function withCpfCheckDigits(base9: string): string {
  const first = modulo11Digit(base9);
  return `${base9}${first}${modulo11Digit(`${base9}${first}`)}`;
}
