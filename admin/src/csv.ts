/**
 * Refused rows as CSV to fix and resend: one line per refused row, `linha` and `erros` first, then one column per
 * field key (`campo`, the JSON key of the rows) found in any row. Separator `;` and a UTF-8 BOM, which is what a
 * spreadsheet set to Portuguese (Brazil) opens without asking.
 */
import type { LinhaRecusada } from './api/operations/history';

/** A plain signed number (`-12.5`, `+3`, `-1.234,56`): a spreadsheet reads it as the number it is, no formula. */
const SIGNED_NUMBER = /^[+-]\d[\d.,]*$/;

/**
 * A cell a spreadsheet would run as a formula (CSV injection): it starts with `=` or `@`, a tab or a carriage return,
 * or a sign followed by anything but a number. Such a cell is prefixed with an apostrophe; a negative number is not,
 * so `-12.5` comes back as sent.
 */
export function looksLikeFormula(text: string): boolean {
  if (/^[=@\t\r]/.test(text)) return true;
  return /^[+-]/.test(text) && !SIGNED_NUMBER.test(text);
}

function cell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else text = JSON.stringify(value);
  if (looksLikeFormula(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The values a row was sent with (`valores`, JSON), by field key; a value that is not an object under `valores`. */
function valuesOf(row: LinhaRecusada): Record<string, unknown> {
  try {
    const read = JSON.parse(row.valores) as unknown;
    return typeof read === 'object' && read !== null && !Array.isArray(read) ? (read as Record<string, unknown>) : { valores: read };
  } catch {
    return { valores: row.valores };
  }
}

export function refusedRowsCsv(rows: LinhaRecusada[]): string {
  const values = rows.map(valuesOf);
  const keys: string[] = [];
  for (const v of values) for (const key of Object.keys(v)) if (!keys.includes(key)) keys.push(key);
  const header = ['linha', 'erros', ...keys].map(cell).join(';');
  const lines = rows.map((row, i) => [row.linha, row.erros.join(' | '), ...keys.map((k) => values[i][k])].map(cell).join(';'));
  return '\uFEFF' + [header, ...lines].join('\r\n') + '\r\n';
}

/** A row's values as the page shows them: each key with its value as text. */
export function readableValues(row: LinhaRecusada): [string, string][] {
  return Object.entries(valuesOf(row)).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]);
}
