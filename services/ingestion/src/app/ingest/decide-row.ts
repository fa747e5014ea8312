import type { TokenIdentity } from '@erp/contracts';
import { newRecordId, type RecordDoc } from '../../store/records';
import { sameContent, storedContent, type Content } from './content';
import type { Acao, OkOutcome } from './outcomes';

/** What the batch knows of one key while walking the rows in order. */
export interface KeyState {
  id: string;
  /** The stored record's content before this batch; null when no record held the key. */
  before: Content | null;
  /** The content the key's latest row leaves (the stored one until a row of this batch carries the key). */
  content: Content;
  /** Last row of this batch that carried the key. */
  linha: number | null;
  /** Rows of this batch that report this key's record id (fixed up after a concurrent writer won). */
  rows: OkOutcome[];
  /** The first OK row of this batch that expected to create the record. */
  creator: OkOutcome | null;
}

/** A valid row, ready to be decided: its key, the content it would store and the avisos gathered so far. */
interface DecidableRow {
  linha: number;
  chave: string;
  content: Content;
  avisos: string[];
}

function stateOf(keys: Map<string, KeyState>, stored: Map<string, RecordDoc>, chave: string): KeyState {
  let state = keys.get(chave);
  if (!state) {
    const existing = stored.get(chave);
    const before = existing ? storedContent(existing) : null;
    const id = existing ? String(existing._id) : newRecordId().toHexString();
    state = { id, before, content: before ?? {}, linha: null, rows: [], creator: null };
    keys.set(chave, state);
  }
  return state;
}

/**
 * What happens to one valid row, given what earlier rows of the batch and the store hold for its key.
 * Records the row in `keys`, which the writes then turn into one operation per key.
 */
export function decideRow(
  modo: TokenIdentity['modo'],
  keys: Map<string, KeyState>,
  stored: Map<string, RecordDoc>,
  row: DecidableRow,
): OkOutcome {
  const { linha, chave, content, avisos } = row;
  const state = stateOf(keys, stored, chave);
  const known = state.before !== null || state.linha !== null;
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
  if (avisos.length > 0) outcome.aviso = joinAvisos(avisos);
  state.rows.push(outcome);
  if (acao === 'CRIADO') state.creator = outcome;
  return outcome;
}

/** One `aviso` text from several notes: each a sentence ending with a period (the row rules' notes have none). */
export function joinAvisos(avisos: readonly string[]): string {
  return avisos.map((aviso) => (aviso.endsWith('.') ? aviso : `${aviso}.`)).join(' ');
}
