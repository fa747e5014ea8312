import type { Connection } from 'mongoose';

/** A time limit no default has: a command carrying it was sent by a store told to use it. */
export const LIMIT = 4_321;

/**
 * Watches the read commands a connection opened with `monitorCommands: true` sends (command monitoring, on the
 * real store) and returns `limitsOf(work)`: the `maxTimeMS` each read command of `work` carried. A timing-free
 * check of the query-time limits: racing a 1 ms limit against the store was met now and then on a loaded machine.
 */
export function watchReadLimits(db: Connection): (work: () => Promise<unknown>) => Promise<unknown[]> {
  const sent: Record<string, unknown>[] = [];
  db.getClient().on('commandStarted', (event) => {
    if (['find', 'count', 'aggregate'].includes(event.commandName)) sent.push(event.command);
  });
  return async (work) => {
    sent.length = 0;
    await work();
    return sent.map((command) => command.maxTimeMS);
  };
}
