import { RESERVED_FIELDS, type RecordDoc } from '../store/records';

/** What a row decides about a record: its values and, under `vinculos`, the ids of the references found. */
export type Content = Record<string, unknown>;

const RESERVED = new Set<string>(RESERVED_FIELDS.filter((name) => name !== 'vinculos'));

export function contentOf(source: RecordDoc): Content;
export function contentOf(valores: Record<string, unknown>, vinculos: Record<string, string>): Content;
export function contentOf(source: Record<string, unknown>, vinculos?: Record<string, string>): Content {
  if (vinculos === undefined) {
    const content: Content = {};
    for (const [campo, value] of Object.entries(source)) if (!RESERVED.has(campo)) content[campo] = value;
    return content;
  }
  return Object.keys(vinculos).length > 0 ? { ...source, vinculos } : { ...source };
}

function comparable(value: unknown): unknown {
  if (value instanceof Date) return `D${value.getTime()}`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return JSON.stringify(entries.map(([k, v]) => [k, comparable(v)]));
  }
  return value;
}

/** True when storing `next` over `current` would change nothing (an absent field equals null). */
export function sameContent(current: Content, next: Content): boolean {
  for (const campo of new Set([...Object.keys(current), ...Object.keys(next)])) {
    const a = current[campo] ?? null;
    const b = next[campo] ?? null;
    if (comparable(a) !== comparable(b)) return false;
  }
  return true;
}
