import { cUfFromMunicipio } from './uf';

/**
 * IBGE municipality code: 7 digits, the first two are the unit's IBGE code, the last is a check digit
 * (weights 1,2,1,2,1,2; a two-digit product counts as the sum of its digits; DV = (10 - sum % 10) % 10).
 * A few municipalities were created with a code that breaks the rule; the NF-e manual lists them as valid.
 */

/** Codes with an official but arithmetically wrong check digit (MOC NF-e, validation of cMun). */
export const IBGE_EXCEPTION_CODES: ReadonlySet<string> = new Set([
  '2201919', // Bom Princípio do Piauí/PI
  '2202251', // Canavieira/PI
  '2201988', // Brejo do Piauí/PI
  '2611533', // Quixaba/PE
  '3117836', // Cônego Marinho/MG
  '3152131', // Ponto Chique/MG
  '4305871', // Coronel Barros/RS
  '5203939', // Buriti de Goiás/GO
  '5203962', // Buritinópolis/GO
]);

/** The check digit of the first six digits of a municipality code. */
export function ibgeCheckDigit(sixDigits: string): number {
  let sum = 0;
  for (let i = 0; i < 6; i += 1) {
    const product = Number(sixDigits[i]) * (i % 2 === 0 ? 1 : 2);
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

/** The rule a municipality code breaks; the values are the suffixes of the `regra` names (`ibge_formato`...). */
export type MunicipioProblem = 'formato' | 'uf_inexistente' | 'digito_verificador';

/** Null when valid (including the official exceptions); otherwise which rule failed. */
export function municipioProblem(codigo: string): MunicipioProblem | null {
  if (!/^\d{7}$/.test(codigo)) return 'formato';
  if (cUfFromMunicipio(codigo) === null) return 'uf_inexistente';
  if (IBGE_EXCEPTION_CODES.has(codigo)) return null;
  return Number(codigo[6]) === ibgeCheckDigit(codigo) ? null : 'digito_verificador';
}
