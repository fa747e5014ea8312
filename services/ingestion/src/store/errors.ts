/** The server refused a write because a unique index already holds the value (same code on MongoDB and FerretDB). */
export function isDuplicateKeyError(error: unknown): boolean {
  return (error as { code?: number } | null)?.code === 11000;
}
