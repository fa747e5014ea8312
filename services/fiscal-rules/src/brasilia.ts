/**
 * Brasília time, the clock of every fiscal date (dhEmi, AAMM of the key, competence, deadlines, due dates):
 * UTC-3 all year since daylight saving was abolished (Decreto 9.772/2019, from 2019). Computed here once; a
 * date before 2019 in daylight saving time is not a fiscal date this platform issues.
 */
export const BRASILIA_OFFSET_MS = -3 * 3_600_000;

/** A `Date` whose UTC fields read as Brasília's wall clock at `instante` (for reading year, month, day, hour). */
export function relogioBrasilia(instante: Date): Date {
  return new Date(instante.getTime() + BRASILIA_OFFSET_MS);
}

/** `AAAA-MM-DD` of the day in Brasília at `instante`. */
export function dataBrasilia(instante: Date): string {
  return relogioBrasilia(instante).toISOString().slice(0, 10);
}

/** `AAAA-MM-DDThh:mm:ss-03:00`: the instant in Brasília time, whole seconds, as SEFAZ's `TDateTimeUTC` writes it. */
export function dataHoraBrasilia(instante: Date): string {
  const local = relogioBrasilia(new Date(Math.floor(instante.getTime() / 1000) * 1000));
  return `${local.toISOString().slice(0, 19)}-03:00`;
}

/** Year and month (1-12) in Brasília at `instante`. */
export function anoMesBrasilia(instante: Date): { ano: number; mes: number } {
  const local = relogioBrasilia(instante);
  return { ano: local.getUTCFullYear(), mes: local.getUTCMonth() + 1 };
}

/**
 * The instant a Brasília wall-clock time happens: `mes` 1-12 (13 is January of the next year, as `Date.UTC`
 * rolls over), day, hour, minute, second and millisecond.
 */
export function instanteBrasilia(ano: number, mes: number, dia: number, hora = 0, minuto = 0, segundo = 0, ms = 0): Date {
  return new Date(Date.UTC(ano, mes - 1, dia, hora, minuto, segundo, ms) - BRASILIA_OFFSET_MS);
}
