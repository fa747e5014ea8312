import type { Collection } from 'mongoose';
import { startPeriodicJob, type Logger } from '@erp/kit';

/**
 * Removes documents once their `expiraEm` has passed: by a TTL index where the server has them (MongoDB) and
 * by a periodic sweep everywhere (FerretDB 1.24 has no TTL indexes). Returns what stops the sweep.
 */
export async function expireByDate<T extends { expiraEm: Date }>(
  collection: Collection<T>,
  options: { log: Logger; what: string; everyMs: number },
): Promise<() => void> {
  const { log, what, everyMs } = options;
  await collection.createIndex({ expiraEm: 1 }, { expireAfterSeconds: 0 }).catch(() => {
    log.debug(`TTL indexes unavailable; expired ${what} are swept periodically`);
  });
  const sweep = startPeriodicJob({
    name: `${what} sweep`,
    intervalMs: everyMs,
    log,
    run: async () => {
      await collection.deleteMany({ expiraEm: { $lt: new Date() } } as Parameters<Collection<T>['deleteMany']>[0]);
    },
  });
  return () => void sweep.stop();
}
