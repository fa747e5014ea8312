import type { Connection } from 'mongoose';
import { claimOnce, isDuplicateKey } from '../../src';
import { openDb, unique } from './support';

let db: Connection;
beforeAll(async () => {
  db = await openDb();
});
afterAll(() => db.close());

describe('claimOnce', () => {
  test('claimOnce - of 20 racing claims of one id exactly one wins, and the stored document is the winner\'s', async () => {
    const collection = db.collection<{ _id: string; by: number }>(unique('claims'));
    for (let round = 0; round < 5; round += 1) {
      const id = `round-${round}`;
      const results = await Promise.all(Array.from({ length: 20 }, (_, by) => claimOnce(collection, { _id: id, by })));
      expect(results.filter(Boolean)).toHaveLength(1);
      const stored = await collection.findOne({ _id: id });
      expect(stored?.by).toBe(results.indexOf(true));
    }
  });

  test('claimOnce - different ids are all claimed; only a duplicate key counts as "taken"', async () => {
    const collection = db.collection<{ _id: string }>(unique('claims'));
    const results = await Promise.all(['a', 'b', 'c'].map((_id) => claimOnce(collection, { _id })));
    expect(results).toEqual([true, true, true]);
    expect(await claimOnce(collection, { _id: 'a' })).toBe(false);
    expect(isDuplicateKey({ code: 11000 })).toBe(true);
    expect(isDuplicateKey({ code: 2 })).toBe(false);
    expect(isDuplicateKey(null)).toBe(false);
  });
});
