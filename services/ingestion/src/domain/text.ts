/**
 * Text helpers shared by the row rules. Every regular expression is compiled once, here, at load time:
 * the validator runs per row and must not allocate more than it needs.
 */
const COMBINING_MARKS = /[\u0300-\u036f]/g;
const SEPARATORS = /[\s_\-.]+/g;
const NON_ALPHANUMERIC = /[^a-z0-9]/g;
const ASCII_ONLY = /^[\x20-\x7e]*$/;

/**
 * Comparison form of a word typed by a person: no accents, lower case, runs of spaces, `_`, `-` and `.`
 * collapsed into one space. "Em Análise", "em_analise" and "EM-ANALISE" all become "em analise".
 */
export function normalizar(value: string): string {
  const plain = ASCII_ONLY.test(value) ? value : value.normalize('NFD').replace(COMBINING_MARKS, '');
  return plain.toLowerCase().replace(SEPARATORS, ' ').trim();
}

/** Looser form used only to recognise a label or a mis-cased field name sent as a key ("Data de detecção*"). */
export function formaCompacta(value: string): string {
  return normalizar(value).replace(NON_ALPHANUMERIC, '');
}

const MAX_ECHO = 60;

/** A client value quoted back in a message, cut short so a huge value never bloats a response. */
export function citar(value: string): string {
  const cut = value.length > MAX_ECHO ? `${value.slice(0, MAX_ECHO)}...` : value;
  return JSON.stringify(cut);
}

/** Portuguese name of what a client sent, for "wrong type" messages. */
export function nomeDoTipo(value: unknown): string {
  if (value === null) return 'nulo';
  if (Array.isArray(value)) return 'lista';
  switch (typeof value) {
    case 'string':
      return 'texto';
    case 'number':
      return 'número';
    case 'boolean':
      return 'booleano';
    case 'object':
      return 'objeto';
    default:
      return typeof value;
  }
}
