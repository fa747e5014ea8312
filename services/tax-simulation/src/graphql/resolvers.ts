import { Refusal, TaxErrorCodes } from '@erp/contracts';
import { requireAdmin, requireSession, resolver, type ReadCeiling } from '@erp/kit';
import type { SimulationService } from '../app/simulation-service';
import type { SimulacaoView } from '../app/views';
import { decodeCursor, encodeCursor } from './cursor';

const MIN_PAGE = 1;
const MAX_PAGE = 200;

function pageSize(primeiros: number): number {
  if (!Number.isInteger(primeiros) || primeiros < MIN_PAGE || primeiros > MAX_PAGE) {
    throw new Refusal(TaxErrorCodes.PRIMEIROS_INVALIDO, `primeiros deve estar entre ${MIN_PAGE} e ${MAX_PAGE}`);
  }
  return primeiros;
}

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
          const depois = args.depois ? decodeCursor(args.depois) : null;
          if (args.depois && !depois) {
            throw new Refusal(TaxErrorCodes.CURSOR_INVALIDO, 'cursor "depois" inválido; use o valor de "proximo" de uma página desta mesma consulta');
          }
          // One more than asked: it only tells whether a next page exists.
          const { views, records } = await reads.run(companyId, () => service.page(companyId, limit + 1, depois));
          const itens = views.slice(0, limit);
          const last = records[limit - 1];
          return { itens, proximo: views.length > limit ? encodeCursor({ criadaEm: last.criadaEm, id: last._id }) : null };
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
