/** Keys that never leave the request: prototype tricks and anything that looks like a credential. */
const DROPPED_KEY = /^(__proto__|constructor|prototype)$/;
const SECRET_KEY = /senha|password|passwd|secret|segredo|token|authorization|api[_-]?key|credencial/i;
const MAX_TEXT = 500;
const MAX_JSON = 4_000;

function clean(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 3) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => clean(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).slice(0, 100)) {
    if (DROPPED_KEY.test(key)) continue;
    out[key] = SECRET_KEY.test(key) ? '[removido]' : clean((value as Record<string, unknown>)[key], depth + 1);
  }
  return out;
}

/**
 * The original values of a refused row as JSON text, so an integrator can fix and resend it. Kept as text,
 * not as a document: keys such as `$where` or `a.b` are then just characters and can never act on storage.
 * Values under credential-like keys are replaced, long texts cut, and the whole bounded in size.
 */
export function refusedRowValues(raw: unknown): string {
  const text = JSON.stringify(clean(raw, 0)) ?? 'null';
  return text.length > MAX_JSON ? `${text.slice(0, MAX_JSON)}…` : text;
}
