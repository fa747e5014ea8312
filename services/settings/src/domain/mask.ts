/** A value that is only bullets is a mask a UI sent back, never a new password. */
export function isMask(valor: string): boolean {
  return /^•+$/u.test(valor);
}
