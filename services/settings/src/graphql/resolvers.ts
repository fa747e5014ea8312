import { requireAdmin, requireSession, type GraphContext } from '@erp/kit';
import type { SettingsService } from '../app/settings-service';

/** graphql-js builds input objects without a prototype; the validator wants plain objects. */
function toPlainObject(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

export function createResolvers(service: SettingsService) {
  return {
    Query: {
      configuracaoFiscal: (_: unknown, __: unknown, context: GraphContext) => service.get(requireSession(context).companyId),
    },
    Mutation: {
      salvarConfiguracaoFiscal: async (_: unknown, args: { entrada: unknown; versaoEsperada?: number | null }, context: GraphContext) => {
        const session = requireAdmin(context);
        return service.save(session.companyId, session.userId, toPlainObject(args.entrada), {
          expectedVersion: args.versaoEsperada ?? undefined,
        });
      },
    },
  };
}
