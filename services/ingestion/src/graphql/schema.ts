import { gql, refusal, requireAdmin, type GraphContext } from '@erp/kit';
import { IngestionErrorCodes, isIngestionEntity, type IngestionEntity } from '@erp/contracts';
import { entityDefinitions } from '../domain';
import { storedContent } from '../ingest/content';
import type { BatchDoc, BatchStore } from '../store/batches';
import { isRecordId, recordIdFromHex, type RecordDoc, type RecordStore } from '../store/records';
import { decodeCursor, encodeCursor } from './cursor';

export const typeDefs = gql`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@shareable"])

  "Instante ISO-8601 (UTC)."
  scalar DateTime

  enum ModoIngestao {
    UPSERT
    INSERT
  }

  type Query {
    "Lotes gravados pela API de ingestão na empresa da sessão, do mais recente ao mais antigo (administradores)."
    historicoImportacoes(entidade: String, primeiros: Int = 50, depois: String): ConexaoLotes!
    "Registros ingeridos de uma entidade na empresa da sessão, do mais recente ao mais antigo (administradores)."
    registrosIngeridos(entidade: String!, primeiros: Int = 50, depois: String): ConexaoRegistros!
  }

  type ConexaoLotes {
    itens: [LoteImportacao!]!
    "Cursor da próxima página; nulo na última."
    proximo: String
  }

  type LoteImportacao {
    loteId: String!
    entidade: String!
    "Nome do token que enviou o lote."
    origem: String!
    prefixoToken: String!
    modo: ModoIngestao!
    totalLinhas: Int!
    gravadas: Int!
    recusadas: Int!
    duplicadas: Int!
    recebidoEm: DateTime!
    duracaoMs: Int!
    "Linhas recusadas com os valores enviados e os motivos, para corrigir e reenviar."
    linhasRecusadas: [LinhaRecusada!]!
  }

  type LinhaRecusada {
    linha: Int!
    "Valores originais da linha, em JSON (chaves de credenciais e de protótipo removidas)."
    valores: String!
    erros: [String!]!
  }

  type ConexaoRegistros {
    itens: [RegistroIngerido!]!
    proximo: String
  }

  type RegistroIngerido {
    id: ID!
    "Valor do campo-chave da entidade."
    chave: String!
    "Valores gravados, em JSON, por campo."
    valores: String!
    "Ids dos registros referenciados que foram encontrados, em JSON por campo; nulo se nenhum."
    vinculos: String
    loteId: String!
    criadoEm: DateTime!
    atualizadoEm: DateTime!
  }
`;

const MIN_PAGE = 1;
const MAX_PAGE = 200;

function pageSize(primeiros: number): number {
  if (!Number.isInteger(primeiros) || primeiros < MIN_PAGE || primeiros > MAX_PAGE) {
    throw refusal(IngestionErrorCodes.PRIMEIROS_INVALIDO, `primeiros deve estar entre ${MIN_PAGE} e ${MAX_PAGE}`);
  }
  return primeiros;
}

function knownEntity(entidade: string): IngestionEntity {
  if (!isIngestionEntity(entidade)) {
    throw refusal(IngestionErrorCodes.ENTIDADE_DESCONHECIDA, `entidade desconhecida: "${entidade.slice(0, 100)}"`, {
      entidadesExistentes: entityDefinitions.map((def) => def.entidade),
    });
  }
  return entidade;
}

/** A page asked for `limit + 1` documents: the extra one only tells that there is a next page. */
function connection<D, I>(docs: D[], limit: number, item: (doc: D) => I, cursorAfter: (doc: D) => string) {
  const itens = docs.slice(0, limit);
  return { itens: itens.map(item), proximo: docs.length > limit ? cursorAfter(itens[itens.length - 1]) : null };
}

const badCursor = () => refusal(IngestionErrorCodes.CURSOR_INVALIDO, 'cursor "depois" inválido; use o valor de "proximo" de uma página desta mesma consulta');

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

export function createResolvers(stores: { batches: BatchStore; records: RecordStore }) {
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
        const docs = await stores.batches.page(session.companyId, entidade, limit + 1, depois);
        return connection(docs, limit, lote, (last) => encodeCursor('lote', { t: last.recebidoEm.getTime(), l: last._id }));
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
        const docs = await stores.records.page(entidade, session.companyId, limit + 1, depois);
        return connection(docs, limit, registro, (last) => encodeCursor(`registro:${entidade}`, { i: String(last._id) }));
      },
    },
  };
}
