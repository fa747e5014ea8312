/**
 * The e-mail rule of the platform (the token service's user directory and the ingestion rows agree on it):
 * one `@`, no spaces, a domain of at least two non-empty dot-separated labels, at most 254 characters.
 * A shape check only: deliverability is not ours to prove.
 */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export const EMAIL_MAX_LENGTH = 254;

/** E-mails are compared without case everywhere (directory, look-ups from ingestion). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isEmail(text: string): boolean {
  return text.length <= EMAIL_MAX_LENGTH && EMAIL.test(text);
}
