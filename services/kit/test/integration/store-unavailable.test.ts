import mongoose from 'mongoose';
import { isStoreUnavailable } from '../../src/mongo';

const { mongo } = mongoose;

describe('kit mongo - which failures are the store being unavailable (503), not ours (500)', () => {
  it('kit mongo - a broken connection, also under a bulk write, and FerretDB cancelling a command while it stops', () => {
    const network = new mongo.MongoNetworkError('connection 2 to 127.0.0.1:41333 closed');
    expect(isStoreUnavailable(network)).toBe(true);
    expect(isStoreUnavailable(new mongo.MongoBulkWriteError(network, {} as never))).toBe(true);
    expect(isStoreUnavailable(new mongo.MongoServerError({ code: 1, errmsg: '[msg_insert.go:168 handler.(*Handler).MsgInsert] context canceled', ok: 0 }))).toBe(true);
  });

  it('kit mongo - a refused write or another server error stays ours', () => {
    expect(isStoreUnavailable(new mongo.MongoBulkWriteError({ message: 'E11000 duplicate key', code: 11000, writeErrors: [] }, {} as never))).toBe(false);
    expect(isStoreUnavailable(new mongo.MongoServerError({ code: 1, errmsg: 'something else broke', ok: 0 }))).toBe(false);
    expect(isStoreUnavailable(new mongo.MongoServerError({ code: 2, errmsg: 'context canceled', ok: 0 }))).toBe(false);
    expect(isStoreUnavailable(new Error('connection closed'))).toBe(false);
  });
});
