/**
 * The instant a service goes by. Every use case and job takes one, so a test can run a replica "25 hours later"
 * without rewriting stored dates; production passes `systemClock`.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** The real time moved by `offsetMs` (tests only), the same for every reader of the clock. */
export function offsetClock(offsetMs: number): Clock {
  return offsetMs === 0 ? systemClock : () => new Date(Date.now() + offsetMs);
}
