import type { Connection } from 'mongoose';
import type { TokenMode } from '@erp/contracts';
import { isDuplicateKey } from '@erp/kit';
import { DEFAULT_QUERY_MAX_TIME_MS } from './query-time';

/** A refused row as kept for the integrator: its original values (sanitised JSON text) and the reasons. */
interface RefusedRow {
  linha: number;
  valores: string;
  erros: string[];
}

/** One entry of the import history: a stored batch (previews are never recorded). */
export interface BatchDoc {
  _id: string;
  companyId: string;
  tokenId: string;
  entidade: string;
  origem: string;
  prefixoToken: string;
  modo: TokenMode;
  totalLinhas: number;
  gravadas: number;
  recusadas: number;
  duplicadas: number;
  recebidoEm: Date;
  duracaoMs: number;
  linhasRecusadas: RefusedRow[];
  /** Written rows that carry an `aviso` (a missing link, an unknown user, a repeated key): absent in older batches. */
  linhasComAviso?: { linha: number; aviso: string }[];
}

interface BatchPosition {
  recebidoEm: Date;
  loteId: string;
}

export interface BatchStore {
  record(batch: BatchDoc): Promise<void>;
  /** Newest first; `depois` is the last batch of the previous page (exclusive). */
  page(companyId: string, entidade: string | null, limit: number, depois: BatchPosition | null): Promise<BatchDoc[]>;
  /** One batch of the company; another company's id is not found. */
  byId(companyId: string, loteId: string): Promise<BatchDoc | null>;
}

/** Creates the history indexes, then resolves to the store. */
export async function createBatchStore(db: Connection, options: { collection?: string; maxTimeMS?: number } = {}): Promise<BatchStore> {
  const collection = db.collection<BatchDoc>(options.collection ?? 'lotes');
  // A history page runs for a client's request: it may not hold the database longer than this.
  const maxTimeMS = options.maxTimeMS ?? DEFAULT_QUERY_MAX_TIME_MS;
  await collection.createIndex({ companyId: 1, recebidoEm: -1, _id: -1 }, { name: 'empresa_recentes' });
  await collection.createIndex({ companyId: 1, entidade: 1, recebidoEm: -1, _id: -1 }, { name: 'empresa_entidade_recentes' });
  return {
    async record(batch) {
      try {
        await collection.insertOne(batch);
      } catch (error) {
        // The batch's id is new for each batch: a duplicate is this same entry, written by an attempt whose
        // answer the store's failure lost (the entry is sent again then).
        if (!isDuplicateKey(error)) throw error;
      }
    },

    async page(companyId, entidade, limit, depois) {
      const filter: Record<string, unknown> = { companyId };
      if (entidade) filter.entidade = entidade;
      if (depois) {
        filter.$or = [
          { recebidoEm: { $lt: depois.recebidoEm } },
          { recebidoEm: depois.recebidoEm, _id: { $lt: depois.loteId } },
        ];
      }
      return collection
        .find(filter, { maxTimeMS })
        .sort({ recebidoEm: -1, _id: -1 })
        .limit(limit)
        .toArray();
    },

    async byId(companyId, loteId) {
      return collection.findOne({ _id: loteId, companyId }, { maxTimeMS });
    },
  };
}
