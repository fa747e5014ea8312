import { ReadCeiling } from '../../src/read-ceiling';

/** A read that finishes when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, read: () => opened.then(() => 'ok') };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const codeOf = (promise: Promise<unknown>) => promise.then(() => 'ok', (e: { codigo?: string }) => e.codigo);

describe('read ceiling - the expensive reads of one company wait for each other, not for everyone', () => {
  it('read ceiling - runs perCompany at once, queues waitingPerCompany, refuses the next at once', async () => {
    const ceiling = new ReadCeiling({ perCompany: 2, waitingPerCompany: 1, total: 10, maxWaitMs: 10_000 });
    const gates = [gate(), gate(), gate()];
    let started = 0;
    const runs = gates.map((g) => ceiling.run('a', () => ((started += 1), g.read())));
    await settle();
    expect(started).toBe(2);
    expect(await codeOf(ceiling.run('a', async () => 'x'))).toBe('CONSULTAS_SIMULTANEAS_DEMAIS');
    gates[0].open();
    await runs[0];
    await settle();
    expect(started).toBe(3);
    gates[1].open();
    gates[2].open();
    expect(await Promise.all(runs)).toEqual(['ok', 'ok', 'ok']);
  });

  it('read ceiling - another company starts at once while one is at its ceiling', async () => {
    const ceiling = new ReadCeiling({ perCompany: 1, waitingPerCompany: 5, total: 10, maxWaitMs: 10_000 });
    const busy = gate();
    const first = ceiling.run('a', busy.read);
    const queued = ceiling.run('a', async () => 'second');
    expect(await ceiling.run('b', async () => 'b at once')).toBe('b at once');
    busy.open();
    expect(await Promise.all([first, queued])).toEqual(['ok', 'second']);
  });

  it('read ceiling - the process-wide total holds across companies; a waiter gives up after maxWaitMs', async () => {
    const ceiling = new ReadCeiling({ perCompany: 5, waitingPerCompany: 5, total: 2, maxWaitMs: 50 });
    const gates = [gate(), gate()];
    const runs = [ceiling.run('a', gates[0].read), ceiling.run('b', gates[1].read)];
    expect(await codeOf(ceiling.run('c', async () => 'late'))).toBe('CONSULTAS_SIMULTANEAS_DEMAIS');
    gates.forEach((g) => g.open());
    await Promise.all(runs);
    expect(await ceiling.run('c', async () => 'now')).toBe('now');
  });

  it('read ceiling - a failing read frees its turn', async () => {
    const ceiling = new ReadCeiling({ perCompany: 1, waitingPerCompany: 0, total: 1, maxWaitMs: 10 });
    await expect(ceiling.run('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await ceiling.run('a', async () => 'free')).toBe('free');
  });
});
