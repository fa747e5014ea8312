import type { Connection } from 'mongoose';
import type { Logger } from '@erp/kit';
import { claimOnce } from '@erp/kit';
import { expireByDate } from './expiry';
import { DEFAULT_QUERY_MAX_TIME_MS } from './query-time';

interface IdempotencyDoc {
  _id: string;
  tokenId: string;
  chave: string;
  /** SHA-256 of the request (entity path and body), to tell a replay from a reuse of the key. */
  impressao: string;
  estado: 'EM_ANDAMENTO' | 'CONCLUIDO';
  status?: number;
  /** The response body as JSON text, replayed byte for byte. */
  resposta?: string;
  criadoEm: Date;
  expiraEm: Date;
}

export type Claim =
  | { kind: 'new' }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'in-progress' }
  | { kind: 'reused' };

export interface IdempotencyStore {
  /** Takes the key for this request, or says what earlier request holds it. */
  claim(tokenId: string, chave: string, impressao: string): Promise<Claim>;
  complete(tokenId: string, chave: string, status: number, body: string): Promise<void>;
  /** Frees the key after a failure of ours, so the client can retry with it. */
  release(tokenId: string, chave: string): Promise<void>;
  stop(): void;
}

/**
 * Keys are scoped per token (two integrations may pick the same key) and kept for a fixed retention. The
 * first request inserts the key as in progress; the unique `_id` makes a concurrent twin see it instead of
 * processing the batch a second time.
 */
/**
 * How long a key may stay in progress. A process killed (or a database lost) in the middle of a batch never
 * completes nor releases its key; past this its retry takes the key over instead of getting
 * CHAVE_IDEMPOTENCIA_EM_USO until the retention ends. Longer than the gateway's upstream timeout (30 s): a
 * request still running by then has had its client answered already.
 */
export const IN_PROGRESS_LEASE_MS = 60_000;

export async function createIdempotencyStore(
  db: Connection,
  options: { log: Logger; retentionMs: number; collection?: string; leaseMs?: number; maxTimeMS?: number },
): Promise<IdempotencyStore> {
  const maxTimeMS = options.maxTimeMS ?? DEFAULT_QUERY_MAX_TIME_MS;
  const leaseMs = options.leaseMs ?? IN_PROGRESS_LEASE_MS;
  const collection = db.collection<IdempotencyDoc>(options.collection ?? 'idempotencia');
  const stopExpiry = await expireByDate(collection, { log: options.log, what: 'idempotency keys', everyMs: 10 * 60_000 });
  const idOf = (tokenId: string, chave: string) => `${tokenId}:${chave}`;

  const claim = async (tokenId: string, chave: string, impressao: string, attempt = 0): Promise<Claim> => {
    const now = new Date();
    const taken = await claimOnce(collection, {
      _id: idOf(tokenId, chave),
      tokenId,
      chave,
      impressao,
      estado: 'EM_ANDAMENTO',
      criadoEm: now,
      expiraEm: new Date(now.getTime() + options.retentionMs),
    });
    if (taken) return { kind: 'new' };
    const held = await collection.findOne({ _id: idOf(tokenId, chave) }, { maxTimeMS });
    if (held && held.expiraEm > now && held.impressao !== impressao) return { kind: 'reused' };
    const abandoned = held?.estado === 'EM_ANDAMENTO' && now.getTime() - held.criadoEm.getTime() > leaseMs;
    if (!held || held.expiraEm <= now || abandoned) {
      // Expired but not yet swept, abandoned in progress, or released meanwhile: take it over once.
      if (held) await collection.deleteOne({ _id: held._id, criadoEm: held.criadoEm });
      return attempt === 0 ? claim(tokenId, chave, impressao, 1) : { kind: 'in-progress' };
    }
    if (held.estado === 'EM_ANDAMENTO') return { kind: 'in-progress' };
    return { kind: 'replay', status: held.status ?? 200, body: held.resposta ?? '{}' };
  };

  return {
    claim: (tokenId, chave, impressao) => claim(tokenId, chave, impressao),
    async complete(tokenId, chave, status, body) {
      await collection.updateOne({ _id: idOf(tokenId, chave) }, { $set: { estado: 'CONCLUIDO', status, resposta: body } });
    },
    async release(tokenId, chave) {
      await collection.deleteOne({ _id: idOf(tokenId, chave), estado: 'EM_ANDAMENTO' });
    },
    stop: stopExpiry,
  };
}
