import { RESERVED_FIELDS, type RecordDoc } from '../../store/records';

/** What a row decides about a record: its values and, under `vinculos`, the ids of the references found. */
export type Content = Record<string, unknown>;

const RESERVED = new Set<string>(RESERVED_FIELDS.filter((name) => name !== 'vinculos'));

/** The content of a stored record: its values and `vinculos`, without the store's bookkeeping fields. */
export function storedContent(doc: RecordDoc): Content {
  const content: Content = {};
  for (const [campo, value] of Object.entries(doc)) if (!RESERVED.has(campo)) content[campo] = value;
  return content;
}

/** The content a valid row would store: its values, plus `vinculos` when a reference was found. */
export function rowContent(valores: Record<string, unknown>, vinculos: Record<string, string>): Content {
  return Object.keys(vinculos).length > 0 ? { ...valores, vinculos } : { ...valores };
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
