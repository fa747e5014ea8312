import type { Connection } from 'mongoose';
import type { TokenMode } from '@erp/contracts';

/** A refused row as kept for the integrator: its original values (sanitised JSON text) and the reasons. */
export interface RefusedRow {
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
}

export interface BatchPosition {
  recebidoEm: Date;
  loteId: string;
}

export interface BatchStore {
  ensureIndexes(): Promise<void>;
  record(batch: BatchDoc): Promise<void>;
  /** Newest first; `depois` is the last batch of the previous page (exclusive). */
  page(companyId: string, entidade: string | null, limit: number, depois: BatchPosition | null): Promise<BatchDoc[]>;
}

export function createBatchStore(db: Connection, name = 'lotes'): BatchStore {
  const collection = db.collection<BatchDoc>(name);
  return {
    async ensureIndexes() {
      await collection.createIndex({ companyId: 1, recebidoEm: -1, _id: -1 }, { name: 'empresa_recentes' });
      await collection.createIndex({ companyId: 1, entidade: 1, recebidoEm: -1, _id: -1 }, { name: 'empresa_entidade_recentes' });
    },

    async record(batch) {
      await collection.insertOne(batch);
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
        .find(filter)
        .sort({ recebidoEm: -1, _id: -1 })
        .limit(limit)
        .toArray() as Promise<BatchDoc[]>;
    },
  };
}
