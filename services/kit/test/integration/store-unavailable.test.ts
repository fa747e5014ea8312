import mongoose from 'mongoose';
import { isStoreUnavailable, retryWhileStoreUnavailable } from '../../src/mongo';

const { mongo } = mongoose;

describe('kit mongo - which failures are the store being unavailable (503), not ours (500)', () => {
  it('kit mongo - a broken connection, also under a bulk write, and FerretDB cancelling a command while it stops', () => {
    const network = new mongo.MongoNetworkError('connection 2 to 127.0.0.1:41333 closed');
    expect(isStoreUnavailable(network)).toBe(true);
    expect(isStoreUnavailable(new mongo.MongoBulkWriteError(network, {} as never))).toBe(true);
    // Seen in npm run chaos (a 500): a bulk write whose server could not be selected, wrapped the same way.
    const unselected = new mongo.MongoServerSelectionError('connection 2 to 127.0.0.1:46803 closed', {} as never);
    expect(isStoreUnavailable(new mongo.MongoBulkWriteError(unselected, {} as never))).toBe(true);
    expect(isStoreUnavailable(new mongo.MongoServerError({ code: 1, errmsg: '[msg_insert.go:168 handler.(*Handler).MsgInsert] context canceled', ok: 0 }))).toBe(true);
  });

  it('kit mongo - an operation whose client, server or pool was closed under it (the connection being opened again)', async () => {
    expect(isStoreUnavailable(new mongo.MongoClientClosedError())).toBe(true);
    expect(isStoreUnavailable(new mongo.MongoServerClosedError())).toBe(true);
    expect(isStoreUnavailable(new mongo.MongoNotConnectedError('Client must be connected before running operations'))).toBe(true);
    // The pool's own class (PoolClosedError) is not exported; it is a driver error named this way.
    class PoolClosed extends mongo.MongoDriverError {
      override get name(): string {
        return 'MongoPoolClosedError';
      }
    }
    expect(isStoreUnavailable(new PoolClosed('Attempted to check out a connection from closed connection pool'))).toBe(true);
    expect(isStoreUnavailable(new mongo.MongoDriverError('something else'))).toBe(false);
  });

  it('kit mongo - a query left in mongoose\'s buffer while the connection is opened again', async () => {
    // A connection never opened buffers every query, then gives up as one being reopened does.
    const closed = mongoose.createConnection();
    // mongoose reads the collection's own `bufferTimeoutMS`, which its option type does not list.
    const options = { bufferTimeoutMS: 50 } as Parameters<typeof closed.collection>[1];
    const error: unknown = await closed.collection('x', options).findOne({}).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(mongoose.Error);
    expect(isStoreUnavailable(error)).toBe(true);
    expect(isStoreUnavailable(new mongoose.Error('Cast to ObjectId failed'))).toBe(false);
  });

  it('kit mongo - a refused write or another server error stays ours', () => {
    expect(isStoreUnavailable(new mongo.MongoBulkWriteError({ message: 'E11000 duplicate key', code: 11000, writeErrors: [] }, {} as never))).toBe(false);
    expect(isStoreUnavailable(new mongo.MongoServerError({ code: 1, errmsg: 'something else broke', ok: 0 }))).toBe(false);
    expect(isStoreUnavailable(new mongo.MongoServerError({ code: 2, errmsg: 'context canceled', ok: 0 }))).toBe(false);
    expect(isStoreUnavailable(new Error('connection closed'))).toBe(false);
  });
});

describe('kit mongo - retryWhileStoreUnavailable: work begun is resumed while the store comes back', () => {
  const cut = () => new mongo.MongoNetworkError('connection 7 to 127.0.0.1:41333 closed');

  it('kit mongo - runs the operation again after each unavailable store until it succeeds', async () => {
    const failures = [cut(), cut()];
    const seen: unknown[] = [];
    let calls = 0;
    const value = await retryWhileStoreUnavailable(
      async () => {
        calls += 1;
        const failure = failures.shift();
        if (failure) throw failure;
        return 'gravado';
      },
      Date.now() + 10_000,
      (error) => seen.push(error),
    );
    expect(value).toBe('gravado');
    expect(calls).toBe(3);
    expect(seen).toHaveLength(2);
  });

  it('kit mongo - another failure goes through at once, and past the deadline the last store failure does', async () => {
    let calls = 0;
    const refused = new mongo.MongoServerError({ code: 2, errmsg: 'BadValue', ok: 0 });
    await expect(retryWhileStoreUnavailable(async () => { calls += 1; throw refused; }, Date.now() + 10_000)).rejects.toBe(refused);
    expect(calls).toBe(1);

    calls = 0;
    await expect(retryWhileStoreUnavailable(async () => { calls += 1; throw cut(); }, Date.now() + 1_000)).rejects.toBeInstanceOf(mongo.MongoNetworkError);
    // Pauses of 200, 400 and then 800 ms: a fourth call would start past the deadline.
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(calls).toBeLessThanOrEqual(3);
  });
});
