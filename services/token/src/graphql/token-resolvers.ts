import { requireAdmin, resolver, toDate } from '@erp/kit';
import { IngestionEntities, type TokenMode, type TokenStatus } from '@erp/contracts';
import { effectiveStatus } from '../domain/status';
import { digestOf, generateTokenValue, prefixOf } from '../domain/token-value';
import { normalizeMode, normalizeName, normalizeScope, requireFutureExpiry } from '../domain/token-input';
import { changeOf, type TokenAction } from '../domain/transitions';
import type { PublishTokenChanged } from '../messaging/token-events';
import type { TokenChanges, TokenStore, TokenWithUse } from '../store/token-store';

interface TokenIngestaoView {
  id: string;
  nome: string;
  prefixo: string;
  modo: TokenMode;
  status: TokenStatus;
  entidades: string[];
  expiraEm: Date | null;
  criadoEm: Date;
  ultimoUsoEm: Date | null;
}

function view(token: TokenWithUse, now: Date): TokenIngestaoView {
  return {
    id: token._id.toHexString(),
    nome: token.nome,
    prefixo: token.prefixo,
    modo: token.modo,
    status: effectiveStatus(token.status, token.expiraEm, now),
    entidades: token.entidades,
    expiraEm: token.expiraEm,
    criadoEm: token.criadoEm,
    ultimoUsoEm: token.ultimoUsoEm,
  };
}

interface CriarInput {
  nome: string;
  entidades: string[];
  modo?: TokenMode | null;
  expiraEm?: unknown;
}

/**
 * Token administration. Every operation is for the admin of the session's company, and every query and
 * update is filtered by that company: another company's id behaves exactly like an unknown one.
 */
export function tokenResolvers(store: TokenStore, publish: PublishTokenChanged) {
  const transition = <A extends { id: string }>(action: TokenAction, changes: (args: A, now: Date) => TokenChanges = () => ({})) =>
    resolver<A, TokenIngestaoView>(async (_parent, args, context) => {
      const session = requireAdmin(context);
      const now = new Date();
      const token = await store.apply(session.companyId, args.id, action, changes(args, now), session.userId, now);
      await publish(token, changeOf[action], now);
      return view(token, now);
    });

  return {
    Query: {
      tokensIngestao: resolver(async (_parent, _args, context) => {
        const session = requireAdmin(context);
        const now = new Date();
        return (await store.listByCompany(session.companyId)).map((token) => view(token, now));
      }),
      entidadesIngestao: resolver(async (_parent, _args, context) => {
        requireAdmin(context);
        return [...IngestionEntities];
      }),
    },
    Mutation: {
      criarTokenIngestao: resolver<{ input: CriarInput }, { token: string; tokenIngestao: TokenIngestaoView }>(
        async (_parent, { input }, context) => {
          const session = requireAdmin(context);
          const now = new Date();
          const { nome, nomeChave } = normalizeName(input.nome);
          const entidades = normalizeScope(input.entidades);
          const modo = normalizeMode(input.modo);
          const expiraEm = input.expiraEm == null ? null : requireFutureExpiry(toDate(input.expiraEm), now);
          const value = generateTokenValue();
          const token = await store.create({
            companyId: session.companyId,
            nome,
            nomeChave,
            digest: digestOf(value),
            prefixo: prefixOf(value),
            modo,
            entidades,
            status: 'ATIVO',
            expiraEm,
            criadoEm: now,
            criadoPor: session.userId,
          });
          await publish(token, 'CRIADO', now);
          return { token: value, tokenIngestao: view(token, now) };
        },
      ),
      revogarTokenIngestao: transition('revogar'),
      inativarTokenIngestao: transition('inativar'),
      reativarTokenIngestao: transition('reativar'),
      renovarTokenIngestao: transition('renovar', (args: { id: string; expiraEm: unknown }, now) => ({
        expiraEm: requireFutureExpiry(toDate(args.expiraEm), now),
      })),
      definirEscopoTokenIngestao: transition('definirEscopo', (args: { id: string; entidades: string[] }) => ({
        entidades: normalizeScope(args.entidades),
      })),
    },
  };
}
