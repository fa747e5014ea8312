import { ApolloServer, type BaseContext } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { buildSubgraphSchema } from '@apollo/subgraph';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import { GraphQLError, parse, type DocumentNode, type GraphQLFormattedError } from 'graphql';
import type { Session } from '@erp/contracts';
import type { FastifyInstance } from './http';
import type { FastifyBaseLogger } from 'fastify';
import type { Logger } from './logger';
import { SessionError, type SessionVerifier } from './session';

export interface GraphContext extends BaseContext {
  /** Null when the request carried no session (only `_service`, used by composition, needs none). */
  session: Session | null;
  log: FastifyBaseLogger;
}

export function unauthenticated(): GraphQLError {
  return new GraphQLError('sessão ausente ou inválida', { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });
}

export function requireSession(context: GraphContext): Session {
  if (!context.session) throw unauthenticated();
  return context.session;
}

export function requireAdmin(context: GraphContext): Session {
  const session = requireSession(context);
  if (session.role !== 'admin') {
    throw new GraphQLError('apenas administradores da empresa', { extensions: { code: 'FORBIDDEN' } });
  }
  return session;
}

/** A refusal with a stable `extensions.code`, shown to the client as is. */
export function refusal(code: string, message: string, extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extra } });
}

const CLIENT_CODES = new Set(['INTERNAL_SERVER_ERROR']);

/** Our own faults are logged in full and shown as a bare `ERRO_INTERNO`: no message, path or stack leaks. */
export function maskInternalErrors(log: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const code = formatted.extensions?.code;
    if (typeof code === 'string' && !CLIENT_CODES.has(code)) return formatted;
    log.error({ err: error }, 'graphql resolver failed');
    return { message: 'erro interno', path: formatted.path, extensions: { code: 'ERRO_INTERNO' } };
  };
}

/**
 * Mounts this service's subgraph at `/graphql`. The session is verified here again, not trusted from the
 * gateway: a header anyone could set is worth nothing.
 */
export async function mountSubgraph(
  app: FastifyInstance,
  options: { typeDefs: DocumentNode; resolvers: object; verifySession: SessionVerifier; log: Logger },
): Promise<ApolloServer<GraphContext>> {
  const server = new ApolloServer<GraphContext>({
    schema: buildSubgraphSchema([{ typeDefs: options.typeDefs, resolvers: options.resolvers as never }]),
    includeStacktraceInErrorResponses: false,
    formatError: maskInternalErrors(options.log),
    // No Apollo Studio here, so no per-request trace building.
    plugins: [fastifyApolloDrainPlugin(app), ApolloServerPluginInlineTraceDisabled()],
  });
  await server.start();
  await app.register(fastifyApollo(server), {
    path: '/graphql',
    context: async (request) => {
      const authorization = request.headers.authorization;
      if (!authorization) return { session: null, log: request.log };
      try {
        return { session: await options.verifySession(authorization), log: request.log };
      } catch (error) {
        if (error instanceof SessionError) {
          request.log.info({ reason: error.reason }, 'session refused');
          throw unauthenticated();
        }
        throw error;
      }
    },
  });
  return server;
}

/** Template tag for subgraph SDL, parsed once at start so a typo fails the service, not a request. */
export function gql(strings: TemplateStringsArray, ...values: unknown[]): DocumentNode {
  return parse(strings.reduce((text, part, i) => text + part + (i < values.length ? String(values[i]) : ''), ''));
}
