import { createHash } from 'node:crypto';
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

/**
 * A value as text that tells every type apart (a date from a number or a text, a text from a number), with an
 * object's fields in name order, so equal contents give one text however their fields were ordered. Written out
 * by hand: it runs for every row of a batch.
 */
function canonical(value: unknown): string {
  if (value === null || value === undefined) return 'z';
  if (value instanceof Date) return `d${value.getTime()}`;
  if (typeof value === 'string') return `s${JSON.stringify(value)}`;
  if (typeof value === 'number') return `n${value}`;
  if (typeof value === 'boolean') return value ? 'T' : 'F';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const fields = value as Record<string, unknown>;
    return `{${Object.keys(fields).sort().map((campo) => `${JSON.stringify(campo)}:${canonical(fields[campo])}`).join(',')}}`;
  }
  if (typeof value === 'bigint') return `i${value.toString()}`;
  // A symbol or a function never comes out of a JSON row.
  return `?${typeof value}`;
}

/** Version of the digest's form: a record whose digest was made another way is simply seen as changed once. */
const DIGEST_FORM = 'c1';

/**
 * The digest of a content, stored on each record (`hashConteudo`) so that a batch decides "unchanged" from the
 * digest alone, without reading the stored values (`docs/ingestion.md`, "Storage"). An absent field and a null one
 * are the same content (a row's empty field is omitted); values of different types always differ.
 */
export function contentDigest(content: Content): string {
  const present = Object.keys(content).filter((campo) => content[campo] !== null && content[campo] !== undefined);
  const text = present.sort().map((campo) => `${JSON.stringify(campo)}:${canonical(content[campo])}`).join(',');
  return createHash('sha256').update(DIGEST_FORM).update(text).digest('base64url');
}
