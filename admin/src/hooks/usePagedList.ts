import { useCallback, useEffect, useRef, useState } from 'react';

/** One page of a list the graph serves with a cursor (`itens`, `proximo`). */
export interface Page<T> {
  itens: T[];
  proximo: string | null;
}

export interface PagedList<T> {
  /** Null until the first page of the current query has come. */
  items: T[] | null;
  /** The cursor of the next page; null when there is none. */
  next: string | null;
  /** Why the last read failed; null after a read that worked. */
  error: unknown;
  /** The first page again (the list replaced). */
  reload: () => Promise<void>;
  /** The next page, appended. */
  loadMore: () => Promise<void>;
  setItems: (update: (items: T[] | null) => T[] | null) => void;
}

/**
 * A list read page by page. A new `fetchPage` (its filters changed) reads the first page again, the list emptied
 * first when `clearOnNewQuery`. Only the answer to the latest read is shown: one that comes after a newer read was
 * asked for (a filter changed again, "Atualizar" pressed) is dropped, so the list never shows another filter's rows.
 */
export function usePagedList<T>(fetchPage: (after: string | null) => Promise<Page<T>>, options: { clearOnNewQuery?: boolean } = {}): PagedList<T> {
  const [items, setItems] = useState<T[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const latest = useRef(0);
  const clearOnNewQuery = options.clearOnNewQuery ?? false;

  const read = useCallback(
    async (after: string | null) => {
      const ticket = ++latest.current;
      try {
        const page = await fetchPage(after);
        if (ticket !== latest.current) return;
        setItems((current) => (after ? [...(current ?? []), ...page.itens] : page.itens));
        setNext(page.proximo);
        setError(null);
      } catch (e) {
        if (ticket === latest.current) setError(e);
      }
    },
    [fetchPage],
  );

  useEffect(() => {
    if (clearOnNewQuery) setItems(null);
    void read(null);
  }, [read, clearOnNewQuery]);

  return {
    items,
    next,
    error,
    reload: () => read(null),
    loadMore: () => (next ? read(next) : Promise.resolve()),
    setItems,
  };
}
