import type { ModeloDocumento } from '@erp/contracts';
import { pageSize, requireAdmin, requireSession, resolver, type ReadCeiling } from '@erp/kit';
import type { UseCases } from '../app';
import { searchDocuments, type FiltroDocumentosEntrada } from '../app/document-search';

/** graphql-js builds input objects without a prototype; the validator wants plain objects. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

/**
 * Any role of the company reads; admin or user issues and marks; only admin cancels and voids numbers. The lists
 * run under the company's read ceiling (`reads`).
 */
export function createResolvers(app: UseCases, reads: ReadCeiling) {
  return {
    Query: {
      cartasCorrecao: resolver<{ id: string }, unknown>(async (_, { id }, context) => app.correction.list(requireSession(context).companyId, id)),
      documentoFiscal: resolver<{ id: string }, unknown>(async (_, { id }, context) => app.reads.get(requireSession(context).companyId, id)),
      detalheDocumentoFiscal: resolver<{ id: string }, unknown>(async (_, { id }, context) => app.reads.detail(requireSession(context).companyId, id)),
      documentosFiscais: resolver<FiltroDocumentosEntrada & { primeiros: number; depois?: string | null }, unknown>(async (_, { primeiros, depois, ...filtro }, context) =>
        searchDocuments({ reads: app.reads, ceiling: reads }, requireSession(context).companyId, filtro, primeiros, depois),
      ),
      inutilizacoes: resolver<{ modelo?: ModeloDocumento | null; primeiros: number }, unknown>(async (_, args, context) => {
        const { companyId } = requireSession(context);
        const limite = pageSize(args.primeiros);
        return reads.run(companyId, () => app.voiding.list(companyId, { modelo: args.modelo ?? undefined }, limite));
      }),
      statusSefaz: resolver<{ modelo: 'NFE' | 'NFCE' | 'CTE' | 'CTEOS' }, unknown>(async (_, { modelo }, context) => app.status(requireAdmin(context).companyId, modelo)),
    },
    Mutation: {
      emitirDocumentoFiscal: resolver<{ input: unknown }, unknown>(async (_, { input }, context) => (await app.emission.issue(requireSession(context), plain(input))).documento),
      cancelarDocumentoFiscal: resolver<{ id: string; justificativa: string; chNFeRef?: string | null; motivo?: string | null }, unknown>(async (_, { id, justificativa, chNFeRef, motivo }, context) =>
        app.cancellation.cancel(requireAdmin(context), id, justificativa, chNFeRef, motivo),
      ),
      registrarCartaCorrecao: resolver<{ id: string; correcao?: string | null; alteracoes?: unknown }, unknown>(async (_, { id, correcao, alteracoes }, context) =>
        app.correction.register(requireAdmin(context), id, plain({ correcao: correcao ?? undefined, alteracoes: alteracoes ?? undefined }) as Record<string, unknown>),
      ),
      registrarEntrega: resolver<{ id: string }, unknown>(async (_, { id }, context) => app.marks.markDelivery(requireSession(context), id)),
      registrarInicioServico: resolver<{ id: string }, unknown>(async (_, { id }, context) => app.marks.markServiceStart(requireSession(context), id)),
      inutilizarNumeracao: resolver<{ modelo: string; serie: number; de: number; ate: number; justificativa: string }, unknown>(
        async (_, args, context) => (await app.voiding.request(requireAdmin(context), { ...args })).inutilizacao,
      ),
    },
  };
}
