/**
 * Where a crash test stops the process (exit code 86), honoured only with NODE_ENV=test (the config refuses it
 * elsewhere): after a cancellation is recorded and before its event goes out; after a cancellation is claimed and
 * before the authorizer is asked; after a number is taken and before the document holds it; after the
 * authorization is recorded and before its event goes out. (The tests' moved clock is the kit's `offsetClock`.)
 */
export const FAULT_POINTS = ['exit-after-cancel-recorded', 'exit-after-cancel-claimed', 'exit-after-number-taken', 'exit-after-authorization-recorded'] as const;
export type FaultPoint = (typeof FAULT_POINTS)[number];
