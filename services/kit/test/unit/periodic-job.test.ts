import pino from 'pino';
import { startPeriodicJob } from '../../src/periodic-job';

const log = pino({ level: 'silent' });

describe('periodic job - one pass at a time', () => {
  test('periodic job - runNow while a pass runs joins it; stop waits for it and starts no other', async () => {
    let passes = 0;
    let release!: () => void;
    const job = startPeriodicJob({
      name: 'teste',
      intervalMs: 60_000,
      log,
      run: async () => {
        passes += 1;
        await new Promise<void>((r) => (release = r));
      },
    });
    const first = job.runNow();
    const joined = job.runNow();
    expect(job.phase()).toBe('running');
    expect(passes).toBe(1);
    const stopped = job.stop();
    expect(job.phase()).toBe('stopping');
    release();
    await Promise.all([first, joined, stopped]);
    await job.runNow();
    expect(passes).toBe(1);
  });

  test('periodic job - a failing pass is logged and the next one runs', async () => {
    let passes = 0;
    const job = startPeriodicJob({
      name: 'teste',
      intervalMs: 60_000,
      log,
      run: async () => {
        passes += 1;
        if (passes === 1) throw new Error('falhou');
      },
    });
    await job.runNow();
    expect(job.phase()).toBe('idle');
    await job.runNow();
    expect(passes).toBe(2);
    await job.stop();
  });

  test('periodic job - the pass reads stopping() to end early', async () => {
    const vistos: boolean[] = [];
    let release!: () => void;
    const job = startPeriodicJob({
      name: 'teste',
      intervalMs: 60_000,
      log,
      run: async (stopping) => {
        vistos.push(stopping());
        await new Promise<void>((r) => (release = r));
        vistos.push(stopping());
      },
    });
    const pass = job.runNow();
    const stopped = job.stop();
    release();
    await Promise.all([pass, stopped]);
    expect(vistos).toEqual([false, true]);
  });
});
