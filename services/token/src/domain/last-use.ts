/**
 * Whether an authentication at `now` should be written as the token's last use. Written at most once per
 * `granularityMs`: a token used a thousand times a minute costs one write, not a thousand.
 */
export function shouldRecordUse(ultimoUsoEm: Date | null, now: Date, granularityMs: number): boolean {
  return ultimoUsoEm === null || now.getTime() - ultimoUsoEm.getTime() >= granularityMs;
}
