/**
 * A CSV file as a spreadsheet in Portuguese (Brazil) saves it, read into the ingestion API's rows: `;` as separator
 * (`,` when the header line has no `;`), an optional UTF-8 BOM, quoted cells with `""` for a quote, CRLF or LF lines.
 * The header names the fields by key (`codigo`) or by label (`Código*`, any case and accents); the columns `linha`
 * and `erros` of the refused-rows CSV this page downloads are left out, so a corrected file goes back as it is. An
 * empty cell is a field not sent; a line with every cell empty is skipped.
 */
export interface CsvRows {
  /** The fields of the columns, in order (null: a column left out). */
  campos: (string | null)[];
  /** Each data row with its line number in the file (the header is line 1). */
  linhas: { linhaArquivo: number; valores: Record<string, string> }[];
  /** Header cells that name no field of the entity. */
  desconhecidas: string[];
}

function splitRecords(text: string, separator: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === separator) {
      record.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || record.length) {
    record.push(cell);
    records.push(record);
  }
  return records;
}

const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/\*/g, '').trim().toLowerCase();

/** A field of the entity as the discovery describes it (`tipo` tells a spreadsheet's cell how to be written). */
export interface CampoTabela {
  campo: string;
  rotulo: string;
  tipo?: string;
}

/**
 * Reads a table (the first record is the header) against the entity's fields: the one header rule of the CSV and
 * the spreadsheet (.xlsx). `text` writes a cell as the field's text (a CSV's cells are text already; a spreadsheet's
 * numbers and dates are written by `sheet-import.ts`); the header's cells are given no field.
 */
export function readTable<C>(records: C[][], fields: CampoTabela[], text: (cell: C, field: CampoTabela | null) => string): CsvRows {
  const header = (records[0] ?? []).map((cell) => text(cell, null));
  const byName = new Map<string, CampoTabela>();
  for (const f of fields) {
    byName.set(plain(f.campo), f);
    byName.set(plain(f.rotulo), f);
  }
  const desconhecidas: string[] = [];
  const columns = header.map((cell) => {
    const name = plain(cell);
    if (name === 'linha' || name === 'erros' || name === '') return null;
    const field = byName.get(name);
    if (!field) desconhecidas.push(cell.trim());
    return field ?? null;
  });
  const linhas = records.slice(1).flatMap((cells, i) => {
    const valores: Record<string, string> = {};
    cells.forEach((cell, j) => {
      const field = columns[j];
      if (!field) return;
      const value = text(cell, field).trim();
      if (value !== '') valores[field.campo] = value;
    });
    return Object.keys(valores).length ? [{ linhaArquivo: i + 2, valores }] : [];
  });
  return { campos: columns.map((c) => c?.campo ?? null), linhas, desconhecidas };
}

/** Reads the file's text against the entity's fields (`{campo, rotulo}`). */
export function readCsv(text: string, fields: CampoTabela[]): CsvRows {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  return readTable(splitRecords(body, firstLine.includes(';') ? ';' : ','), fields, (cell) => cell);
}

/** An API reason "codigo: campo obrigatório não informado." with the field's label instead of its key. */
export function reasonByLabel(reason: string, fields: { campo: string; rotulo: string }[]): string {
  const m = /^([\w.]+): (.*)$/s.exec(reason);
  const field = m ? fields.find((f) => f.campo === m[1]) : undefined;
  return field && m ? `${field.rotulo.replace(/\*$/, '')}: ${m[2]}` : reason;
}
