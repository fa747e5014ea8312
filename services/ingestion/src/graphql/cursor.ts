/**
 * Opaque page cursors: base64url JSON with a kind tag, so a cursor of one list is refused by another and a
 * hand-made one is refused rather than silently read as "from the start".
 */
export function encodeCursor(kind: string, position: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify({ k: kind, ...position }), 'utf8').toString('base64url');
}

export function decodeCursor(kind: string, cursor: string): Record<string, unknown> | null {
  if (cursor.length > 512 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
    return (value as { k?: unknown }).k === kind ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
