import { CommonErrorCodes, Refusal } from '@erp/contracts';
import { MAX_PAGE_SIZE } from './graphql-limits';

/** Where a page ended: the sort instant (when the list sorts by one) and the id that breaks ties. */
export interface PagePosition {
  em?: Date;
  id: string;
}

export interface Page<I> {
  itens: I[];
  /** The cursor of the next page, or null on the last one. */
  proximo: string | null;
}

/**
 * The one page-size rule of every paged list (GraphQL `primeiros`, REST `?primeiros=`): 1 to the platform's
 * ceiling, which the GraphQL cost estimate also assumes. Anything else is refused, never clamped.
 */
export function pageSize(primeiros: unknown): number {
  if (typeof primeiros !== 'number' || !Number.isInteger(primeiros) || primeiros < 1 || primeiros > MAX_PAGE_SIZE) {
    throw new Refusal(CommonErrorCodes.PRIMEIROS_INVALIDO, `primeiros deve estar entre 1 e ${MAX_PAGE_SIZE}`);
  }
  return primeiros;
}

const MAX_CURSOR_LENGTH = 512;

/**
 * Opaque cursor: base64url JSON with the list's kind, so a cursor of one list is refused by another and a
 * hand-made one is refused rather than silently read as "from the start".
 */
export function encodeCursor(kind: string, position: PagePosition): string {
  const value = position.em ? { k: kind, t: position.em.getTime(), i: position.id } : { k: kind, i: position.id };
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

function badCursor(): Refusal {
  return new Refusal(CommonErrorCodes.CURSOR_INVALIDO, 'cursor "depois" inválido; use o valor de "proximo" de uma página desta mesma consulta');
}

/**
 * Reads a cursor `encodeCursor` made for the same `kind`; `withInstant` lists need its instant, and `isId` says
 * what an id of that list looks like. Anything else is CURSOR_INVALIDO.
 */
export function decodeCursor(kind: string, cursor: string, options: { withInstant: boolean; isId: (id: string) => boolean }): PagePosition {
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw badCursor();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw badCursor();
  const { k, t, i } = value as { k?: unknown; t?: unknown; i?: unknown };
  if (k !== kind || typeof i !== 'string' || !options.isId(i)) throw badCursor();
  if (!options.withInstant) return { id: i };
  if (typeof t !== 'number' || !Number.isFinite(t) || Number.isNaN(new Date(t).getTime())) throw badCursor();
  return { em: new Date(t), id: i };
}

/**
 * A page from `limit + 1` documents read: the extra one only tells that a next page exists, and the cursor is
 * the position of the last one shown.
 */
export function pageOf<D, I>(docs: readonly D[], limit: number, kind: string, view: (doc: D) => I, position: (doc: D) => PagePosition): Page<I> {
  const shown = docs.slice(0, limit);
  const last = shown[shown.length - 1];
  return { itens: shown.map(view), proximo: docs.length > limit && last !== undefined ? encodeCursor(kind, position(last)) : null };
}
