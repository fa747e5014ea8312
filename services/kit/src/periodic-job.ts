import type { Logger } from './logger';

/** `running`: a pass is under way; `stopping`: `stop` was called and waits for the pass to end. */
export type JobPhase = 'idle' | 'running' | 'stopping';

export interface PeriodicJob {
  readonly phase: () => JobPhase;
  /** Runs a pass now, or joins the one under way (one pass at a time, never two). */
  runNow: () => Promise<void>;
  /** No pass starts after this; resolves once the pass under way has ended. */
  stop: () => Promise<void>;
}

/**
 * A background job run every `intervalMs`, single-flight: a tick that finds a pass under way is skipped. A pass
 * that fails is logged and the next tick tries again. `firstRunAfterMs` runs the first pass soon after start
 * rather than a whole interval later (a restart never delays what is due). The pass reads `stopping()` to end
 * early between units of work.
 */
export function startPeriodicJob(options: {
  name: string;
  intervalMs: number;
  firstRunAfterMs?: number;
  log: Logger;
  run: (stopping: () => boolean) => Promise<void>;
}): PeriodicJob {
  let phase: JobPhase = 'idle';
  let current: Promise<void> | null = null;
  const stopping = () => phase === 'stopping';

  const runNow = (): Promise<void> => {
    if (current) return current;
    if (phase === 'stopping') return Promise.resolve();
    phase = 'running';
    current = options
      .run(stopping)
      .catch((error) => options.log.warn({ err: error, job: options.name }, 'job pass failed; the next pass tries again'))
      .finally(() => {
        current = null;
        if (phase === 'running') phase = 'idle';
      });
    return current;
  };

  const timer = setInterval(() => void runNow(), options.intervalMs);
  timer.unref();
  const first = options.firstRunAfterMs === undefined ? null : setTimeout(() => void runNow(), options.firstRunAfterMs);
  first?.unref();

  return {
    phase: () => phase,
    runNow,
    stop: async () => {
      phase = 'stopping';
      clearInterval(timer);
      if (first) clearTimeout(first);
      await current;
    },
  };
}
