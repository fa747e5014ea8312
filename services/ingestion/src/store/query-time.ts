/** `maxTimeMS` of each query a client's request runs, unless the store is told otherwise. */
export const DEFAULT_QUERY_MAX_TIME_MS = 5_000;
