import { MAX_PAGE_SIZE, requireAdmin, type GraphContext, type ReadCeiling } from '@erp/kit';
import { IngestionErrorCodes, isIngestionEntity, Refusal, type IngestionEntity } from '@erp/contracts';
import { entityDefinitions } from '../domain';
import { storedContent } from '../app/ingest/content';
import type { BatchDoc, BatchStore } from '../store/batches';
import { isRecordId, recordIdFromHex, type RecordDoc, type RecordStore } from '../store/records';
import { decodeCursor, encodeCursor } from './cursor';

const MIN_PAGE = 1;
const MAX_LOTE_ID = 100;
/** The platform's page ceiling, which the GraphQL cost estimate also assumes. */
const MAX_PAGE = MAX_PAGE_SIZE;

function pageSize(primeiros: number): number {
  if (!Number.isInteger(primeiros) || primeiros < MIN_PAGE || primeiros > MAX_PAGE) {
    throw new Refusal(IngestionErrorCodes.PRIMEIROS_INVALIDO, `primeiros deve estar entre ${MIN_PAGE} e ${MAX_PAGE}`);
  }
  return primeiros;
}

function knownEntity(entidade: string): IngestionEntity {
  if (!isIngestionEntity(entidade)) {
    throw new Refusal(IngestionErrorCodes.ENTIDADE_DESCONHECIDA, `entidade desconhecida: "${entidade.slice(0, 100)}"`, {
      extra: { entidadesExistentes: entityDefinitions.map((def) => def.entidade) },
    });
  }
  return entidade;
}

/** A page asked for `limit + 1` documents: the extra one only tells that there is a next page. */
function connection<D, I>(docs: D[], limit: number, item: (doc: D) => I, cursorAfter: (doc: D) => string) {
  const itens = docs.slice(0, limit);
  return { itens: itens.map(item), proximo: docs.length > limit ? cursorAfter(itens[itens.length - 1]) : null };
}

const badCursor = () => new Refusal(IngestionErrorCodes.CURSOR_INVALIDO, 'cursor "depois" inválido; use o valor de "proximo" de uma página desta mesma consulta');

function lote(doc: BatchDoc) {
  return {
    loteId: doc._id,
    entidade: doc.entidade,
    origem: doc.origem,
    prefixoToken: doc.prefixoToken,
    modo: doc.modo,
    totalLinhas: doc.totalLinhas,
    gravadas: doc.gravadas,
    recusadas: doc.recusadas,
    duplicadas: doc.duplicadas,
    recebidoEm: doc.recebidoEm.toISOString(),
    duracaoMs: doc.duracaoMs,
    linhasRecusadas: doc.linhasRecusadas ?? [],
  };
}

const toJson = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) => (v instanceof Date ? v.toISOString() : v));

function registro(doc: RecordDoc) {
  const { vinculos, ...valores } = storedContent(doc);
  return {
    id: String(doc._id),
    chave: doc.chave,
    valores: toJson(valores),
    vinculos: vinculos ? toJson(vinculos) : null,
    loteId: doc.loteId,
    criadoEm: doc.criadoEm.toISOString(),
    atualizadoEm: doc.atualizadoEm.toISOString(),
  };
}

/**
 * Each page read runs under the company's read ceiling (`ReadCeiling`) and its query's time limit; a read the
 * limit stops reaches the client as TEMPO_ESGOTADO (the kit's error mapping).
 */
export function createResolvers(stores: { batches: BatchStore; records: RecordStore; reads: ReadCeiling }) {
  return {
    Query: {
      historicoImportacoes: async (
        _: unknown,
        args: { entidade?: string | null; primeiros: number; depois?: string | null },
        context: GraphContext,
      ) => {
        const session = requireAdmin(context);
        const limit = pageSize(args.primeiros);
        const entidade = args.entidade ? knownEntity(args.entidade) : null;
        let depois = null;
        if (args.depois) {
          const position = decodeCursor('lote', args.depois);
          if (!position || typeof position.t !== 'number' || typeof position.l !== 'string') throw badCursor();
          depois = { recebidoEm: new Date(position.t), loteId: position.l };
        }
        const docs = await stores.reads.run(session.companyId, () => stores.batches.page(session.companyId, entidade, limit + 1, depois));
        return connection(docs, limit, lote, (last) => encodeCursor('lote', { t: last.recebidoEm.getTime(), l: last._id }));
      },

      loteImportacao: async (_: unknown, args: { loteId: string }, context: GraphContext) => {
        const session = requireAdmin(context);
        // A batch id is a short generated string: anything longer is no batch, and is not sent to the database.
        if (args.loteId.length > MAX_LOTE_ID) return null;
        const doc = await stores.reads.run(session.companyId, () => stores.batches.byId(session.companyId, args.loteId));
        return doc ? lote(doc) : null;
      },

      entidadesIngestaoComNome: async (_: unknown, _args: unknown, context: GraphContext) => {
        requireAdmin(context);
        return entityDefinitions.map((def) => ({ entidade: def.entidade, nome: def.nome }));
      },

      registrosIngeridos: async (
        _: unknown,
        args: { entidade: string; primeiros: number; depois?: string | null },
        context: GraphContext,
      ) => {
        const session = requireAdmin(context);
        const limit = pageSize(args.primeiros);
        const entidade = knownEntity(args.entidade);
        let depois = null;
        if (args.depois) {
          const position = decodeCursor(`registro:${entidade}`, args.depois);
          if (!position || typeof position.i !== 'string' || !isRecordId(position.i)) throw badCursor();
          depois = recordIdFromHex(position.i);
        }
        const docs = await stores.reads.run(session.companyId, () => stores.records.page(entidade, session.companyId, limit + 1, depois));
        return connection(docs, limit, registro, (last) => encodeCursor(`registro:${entidade}`, { i: String(last._id) }));
      },
    },
  };
}
