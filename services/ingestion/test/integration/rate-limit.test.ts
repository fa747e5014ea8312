import type { Connection } from 'mongoose';
import { createRateLimiter, type RateLimiter } from '../../src/store/rate-limit';
import { log, openDb, unique } from './support';

let dbA: Connection;
let dbB: Connection;
const limiters: RateLimiter[] = [];

beforeAll(async () => {
  // Two connections, as two replicas of the service would have.
  [dbA, dbB] = await Promise.all([openDb(), openDb()]);
});
afterAll(async () => {
  for (const limiter of limiters) limiter.stop();
  await Promise.all([dbA.close(), dbB.close()]);
});

async function pair(perMinute: number): Promise<[RateLimiter, RateLimiter]> {
  const collection = unique('limites');
  const a = await createRateLimiter(dbA, { log, perMinute, collection });
  const b = await createRateLimiter(dbB, { log, perMinute, collection });
  limiters.push(a, b);
  return [a, b];
}

describe('rate limiter', () => {
  it('rate limiter - two replicas enforce one shared limit per origin, counting concurrent hits exactly', async () => {
    const [a, b] = await pair(60);
    const now = Date.now();
    const decisions = await Promise.all(Array.from({ length: 70 }, (_, i) => (i % 2 === 0 ? a : b).hit('token-1', now)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(60);
    expect(decisions.filter((d) => !d.allowed)).toHaveLength(10);
    expect(decisions.map((d) => d.remaining).sort((x, y) => x - y).slice(-1)).toEqual([59]);
    // Another origin has its own counter.
    expect((await b.hit('token-2', now)).allowed).toBe(true);
  });

  it('rate limiter - a new minute starts a new window; reset counts down to the window end', async () => {
    const [a, b] = await pair(2);
    const start = Math.floor(Date.now() / 60_000) * 60_000 + 45_000;
    expect((await a.hit('t', start)).allowed).toBe(true);
    expect((await b.hit('t', start)).allowed).toBe(true);
    const refused = await a.hit('t', start + 1_000);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, limit: 2, resetSeconds: 14 });
    expect((await b.hit('t', start + 15_000)).allowed).toBe(true);
  });
});
