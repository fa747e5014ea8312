import mongoose, { type Connection } from 'mongoose';
import { stackEnv } from '../../../../test/support/env';
import { createDocumentsStore, type DocumentsStore } from '../../src/store/documents-store';

/**
 * The turns that let one settler at a time act on an open cancellation claim (a client's retry, the
 * reconciliation, replicas), against the real FerretDB, racing calls at once.
 */
let db: Connection;
let store: DocumentsStore;

beforeAll(async () => {
  db = await mongoose.createConnection(stackEnv.mongodbUrl, { dbName: `fiscal_turns_${process.pid}` }).asPromise();
  store = await createDocumentsStore(db);
});
afterAll(async () => {
  await db.dropDatabase();
  await db.close();
});

const longeNoPassado = () => new Date(Date.now() - 60 * 60_000);

describe('fiscal-document - cancellation turns', () => {
  it('fiscal-document - of 12 settlers racing for the same claim exactly one gets the turn; the others get it only once it ended', async () => {
    const documentoId = `doc-${Date.now()}`;
    const turnos = await Promise.all(Array.from({ length: 12 }, () => store.claimCancellationTurn(documentoId, longeNoPassado(), new Date())));
    const vencedores = turnos.filter((t) => t !== null);
    expect(vencedores).toEqual([1]);
    expect(await store.claimCancellationTurn(documentoId, longeNoPassado(), new Date())).toBeNull();

    await store.endCancellationTurn(documentoId, 1);
    const seguintes = await Promise.all(Array.from({ length: 12 }, () => store.claimCancellationTurn(documentoId, longeNoPassado(), new Date())));
    expect(seguintes.filter((t) => t !== null)).toEqual([2]);
  });

  it('fiscal-document - a turn begun before the bound (its holder gone) is taken over by exactly one of the racing settlers', async () => {
    const documentoId = `doc-vencido-${Date.now()}`;
    expect(await store.claimCancellationTurn(documentoId, longeNoPassado(), new Date(Date.now() - 20 * 60_000))).toBe(1);
    const limite = new Date(Date.now() - 10 * 60_000);
    const turnos = await Promise.all(Array.from({ length: 12 }, () => store.claimCancellationTurn(documentoId, limite, new Date())));
    expect(turnos.filter((t) => t !== null)).toEqual([2]);
  });
});
