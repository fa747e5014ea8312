/**
 * Text formats of the NF-e layout (tiposBasico_v4.00.xsd), written without binary floating point: money comes
 * in integer centavos, quantities and prices in the exact decimal text the input had.
 */
import { escalar } from '../domain/money';

/** Integer centavos as `TDec_1302` (`0.00`, `1234.56`). */
export function dec2(centavos: number): string {
  const sinal = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  return `${sinal}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A validated decimal with exactly `casas` places (`TDec_1104v` quantities, `TDec_1110v` prices: `2.0000`). */
export function decN(valor: number, casas: number): string {
  const escalado = escalar(valor, casas);
  if (escalado === null) throw new Error(`${valor} has more than ${casas} decimals`);
  const texto = escalado.toString().padStart(casas + 1, '0');
  return `${texto.slice(0, -casas)}.${texto.slice(-casas)}`;
}

/** A rate in percent with 2 to 4 decimals (`TDec_0302a04`, `TDec_0302_04RTC`): `18.00`, `0.9000` kept as `0.90`. */
export function percentual(aliquota: number): string {
  const escalado = escalar(Math.round(aliquota * 10_000) / 10_000, 4);
  if (escalado === null) throw new Error(`bad rate ${aliquota}`);
  const texto = escalado.toString().padStart(5, '0');
  const inteira = texto.slice(0, -4);
  const fracao = texto.slice(-4).replace(/0{1,2}$/, '');
  return `${inteira}.${fracao.padEnd(2, '0')}`;
}


/**
 * `TString` (`[!-ÿ]{1}[ -ÿ]{0,}[!-ÿ]{1}|[!-ÿ]{1}`): Latin-1 only (a character past U+00FF, such as an em dash,
 * breaks the schema and becomes a space), no leading or trailing space, single spaces; cut to the field's size.
 */
export function texto(valor: string, max: number): string {
  return valor
    .normalize('NFC')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}
