import { randomBytes } from 'node:crypto';
import { sha256Hex, TOKEN_VALUE_PREFIX } from '@erp/contracts';

/** 32 random bytes = 256 bits: guessing is hopeless, and base64url keeps the value header- and URL-safe. */
const RANDOM_BYTES = 32;

/**
 * Leading characters kept in clear so an administrator can tell tokens apart (`ing_` + 8 characters).
 * 8 base64url characters carry 48 bits: enough to tell a company's tokens apart, far too few to help a guess.
 */
export const PREFIX_LENGTH = TOKEN_VALUE_PREFIX.length + 8;

/** A new token value. It exists only in the response that creates the token; it is never stored. */
export function generateTokenValue(): string {
  return TOKEN_VALUE_PREFIX + randomBytes(RANDOM_BYTES).toString('base64url');
}

/** SHA-256 hex of the value: what is stored and what other services send to identify a token. */
export function digestOf(value: string): string {
  return sha256Hex(value);
}

export function prefixOf(value: string): string {
  return value.slice(0, PREFIX_LENGTH);
}
