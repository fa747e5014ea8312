import type { Logger } from './logger';
import { stopTelemetry } from './telemetry';

export type Stop = () => Promise<unknown>;

/**
 * Runs a service's wiring and turns SIGINT/SIGTERM into an orderly stop: the stops run in reverse order of
 * start (HTTP first so no new work arrives, then NATS drained, then the database), with a deadline so a
 * stuck connection cannot keep the process alive.
 */
export async function runService(log: Logger, start: () => Promise<Stop[]>): Promise<void> {
  let stops: Stop[] = [];
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    const deadline = setTimeout(() => {
      log.error('stop deadline passed; exiting');
      process.exit(1);
    }, 10_000);
    deadline.unref();
    for (const stop of [...stops].reverse()) {
      await stop().catch((error) => log.error({ err: error }, 'stop step failed'));
    }
    // The spans still buffered go out before the process does.
    await stopTelemetry().catch((error) => log.error({ err: error }, 'trace export at stop failed'));
    log.info('stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('unhandledRejection', (error) => log.error({ err: error }, 'unhandled rejection'));
  try {
    stops = await start();
  } catch (error) {
    log.fatal({ err: error }, 'start failed');
    process.exit(1);
  }
}
