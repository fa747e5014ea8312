import { Recusa } from './refusal';
import { citar } from './text';

/**
 * Numbers: a JSON number, or text in either of the two spellings people use: `1234.56` (point decimal,
 * no thousands separator) or the Brazilian `1.234,56` / `1234,56` (comma decimal, optional point
 * thousands separator). Text such as `12.500` is refused as ambiguous: in Brazil it means twelve
 * thousand five hundred, elsewhere twelve and a half; guessing would silently scale a value 1000 times.
 */
const POINT_DECIMAL = /^[+-]?\d+(?:\.\d+)?$/;
const AMBIGUOUS = /^[+-]?[1-9]\d{0,2}\.\d{3}$/;
const COMMA_DECIMAL = /^[+-]?\d+,\d+$/;
const BRAZILIAN_THOUSANDS = /^[+-]?\d{1,3}(?:\.\d{3})+(?:,\d+)?$/;
const POINTS = /\./g;

export const FORMATOS_NUMERO = '1234.56, 1234,56 ou 1.234,56 (ou um número JSON)';

export function parseNumeroTexto(texto: string): number | Recusa {
  if (POINT_DECIMAL.test(texto)) {
    if (AMBIGUOUS.test(texto)) {
      const inteiro = texto.replace('.', '');
      const decimal = texto.replace('.', ',');
      return new Recusa(
        `número ambíguo ${citar(texto)}: envie ${inteiro} ou ${inteiro},00 para milhar, ou ${decimal} (ou um número JSON) para decimal.`,
      );
    }
    return Number(texto);
  }
  if (COMMA_DECIMAL.test(texto)) return Number(texto.replace(',', '.'));
  if (BRAZILIAN_THOUSANDS.test(texto)) return Number(texto.replace(POINTS, '').replace(',', '.'));
  return new Recusa(`número inválido ${citar(texto)}. Formatos aceitos: ${FORMATOS_NUMERO}.`);
}
