import type { Connection } from 'mongoose';
import { createIdempotencyStore, type IdempotencyStore } from '../../src/store/idempotency';
import { log, openDb, unique } from './support';

let db: Connection;
let store: IdempotencyStore;
beforeAll(async () => {
  db = await openDb();
  store = await createIdempotencyStore(db, { log, retentionMs: 3_600_000, collection: unique('idem_lease'), leaseMs: 300 });
});
afterAll(async () => {
  store.stop();
  await db.dropDatabase();
  await db.close();
});

describe('idempotency - a key left in progress by a dead request', () => {
  it('idempotency - is in use during its lease, then the same request takes it over; another body still may not', async () => {
    const token = unique('tok');
    expect(await store.claim(token, 'k1', 'body-a')).toEqual({ kind: 'new' });
    // The process died here: neither complete nor release.
    expect(await store.claim(token, 'k1', 'body-a')).toEqual({ kind: 'in-progress' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await store.claim(token, 'k1', 'body-b')).toEqual({ kind: 'reused' });
    expect(await store.claim(token, 'k1', 'body-a')).toEqual({ kind: 'new' });
    await store.complete(token, 'k1', 200, '{"ok":true}');
    await new Promise((resolve) => setTimeout(resolve, 400));
    // A completed key is replayed for its whole retention, lease or not.
    expect(await store.claim(token, 'k1', 'body-a')).toEqual({ kind: 'replay', status: 200, body: '{"ok":true}' });
  });
});
