import type { ModeloDocumento, SituacaoDocumento } from '@erp/contracts';
import { decodeCursor, pageOf, pageSize, requireAdmin, requireSession, resolver, type ReadCeiling } from '@erp/kit';
import type { UseCases } from '../app';
import { ehDocumentoId } from '../domain/document-id';

/** graphql-js builds input objects without a prototype; the validator wants plain objects. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

const KIND = 'documento';

/**
 * Any role of the company reads; admin or user issues and marks; only admin cancels and voids numbers. The lists
 * run under the company's read ceiling (`reads`).
 */
export function createResolvers(app: UseCases, reads: ReadCeiling) {
  return {
    Query: {
      cartasCorrecao: resolver<{ id: string }, unknown>(async (_, { id }, context) => app.correction.list(requireSession(context).companyId, id)),
      documentoFiscal: resolver<{ id: string }, unknown>(async (_, { id }, context) => app.reads.get(requireSession(context).companyId, id)),
      documentosFiscais: resolver<{ modelo?: ModeloDocumento; situacao?: SituacaoDocumento; primeiros: number; depois?: string | null }, unknown>(async (_, args, context) => {
        const { companyId } = requireSession(context);
        const limite = pageSize(args.primeiros);
        const posicao = args.depois ? decodeCursor(KIND, args.depois, { withInstant: true, isId: ehDocumentoId }) : null;
        const depois = posicao ? { criadoEm: posicao.em!, id: posicao.id } : null;
        const filtro = { modelo: args.modelo ?? undefined, situacao: args.situacao ?? undefined };
        const lidos = await reads.run(companyId, () => app.reads.list(companyId, filtro, limite, depois));
        return pageOf(lidos, limite, KIND, (lido) => lido.view, (lido) => ({ em: lido.criadoEm, id: lido.id }));
      }),
      inutilizacoes: resolver<{ modelo?: ModeloDocumento | null; primeiros: number }, unknown>(async (_, args, context) => {
        const { companyId } = requireSession(context);
        const limite = pageSize(args.primeiros);
        return reads.run(companyId, () => app.voiding.list(companyId, { modelo: args.modelo ?? undefined }, limite));
      }),
      statusSefaz: resolver<{ modelo: 'NFE' | 'NFCE' }, unknown>(async (_, { modelo }, context) => app.status(requireAdmin(context).companyId, modelo)),
    },
    Mutation: {
      emitirDocumentoFiscal: resolver<{ input: unknown }, unknown>(async (_, { input }, context) => (await app.emission.issue(requireSession(context), plain(input))).documento),
      cancelarDocumentoFiscal: resolver<{ id: string; justificativa: string; chNFeRef?: string | null }, unknown>(async (_, { id, justificativa, chNFeRef }, context) =>
        app.cancellation.cancel(requireAdmin(context), id, justificativa, chNFeRef),
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
