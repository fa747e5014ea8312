import { decodeCursor, pageOf, pageSize, requireAdmin, type GraphContext, type ReadCeiling } from '@erp/kit';
import { IngestionErrorCodes, isIngestionEntity, Refusal, type IngestionEntity } from '@erp/contracts';
import { entityDefinitions } from '../domain';
import { storedContent } from '../app/ingest/content';
import type { BatchDoc, BatchStore } from '../store/batches';
import { isRecordId, recordIdFromHex, type RecordDoc, type RecordStore } from '../store/records';

const MAX_LOTE_ID = 100;

function knownEntity(entidade: string): IngestionEntity {
  if (!isIngestionEntity(entidade)) {
    throw new Refusal(IngestionErrorCodes.ENTIDADE_DESCONHECIDA, `entidade desconhecida: "${entidade.slice(0, 100)}"`, {
      extra: { entidadesExistentes: entityDefinitions.map((def) => def.entidade) },
    });
  }
  return entidade;
}

/** A batch id as the history hands it out (short, generated). */
const isLoteId = (id: string) => id.length > 0 && id.length <= MAX_LOTE_ID;

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
    linhasComAviso: doc.linhasComAviso ?? [],
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
        const position = args.depois ? decodeCursor('lote', args.depois, { withInstant: true, isId: isLoteId }) : null;
        const depois = position ? { recebidoEm: position.em!, loteId: position.id } : null;
        const docs = await stores.reads.run(session.companyId, () => stores.batches.page(session.companyId, entidade, limit + 1, depois));
        return pageOf(docs, limit, 'lote', lote, (last) => ({ em: last.recebidoEm, id: last._id }));
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
        return entityDefinitions.map((def) => ({ entidade: def.entidade, nome: def.nome, campos: def.campos.map(({ campo, rotulo }) => ({ campo, rotulo })) }));
      },

      registrosIngeridos: async (
        _: unknown,
        args: { entidade: string; primeiros: number; depois?: string | null },
        context: GraphContext,
      ) => {
        const session = requireAdmin(context);
        const limit = pageSize(args.primeiros);
        const entidade = knownEntity(args.entidade);
        const kind = `registro:${entidade}`;
        const depois = args.depois ? recordIdFromHex(decodeCursor(kind, args.depois, { withInstant: false, isId: isRecordId }).id) : null;
        const docs = await stores.reads.run(session.companyId, () => stores.records.page(entidade, session.companyId, limit + 1, depois));
        return pageOf(docs, limit, kind, registro, (last) => ({ id: String(last._id) }));
      },
    },
  };
}
