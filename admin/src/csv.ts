/**
 * Refused rows as CSV to fix and resend: one line per refused row, `linha` and `erros` first, then one column per
 * field key (`campo`, the JSON key of the rows) found in any row. Separator `;` and a UTF-8 BOM, which is what a
 * spreadsheet set to Portuguese (Brazil) opens without asking.
 */
export interface LinhaRecusada {
  linha: number;
  valores: string;
  erros: string[];
}

/** A plain signed number (`-12.5`, `+3`, `-1.234,56`): a spreadsheet reads it as the number it is, no formula. */
const NUMERO_COM_SINAL = /^[+-]\d[\d.,]*$/;

/**
 * A cell a spreadsheet would run as a formula (CSV injection): it starts with `=` or `@`, a tab or a carriage return,
 * or a sign followed by anything but a number. Such a cell is prefixed with an apostrophe; a negative number is not,
 * so `-12.5` comes back as sent.
 */
export function pareceFormula(texto: string): boolean {
  if (/^[=@\t\r]/.test(texto)) return true;
  return /^[+-]/.test(texto) && !NUMERO_COM_SINAL.test(texto);
}

function celula(valor: unknown): string {
  let texto: string;
  if (valor === null || valor === undefined) texto = '';
  else if (typeof valor === 'string') texto = valor;
  else if (typeof valor === 'number' || typeof valor === 'boolean') texto = String(valor);
  else texto = JSON.stringify(valor);
  if (pareceFormula(texto)) texto = `'${texto}`;
  return /[;"\r\n]/.test(texto) ? `"${texto.replace(/"/g, '""')}"` : texto;
}

function valoresDe(linha: LinhaRecusada): Record<string, unknown> {
  try {
    const lido = JSON.parse(linha.valores) as unknown;
    return typeof lido === 'object' && lido !== null && !Array.isArray(lido) ? (lido as Record<string, unknown>) : { valores: lido };
  } catch {
    return { valores: linha.valores };
  }
}

export function linhasRecusadasCsv(linhas: LinhaRecusada[]): string {
  const valores = linhas.map(valoresDe);
  const campos: string[] = [];
  for (const v of valores) for (const chave of Object.keys(v)) if (!campos.includes(chave)) campos.push(chave);
  const cabecalho = ['linha', 'erros', ...campos].map(celula).join(';');
  const corpo = linhas.map((l, i) => [l.linha, l.erros.join(' | '), ...campos.map((c) => valores[i][c])].map(celula).join(';'));
  return '\uFEFF' + [cabecalho, ...corpo].join('\r\n') + '\r\n';
}

export function valoresLegiveis(linha: LinhaRecusada): [string, string][] {
  return Object.entries(valoresDe(linha)).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]);
}
