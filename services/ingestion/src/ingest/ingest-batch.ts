import type { IngestionEntity, TokenIdentity } from '@erp/contracts';
import type { Logger } from '@erp/kit';
import { randomUUID } from 'node:crypto';
import { findEntity, validateRow } from '../domain';
import type { EntityDefinition, RowValidation } from '../domain/types';
import type { UserDirectory } from '../messaging/user-directory';
import type { BatchStore } from '../store/batches';
import { isDuplicateKeyError, newRecordId, recordIdFromHex, type RecordDoc, type RecordStore } from '../store/records';
import { contentOf, sameContent, type Content } from './content';
import { refusedRowValues } from './refused-row';

export type Acao = 'CRIADO' | 'ATUALIZADO' | 'INALTERADO' | 'DUPLICADO';

/** Row outcome (spec 2.3) plus what happened to the record, so clients reconcile by `linha` and key. */
export type RowOutcome =
  | { linha: number; status: 'OK'; id: string; acao: Acao; duplicado: boolean; aviso?: string }
  | { linha: number; status: 'ERRO'; erros: string[] };

/** `dados` of a successful response (spec 2.4) plus `duplicadas`. */
export interface BatchResult {
  entidade: string;
  modo: TokenIdentity['modo'];
  preview: boolean;
  loteId: string;
  totalLinhas: number;
  gravadas: number;
  recusadas: number;
  duplicadas: number;
  resultados: RowOutcome[];
}

export interface IngestDeps {
  records: RecordStore;
  batches: BatchStore;
  directory: UserDirectory;
  log: Logger;
}

export interface BatchRequest {
  def: EntityDefinition;
  token: TokenIdentity;
  linhas: Record<string, unknown>[];
  preview: boolean;
  recebidoEm: Date;
}

type OkOutcome = Extract<RowOutcome, { status: 'OK' }>;
type ValidRow = Extract<RowValidation, { ok: true }>;

/** What the batch knows of one key while walking the rows in order. */
interface KeyState {
  id: string;
  content: Content;
  /** The stored record before this batch, if any. */
  stored: RecordDoc | undefined;
  /** Last row of this batch that carried the key. */
  linha: number | null;
  /** Rows of this batch that report this key's record id (fixed up after a concurrent writer won). */
  rows: OkOutcome[];
  /** The first OK row of this batch that expected to create the record. */
  creator: OkOutcome | null;
}

const GENERIC_WRITE_FAILURE = 'não foi possível gravar esta linha; reenvie-a (em UPSERT o reenvio é seguro)';

/**
 * Validates every row, resolves keys, references and people with one round trip each, writes the batch
 * with one bulk write (none in preview), records it in the import history (not in preview) and reports one
 * outcome per row. A refused row never stops the others.
 */
export async function ingestBatch(deps: IngestDeps, request: BatchRequest): Promise<BatchResult> {
  const { def, token, linhas, preview } = request;
  const companyId = token.companyId;
  const loteId = randomUUID();
  const now = new Date();

  const validations = linhas.map((raw) => validateRow(def, raw));
  const lookups = await lookUp(deps, def, companyId, validations);

  const outcomes: RowOutcome[] = [];
  const keys = new Map<string, KeyState>();
  validations.forEach((validation, index) => {
    const linha = index + 1;
    if (!validation.ok) {
      outcomes.push({ linha, status: 'ERRO', erros: validation.erros });
      return;
    }
    const avisos = [...validation.avisos];
    const content = contentOf(validation.valores, linkReferences(validation, lookups, avisos));
    checkPeople(validation, lookups.people, avisos);
    outcomes.push(decide(token.modo, keys, lookups.stored, validation.chave, content, linha, avisos));
  });

  if (!preview) {
    const fixups = token.modo === 'UPSERT'
      ? await writeUpserts(deps, def.entidade, companyId, keys, loteId, now)
      : await writeInserts(deps, def.entidade, companyId, keys, loteId, now);
    for (const [linha, erro] of fixups) outcomes[linha - 1] = { linha, status: 'ERRO', erros: [erro] };
  }

  const result = summarise(def.entidade, token.modo, preview, loteId, outcomes);
  if (!preview) {
    await deps.batches.record({
      _id: loteId,
      companyId,
      tokenId: token.id,
      entidade: def.entidade,
      origem: token.nome,
      prefixoToken: token.prefixo,
      modo: token.modo,
      totalLinhas: result.totalLinhas,
      gravadas: result.gravadas,
      recusadas: result.recusadas,
      duplicadas: result.duplicadas,
      recebidoEm: request.recebidoEm,
      duracaoMs: Date.now() - request.recebidoEm.getTime(),
      linhasRecusadas: outcomes.flatMap((outcome) =>
        outcome.status === 'ERRO'
          ? [{ linha: outcome.linha, valores: refusedRowValues(linhas[outcome.linha - 1]), erros: outcome.erros }]
          : [],
      ),
    });
  }
  return result;
}

interface Lookups {
  stored: Map<string, RecordDoc>;
  references: Map<IngestionEntity, Map<string, string>>;
  /** Null when the directory could not be asked. */
  people: Set<string> | null;
}

/** Existing keys, referenced records per entity and company users: each one round trip, all at once. */
async function lookUp(
  deps: IngestDeps,
  def: EntityDefinition,
  companyId: string,
  validations: RowValidation[],
): Promise<Lookups> {
  const chaves = new Set<string>();
  const codes = new Map<IngestionEntity, Set<string>>();
  const emails = new Set<string>();
  for (const validation of validations) {
    if (!validation.ok) continue;
    chaves.add(validation.chave);
    for (const ref of validation.referencias) {
      if (!codes.has(ref.entidade)) codes.set(ref.entidade, new Set());
      codes.get(ref.entidade)!.add(ref.codigo);
    }
    for (const user of validation.usuarios) emails.add(user.email.toLowerCase());
  }
  const referenced = [...codes.entries()];
  const [stored, people, ...referenceIds] = await Promise.all([
    deps.records.findByKeys(def.entidade, companyId, [...chaves]),
    deps.directory(companyId, [...emails]),
    ...referenced.map(([entidade, set]) => deps.records.idsByKeys(entidade, companyId, [...set])),
  ]);
  const references = new Map<IngestionEntity, Map<string, string>>();
  referenced.forEach(([entidade], index) => references.set(entidade, referenceIds[index]));
  return { stored, references, people };
}

/** Links found references by id; a missing one is stored without the link and explained in `aviso`. */
function linkReferences(validation: ValidRow, lookups: Lookups, avisos: string[]): Record<string, string> {
  const vinculos: Record<string, string> = {};
  for (const ref of validation.referencias) {
    const id = lookups.references.get(ref.entidade)?.get(ref.codigo);
    if (id) {
      vinculos[ref.campo] = id;
    } else {
      const nome = findEntity(ref.entidade)?.nome ?? ref.entidade;
      avisos.push(`${ref.campo}: nenhum registro de ${nome} da empresa tem o código "${ref.codigo}"; linha gravada sem o vínculo.`);
    }
  }
  return vinculos;
}

function checkPeople(validation: ValidRow, people: Set<string> | null, avisos: string[]): void {
  for (const user of validation.usuarios) {
    if (people === null) {
      avisos.push(`${user.campo}: não foi possível verificar agora se "${user.email}" é usuário da empresa.`);
    } else if (!people.has(user.email.toLowerCase())) {
      avisos.push(`${user.campo}: "${user.email}" não é usuário da empresa.`);
    }
  }
}

/** What happens to one valid row, given what earlier rows of the batch and the store hold for its key. */
function decide(
  modo: TokenIdentity['modo'],
  keys: Map<string, KeyState>,
  stored: Map<string, RecordDoc>,
  chave: string,
  content: Content,
  linha: number,
  avisos: string[],
): OkOutcome {
  let state = keys.get(chave);
  if (!state) {
    const existing = stored.get(chave);
    state = { id: existing ? String(existing._id) : newRecordId().toHexString(), content: existing ? contentOf(existing) : {}, stored: existing, linha: null, rows: [], creator: null };
    keys.set(chave, state);
  }
  const known = state.stored !== undefined || state.linha !== null;
  let acao: Acao;
  if (modo === 'INSERT' && known) {
    acao = 'DUPLICADO';
    avisos.push(
      state.linha !== null
        ? `a chave "${chave}" repete a linha ${state.linha} deste lote; linha não gravada (modo INSERT).`
        : `já existe um registro com a chave "${chave}"; linha não gravada (modo INSERT).`,
    );
  } else {
    if (state.linha !== null) avisos.push(`a chave "${chave}" repete a linha ${state.linha} deste lote; esta linha atualiza o registro dela.`);
    acao = !known ? 'CRIADO' : sameContent(state.content, content) ? 'INALTERADO' : 'ATUALIZADO';
    state.content = content;
    state.linha = linha;
  }
  const outcome: OkOutcome = { linha, status: 'OK', id: state.id, acao, duplicado: acao === 'DUPLICADO' };
  if (avisos.length > 0) outcome.aviso = avisos.join(' ');
  state.rows.push(outcome);
  if (acao === 'CRIADO') state.creator = outcome;
  return outcome;
}

/** How many times a batch's writes are re-sent after conflicts with concurrent writers before giving up on a row. */
const WRITE_ATTEMPTS = 5;

interface PendingWrite {
  chave: string;
  state: KeyState;
  /** True while the operation may insert the record with our id. */
  creates: boolean;
  operation: Record<string, unknown>;
}

/**
 * Sends the operations in one unordered bulk write. When some fail (a concurrent writer got a key first),
 * the truth is read back with one query instead of trusted from the reply: some servers (FerretDB) stop an
 * unordered bulk at its first error, so operations after it may not have run. Keys now held by another
 * writer's record are handed to `lost`, which returns the operation to send instead (or none); operations
 * that did not run are sent again.
 */
async function writeWithRetries(
  deps: IngestDeps,
  entidade: IngestionEntity,
  companyId: string,
  writes: PendingWrite[],
  lost: (write: PendingWrite, winnerId: string) => PendingWrite | null,
): Promise<Map<number, string>> {
  const failures = new Map<number, string>();
  const fail = (write: PendingWrite) => {
    for (const row of write.state.rows) failures.set(row.linha, GENERIC_WRITE_FAILURE);
  };
  let pending = writes;
  for (let attempt = 1; pending.length > 0; attempt += 1) {
    const outcome = await deps.records.bulkWrite(entidade, pending.map((write) => write.operation));
    pending.forEach((write, index) => {
      const failure = outcome.failed.get(index);
      if (failure && !isDuplicateKeyError(failure)) {
        deps.log.error({ entidade, code: failure.code, message: failure.message }, 'record write failed');
        fail(write);
      }
    });
    if (outcome.failed.size === 0) {
      // Every operation ran. An upsert that inserted nothing found a record a concurrent writer had just created.
      const matched = pending.filter((write) => write.creates && !outcome.upserted.has(write.state.id));
      if (matched.length > 0) {
        const ids = await deps.records.idsByKeys(entidade, companyId, matched.map((write) => write.chave));
        for (const write of matched) {
          const id = ids.get(write.chave);
          if (id && id !== write.state.id) lost(write, id);
        }
      }
      return failures;
    }
    const retryable = pending.filter((_, index) => {
      const failure = outcome.failed.get(index);
      return !failure || isDuplicateKeyError(failure);
    });
    if (attempt >= WRITE_ATTEMPTS) {
      // Conflicts that never settle: report those rows instead of looping.
      retryable.forEach(fail);
      return failures;
    }
    const creating = retryable.filter((write) => write.creates);
    const ids = await deps.records.idsByKeys(entidade, companyId, creating.map((write) => write.chave));
    const next: PendingWrite[] = [];
    for (const write of retryable) {
      if (!write.creates) {
        next.push(write);
        continue;
      }
      const id = ids.get(write.chave);
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
 * this is the only way a source system can clear a field).
 */
async function writeUpserts(
  deps: IngestDeps,
  entidade: IngestionEntity,
  companyId: string,
  keys: Map<string, KeyState>,
  loteId: string,
  now: Date,
): Promise<Map<number, string>> {
  const writes: PendingWrite[] = [];
  for (const [chave, state] of keys) {
    if (state.linha === null) continue;
    const before = state.stored ? contentOf(state.stored) : {};
    if (state.stored && sameContent(before, state.content)) continue;
    const update: Record<string, unknown> = { $set: { ...state.content, atualizadoEm: now, loteId } };
    const $unset: Record<string, ''> = {};
    for (const campo of Object.keys(before)) if (!(campo in state.content)) $unset[campo] = '';
    if (Object.keys($unset).length > 0) update.$unset = $unset;
    writes.push({
      chave,
      state,
      creates: !state.stored,
      operation: {
        updateOne: {
          filter: { companyId, chave },
          update: { ...update, $setOnInsert: { _id: recordIdFromHex(state.id), criadoEm: now } },
          upsert: true,
        },
      },
    });
  }
  return writeWithRetries(deps, entidade, companyId, writes, (write, winnerId) => {
    // Another writer created the record first: ours is an update of theirs, and the rows report their id.
    adopt(write.state, winnerId);
    if (write.state.creator) write.state.creator.acao = 'ATUALIZADO';
    const { $setOnInsert: _ignored, ...update } = (write.operation.updateOne as { update: Record<string, unknown> }).update;
    return { ...write, creates: false, operation: { updateOne: { filter: { companyId, chave: write.chave }, update } } };
  });
}

/** INSERT: one insert per new key; a key another writer inserted meanwhile makes its rows duplicates. */
async function writeInserts(
  deps: IngestDeps,
  entidade: IngestionEntity,
  companyId: string,
  keys: Map<string, KeyState>,
  loteId: string,
  now: Date,
): Promise<Map<number, string>> {
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
  return writeWithRetries(deps, entidade, companyId, writes, (write, winnerId) => {
    adopt(write.state, winnerId);
    const creator = write.state.creator!;
    creator.acao = 'DUPLICADO';
    creator.duplicado = true;
    const aviso = `já existe um registro com a chave "${write.chave}" (gravado por outro envio ao mesmo tempo); linha não gravada (modo INSERT).`;
    creator.aviso = creator.aviso ? `${creator.aviso} ${aviso}` : aviso;
    return null;
  });
}

function summarise(
  entidade: string,
  modo: TokenIdentity['modo'],
  preview: boolean,
  loteId: string,
  resultados: RowOutcome[],
): BatchResult {
  let gravadas = 0;
  let recusadas = 0;
  let duplicadas = 0;
  for (const outcome of resultados) {
    if (outcome.status === 'ERRO') recusadas += 1;
    else if (outcome.duplicado) duplicadas += 1;
    else gravadas += 1;
  }
  return { entidade, modo, preview, loteId, totalLinhas: resultados.length, gravadas, recusadas, duplicadas, resultados };
}
