import { readTable, type CampoTabela, type CsvRows } from './csv-import';

/**
 * A spreadsheet (.xlsx) read into the ingestion API's rows, with the CSV's header rules (`readTable`): the first
 * sheet, its first row the header (keys or labels), each row's number in the sheet as its line. A cell is sent as
 * text, as a CSV's would be, written so the API reads it as the cell meant:
 * - text: as typed (trimmed; a number typed as text, "1.234,56", stays that text);
 * - a number: its digits with a comma as the decimal separator and no thousands separator ("1234,56", "0,5", "-12",
 *   "1,234"), rounded to 15 significant digits (a spreadsheet's own precision, so 0.1 + 0.2 is "0,3"): the API reads
 *   "1234,56" as 1234.56, and a point would make "1.234" ambiguous (thousands or decimal) and be refused;
 * - a date (a number cell with a date format; it has no time zone): "DD/MM/AAAA" when its time is midnight, else
 *   "DD/MM/AAAA HH:MM:SS": the wall clock of the sheet, which the API takes as Brasília's; for a month field
 *   (`competencia`) "MM/AAAA";
 * - true / false: "Sim" / "Não";
 * - an empty cell: the field is not sent.
 */
export type CellValue = string | number | boolean | Date | null | undefined;

const two = (n: number) => String(n).padStart(2, '0');

/** A number as the API's Brazilian text: comma decimal, no grouping, at most 15 significant digits. */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const rounded = Number(value.toPrecision(15));
  return new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: 20 }).format(rounded).replace('.', ',');
}

/** A date cell: the spreadsheet's wall clock (read-excel-file gives it as the UTC fields of the Date). */
export function dateText(value: Date, tipo: string | undefined): string {
  const day = two(value.getUTCDate());
  const month = two(value.getUTCMonth() + 1);
  const year = String(value.getUTCFullYear());
  if (tipo === 'competencia') return `${month}/${year}`;
  const time = [value.getUTCHours(), value.getUTCMinutes(), value.getUTCSeconds()];
  return time.every((t) => t === 0) ? `${day}/${month}/${year}` : `${day}/${month}/${year} ${time.map(two).join(':')}`;
}

/** A cell as the field's text (a header cell has no field). */
export function cellText(value: CellValue, field: CampoTabela | null): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (value instanceof Date) return dateText(value, field?.tipo);
  return numberText(value);
}

/** The rows of a sheet (as read-excel-file gives them) against the entity's fields. */
export const readSheetRows = (rows: CellValue[][], fields: CampoTabela[]): CsvRows => readTable(rows, fields, cellText);

/** An .xlsx file, told by its name (or type) from a CSV. */
export const isSpreadsheet = (file: { name: string; type: string }) =>
  /\.xlsx$/i.test(file.name) || file.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Reads an .xlsx file's first sheet. The reader is loaded only here, when a spreadsheet is picked (its own chunk of
 * the page's bundle, served by the gateway like the rest): the "universal" build, with no Web Worker, which the
 * page's CSP would not allow from a blob.
 */
export async function readSpreadsheet(file: Blob, fields: CampoTabela[]): Promise<CsvRows> {
  const { readSheet } = await import('read-excel-file/universal');
  let rows: CellValue[][];
  try {
    rows = (await readSheet(file)) as CellValue[][];
  } catch {
    throw new Error('Não foi possível ler a planilha: envie um arquivo .xlsx (Excel, LibreOffice ou Google Planilhas), com os dados na primeira aba.');
  }
  return readSheetRows(rows, fields);
}
