/**
 * What the end-to-end tests inject into a fiscal-document process, honoured only with NODE_ENV=test (the config
 * refuses them elsewhere): a clock moved by a fixed offset, and a point where the process exits at once.
 */

/** The instant the service and the local authorizer go by. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** The real time moved by `offsetMs` (a test's "25 hours later"), the same for every reader of the clock. */
export function offsetClock(offsetMs: number): Clock {
  return offsetMs === 0 ? systemClock : () => new Date(Date.now() + offsetMs);
}

/**
 * Where a crash test stops the process (exit code 86): after a cancellation is recorded and before its event
 * goes out; after a cancellation is claimed and before the authorizer is asked; after a number is taken and
 * before the document holds it; after the authorization is recorded and before its event goes out.
 */
export const FAULT_POINTS = ['exit-after-cancel-recorded', 'exit-after-cancel-claimed', 'exit-after-number-taken', 'exit-after-authorization-recorded'] as const;
export type FaultPoint = (typeof FAULT_POINTS)[number];
