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
 * A value in a form that tells every type apart (a date from a number or a text, a text from a number), with an
 * object's fields in name order, so equal contents give one text however their fields were ordered.
 */
function tagged(value: unknown): unknown {
  if (value === null || value === undefined) return ['z'];
  if (value instanceof Date) return ['d', value.getTime()];
  if (Array.isArray(value)) return ['a', value.map(tagged)];
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return ['o', entries.map(([campo, inner]) => [campo, tagged(inner)])];
  }
  return [(typeof value)[0], value];
}

/** Version of the digest's form: a record whose digest was made another way is simply seen as changed once. */
const DIGEST_FORM = 'c1';

/**
 * The digest of a content, stored on each record (`hashConteudo`) so that a batch decides "unchanged" from the
 * digest alone, without reading the stored values (`docs/ingestion.md`, "Storage"). An absent field and a null one
 * are the same content (a row's empty field is omitted); values of different types always differ.
 */
export function contentDigest(content: Content): string {
  const present = Object.entries(content).filter(([, value]) => value !== null && value !== undefined);
  return createHash('sha256').update(DIGEST_FORM).update(JSON.stringify(tagged(Object.fromEntries(present)))).digest('base64url');
}
