import { decodeCursor, encodeCursor, pageSize, requireAdmin, requireSession, resolver, type GraphContext, type ReadCeiling } from '@erp/kit';
import type { ModeloDocumento, SituacaoDocumento } from '@erp/contracts';
import type { DocumentsService } from '../app/documents-service';
import type { StatusSefazView } from '../app/service-status';
import type { VoidingService } from '../app/voiding-service';

const KIND = 'documento';
const isDocumentoId = (id: string) => /^[0-9a-f]{32}$/.test(id);

/** graphql-js builds input objects without a prototype; the validator wants plain objects. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

/**
 * Any role of the company reads; admin or user issues and marks; only admin cancels and voids numbers. The lists
 * run under the company's read ceiling (`reads`).
 */
export function documentResolvers(
  service: DocumentsService,
  inutilizacoes: VoidingService,
  reads: ReadCeiling,
  status: (companyId: string, modelo: 'NFE' | 'NFCE') => Promise<StatusSefazView>,
) {
  return {
    Query: {
      documentoFiscal: resolver<{ id: string }, unknown>(async (_, { id }, context) => service.obter(requireSession(context).companyId, id)),
      documentosFiscais: resolver<{ modelo?: ModeloDocumento; situacao?: SituacaoDocumento; primeiros: number; depois?: string | null }, unknown>(
        async (_, args, context: GraphContext) => {
          const session = requireSession(context);
          const primeiros = pageSize(args.primeiros);
          const position = args.depois ? decodeCursor(KIND, args.depois, { withInstant: true, isId: isDocumentoId }) : null;
          const depois = position ? { criadoEm: position.em!, id: position.id } : null;
          const pagina = await reads.run(session.companyId, () =>
            service.listar(session.companyId, { modelo: args.modelo ?? undefined, situacao: args.situacao ?? undefined }, primeiros, depois),
          );
          return { itens: pagina.itens, proximo: pagina.proximo ? encodeCursor(KIND, { em: pagina.proximo.criadoEm, id: pagina.proximo.id }) : null };
        },
      ),
      inutilizacoes: resolver<{ modelo?: ModeloDocumento | null; primeiros: number }, unknown>(async (_, args, context) => {
        const { companyId } = requireSession(context);
        const primeiros = pageSize(args.primeiros);
        return reads.run(companyId, () => inutilizacoes.listar(companyId, { modelo: args.modelo ?? undefined }, primeiros));
      }),
      statusSefaz: resolver<{ modelo: 'NFE' | 'NFCE' }, unknown>(async (_, { modelo }, context) => status(requireAdmin(context).companyId, modelo)),
    },
    Mutation: {
      emitirDocumentoFiscal: resolver<{ input: unknown }, unknown>(async (_, { input }, context) => (await service.emitir(requireSession(context), plain(input))).documento),
      cancelarDocumentoFiscal: resolver<{ id: string; justificativa: string; chNFeRef?: string | null }, unknown>(async (_, { id, justificativa, chNFeRef }, context) =>
        service.cancelar(requireAdmin(context), id, justificativa, chNFeRef),
      ),
      registrarEntrega: resolver<{ id: string }, unknown>(async (_, { id }, context) => service.registrarEntrega(requireSession(context), id)),
      registrarInicioServico: resolver<{ id: string }, unknown>(async (_, { id }, context) => service.registrarInicioServico(requireSession(context), id)),
      inutilizarNumeracao: resolver<{ modelo: string; serie: number; de: number; ate: number; justificativa: string }, unknown>(
        async (_, args, context) => (await inutilizacoes.inutilizar(requireAdmin(context), { ...args })).inutilizacao,
      ),
    },
  };
}
