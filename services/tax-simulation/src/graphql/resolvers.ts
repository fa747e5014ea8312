import { decodeCursor, pageOf, pageSize, requireAdmin, requireSession, resolver, type ReadCeiling } from '@erp/kit';
import type { SimulationService } from '../app/simulation-service';
import type { SimulacaoView } from '../app/views';
import { isSimulationId } from '../app/simulation-service';

const KIND = 'simulacao';

/**
 * Every resolver asks for a session; the company always comes from it, never from an argument. The list runs under
 * the company's read ceiling (`reads`).
 */
export function createResolvers(service: SimulationService, reads: ReadCeiling) {
  return {
    Query: {
      simulacaoImpostoDisponivel: resolver<unknown, boolean>(async (_parent, _args, context) => {
        requireSession(context);
        return true;
      }),

      simulacaoImposto: resolver<{ id: string }, SimulacaoView | null>(async (_parent, { id }, context) => {
        return service.get(requireSession(context).companyId, id);
      }),

      simulacoesImposto: resolver<{ primeiros: number; depois?: string | null }, { itens: SimulacaoView[]; proximo: string | null }>(
        async (_parent, args, context) => {
          const { companyId } = requireSession(context);
          const limit = pageSize(args.primeiros);
          const position = args.depois ? decodeCursor(KIND, args.depois, { withInstant: true, isId: isSimulationId }) : null;
          const depois = position ? { criadaEm: position.em!, id: position.id } : null;
          // One more than asked: it only tells whether a next page exists.
          const { views, records } = await reads.run(companyId, () => service.page(companyId, limit + 1, depois));
          const lidos = views.map((view, i) => ({ view, record: records[i] }));
          return pageOf(lidos, limit, KIND, (lido) => lido.view, ({ record }) => ({ em: record.criadaEm, id: record._id }));
        },
      ),
    },
    Mutation: {
      simularImpostos: resolver<{ input: unknown }, SimulacaoView>(async (_parent, { input }, context) => {
        return service.simulate(requireSession(context), input);
      }),

      provisionarImpostos: resolver<{ simulacaoId: string }, SimulacaoView>(async (_parent, { simulacaoId }, context) => {
        return service.provision(requireAdmin(context), simulacaoId);
      }),

      compararRegimes: resolver<{ input: unknown }, SimulacaoView[]>(async (_parent, { input }, context) => {
        return service.compare(requireSession(context), input);
      }),
    },
  };
}
