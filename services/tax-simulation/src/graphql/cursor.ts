import { isSimulationId } from '../app/simulation-service';
import type { PagePosition } from '../store/simulation-store';

const KIND = 'simulacao';

/**
 * Opaque page cursors: base64url JSON with a kind tag, so a hand-made or foreign cursor is refused rather than
 * silently read as "from the start".
 */
export function encodeCursor(position: PagePosition): string {
  return Buffer.from(JSON.stringify({ k: KIND, t: position.criadaEm.getTime(), i: position.id }), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): PagePosition | null {
  if (cursor.length > 512 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { k?: unknown; t?: unknown; i?: unknown } | null;
    if (value === null || typeof value !== 'object' || value.k !== KIND) return null;
    if (typeof value.t !== 'number' || !Number.isFinite(value.t) || typeof value.i !== 'string' || !isSimulationId(value.i)) return null;
    return { criadaEm: new Date(value.t), id: value.i };
  } catch {
    return null;
  }
}
