import { createHash } from 'node:crypto';

/**
 * SHA-256 of a text, hex. The one digest of the platform: token values are stored and sent over
 * `token.v1.authenticate` only as this digest, and request fingerprints (idempotency) use it too.
 */
export function sha256Hex(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}
