import type { IngestionEntity, TokenIdentity } from '@erp/contracts';
import type { Logger } from '@erp/kit';
import { isDuplicateKey, retryWhileStoreUnavailable } from '@erp/kit';
import { recordIdFromHex, type RecordStore } from '../../store/records';
import { sameContent } from './content';
import { joinAvisos, type KeyState } from './decide-row';

const GENERIC_WRITE_FAILURE = 'não foi possível gravar esta linha; reenvie-a (em UPSERT o reenvio é seguro)';

/** How many times a batch's writes are re-sent after conflicts with concurrent writers before giving up on a row. */
const WRITE_ATTEMPTS = 5;

/** Where and as which batch the records are written. */
interface WriteContext {
  records: RecordStore;
  log: Logger;
  entidade: IngestionEntity;
  companyId: string;
  loteId: string;
  now: Date;
  /** Until when (epoch ms) a write or read the store failed midway is tried again (each is safe to repeat). */
  until: number;
}

interface PendingWrite {
  chave: string;
  state: KeyState;
  /** True while the operation may insert the record with our id. */
  creates: boolean;
  operation: Record<string, unknown>;
}

/** Writes one operation per key of the batch; returns `linha` -> error for the rows that could not be written. */
export function writeRecords(
  context: WriteContext,
  modo: TokenIdentity['modo'],
  keys: Map<string, KeyState>,
): Promise<Map<number, string>> {
  return modo === 'UPSERT' ? writeUpserts(context, keys) : writeInserts(context, keys);
}

/** The id now stored under each key these writes meant to create (one query). */
function storedIds(context: WriteContext, creating: PendingWrite[]): Promise<Map<string, string>> {
  return resuming(context, () => context.records.idsByKeys(context.entidade, context.companyId, creating.map((write) => write.chave)));
}

/**
 * A store call of a batch already being written, run again while the store is unavailable (see `until`).
 * Sending a bulk write again is safe: an upsert sets the same values, and an insert that ran comes back as a
 * duplicate of our own id, which the read-back below recognises.
 */
function resuming<T>(context: WriteContext, operation: () => Promise<T>): Promise<T> {
  return retryWhileStoreUnavailable(operation, context.until, (error) =>
    context.log.warn({ err: error, entidade: context.entidade, loteId: context.loteId }, 'store unavailable in the middle of a batch; trying again'),
  );
}

/**
 * Sends the operations in one unordered bulk write. When some fail (a concurrent writer got a key first),
 * the truth is read back with one query instead of trusted from the reply: some servers (FerretDB) stop an
 * unordered bulk at its first error, so operations after it may not have run. Keys now held by another
 * writer's record are handed to `lost`, which returns the operation to send instead (or none); operations
 * that did not run are sent again.
 */
async function writeWithRetries(
  context: WriteContext,
  writes: PendingWrite[],
  lost: (write: PendingWrite, winnerId: string) => PendingWrite | null,
): Promise<Map<number, string>> {
  const failures = new Map<number, string>();
  const fail = (write: PendingWrite) => {
    for (const row of write.state.rows) failures.set(row.linha, GENERIC_WRITE_FAILURE);
  };
  let pending = writes;
  for (let attempt = 1; pending.length > 0; attempt += 1) {
    const operations = pending.map((write) => write.operation);
    const outcome = await resuming(context, () => context.records.bulkWrite(context.entidade, operations));
    const retryable: PendingWrite[] = [];
    pending.forEach((write, index) => {
      const failure = outcome.failed.get(index);
      if (!failure || isDuplicateKey(failure)) {
        retryable.push(write);
        return;
      }
      context.log.error({ entidade: context.entidade, code: failure.code, message: failure.message }, 'record write failed');
      fail(write);
    });
    if (outcome.failed.size === 0) {
      // Every operation ran. An upsert that inserted nothing found a record a concurrent writer had just
      // created, and so already updated it: the rows only need to report the winner's id.
      const matched = pending.filter((write) => write.creates && !outcome.upserted.has(write.state.id));
      const ids = await storedIds(context, matched);
      for (const write of matched) {
        const id = ids.get(write.chave);
        if (id && id !== write.state.id) lost(write, id);
      }
      return failures;
    }
    if (attempt >= WRITE_ATTEMPTS) {
      // Conflicts that never settle: report those rows instead of looping.
      retryable.forEach(fail);
      return failures;
    }
    const ids = await storedIds(context, retryable.filter((write) => write.creates));
    const next: PendingWrite[] = [];
    for (const write of retryable) {
      // No stored id: an update, or a create that did not run. Our own id: the create ran.
      const id = write.creates ? ids.get(write.chave) : undefined;
      if (id === undefined) next.push(write);
      else if (id !== write.state.id) {
        const instead = lost(write, id);
        if (instead) next.push(instead);
      }
    }
    pending = next;
  }
  return failures;
}

/** Our rows now report the id of the record a concurrent writer created for their key. */
function adopt(state: KeyState, winnerId: string): void {
  state.id = winnerId;
  for (const row of state.rows) row.id = winnerId;
}

/**
 * UPSERT: one operation per key with the last row's values, none for a key whose record would not change.
 * The record is replaced by the row: a field the row leaves empty is removed (empty means omitted, so
 * this is the only way a source system can clear a field). A record the look-up found is updated by its id
 * (records are never deleted, so it is still there): the store finds it by its `_id` index, cheaper than by
 * key (`docs/ingestion.md`: about a tenth of the write on FerretDB); a new key is an upsert by key, which a
 * concurrent writer of the same key turns into an update of theirs.
 */
function writeUpserts(context: WriteContext, keys: Map<string, KeyState>): Promise<Map<number, string>> {
  const { companyId, loteId, now } = context;
  const writes: PendingWrite[] = [];
  const updates = new Map<string, Record<string, unknown>>();
  for (const [chave, state] of keys) {
    if (state.linha === null) continue;
    if (state.before && sameContent(state.before, state.content)) continue;
    const update: Record<string, unknown> = { $set: { ...state.content, atualizadoEm: now, loteId } };
    const $unset: Record<string, ''> = {};
    for (const campo of Object.keys(state.before ?? {})) if (!(campo in state.content)) $unset[campo] = '';
    if (Object.keys($unset).length > 0) update.$unset = $unset;
    updates.set(chave, update);
    const operation =
      state.before === null
        ? { updateOne: { filter: { companyId, chave }, update: { ...update, $setOnInsert: { _id: recordIdFromHex(state.id), criadoEm: now } }, upsert: true } }
        : { updateOne: { filter: { _id: recordIdFromHex(state.id), companyId }, update } };
    writes.push({ chave, state, creates: state.before === null, operation });
  }
  return writeWithRetries(context, writes, (write, winnerId) => {
    // Another writer created the record first: ours is an update of theirs, and the rows report their id.
    adopt(write.state, winnerId);
    if (write.state.creator) write.state.creator.acao = 'ATUALIZADO';
    const update = updates.get(write.chave)!;
    return { ...write, creates: false, operation: { updateOne: { filter: { companyId, chave: write.chave }, update } } };
  });
}

/** INSERT: one insert per new key; a key another writer inserted meanwhile makes its rows duplicates. */
function writeInserts(context: WriteContext, keys: Map<string, KeyState>): Promise<Map<number, string>> {
  const { companyId, loteId, now } = context;
  const writes: PendingWrite[] = [...keys]
    .filter(([, state]) => state.creator !== null)
    .map(([chave, state]) => ({
      chave,
      state,
      creates: true,
      operation: {
        insertOne: {
          document: { _id: recordIdFromHex(state.id), companyId, chave, ...state.content, criadoEm: now, atualizadoEm: now, loteId },
        },
      },
    }));
  return writeWithRetries(context, writes, (write, winnerId) => {
    adopt(write.state, winnerId);
    const creator = write.state.creator!;
    creator.acao = 'DUPLICADO';
    creator.duplicado = true;
    const aviso = `já existe um registro com a chave "${write.chave}" (gravado por outro envio ao mesmo tempo); linha não gravada (modo INSERT).`;
    creator.aviso = joinAvisos(creator.aviso ? [creator.aviso, aviso] : [aviso]);
    return null;
  });
}
