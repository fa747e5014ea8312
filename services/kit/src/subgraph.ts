import {
  ApolloServer,
  type ApolloServerOptions,
  type ApolloServerOptionsWithGateway,
  type BaseContext,
} from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { buildSubgraphSchema } from '@apollo/subgraph';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import { GraphQLError, parse, type DocumentNode, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import type { Session } from '@erp/contracts';
import type { FastifyInstance } from './http';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
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

/** Verifies a session for GraphQL: a refusal becomes UNAUTHENTICATED, its reason goes to the log only. */
export async function sessionOrRefuse(
  verifySession: SessionVerifier,
  authorization: string | undefined,
  log: FastifyBaseLogger,
): Promise<Session> {
  try {
    return await verifySession(authorization);
  } catch (error) {
    if (error instanceof SessionError) {
      log.info({ reason: error.reason }, 'session refused');
      throw unauthenticated();
    }
    throw error;
  }
}

/**
 * Serves GraphQL at `/graphql` on the service's HTTP app, the same way for a subgraph and for the gateway:
 * no stack traces, our own faults masked, in-flight requests drained on close, no per-request tracing.
 */
export async function mountGraphqlServer<C extends BaseContext>(
  app: FastifyInstance,
  options: {
    source: { schema: GraphQLSchema } | Pick<ApolloServerOptionsWithGateway<C>, 'gateway'>;
    log: Logger;
    context: (request: FastifyRequest) => Promise<C>;
  },
): Promise<ApolloServer<C>> {
  const server = new ApolloServer<C>({
    ...options.source,
    includeStacktraceInErrorResponses: false,
    formatError: maskInternalErrors(options.log),
    plugins: [fastifyApolloDrainPlugin(app), ApolloServerPluginInlineTraceDisabled()],
  } as ApolloServerOptions<C>);
  await server.start();
  await app.register(fastifyApollo(server), { path: '/graphql', context: options.context });
  return server;
}

/**
 * Mounts this service's subgraph. The session is verified here again, not trusted from the gateway: a header
 * anyone could set is worth nothing. A request without one gets `session: null` (composition reads `_service`).
 */
export function mountSubgraph(
  app: FastifyInstance,
  options: { typeDefs: DocumentNode; resolvers: object; verifySession: SessionVerifier; log: Logger },
): Promise<ApolloServer<GraphContext>> {
  return mountGraphqlServer<GraphContext>(app, {
    source: { schema: buildSubgraphSchema([{ typeDefs: options.typeDefs, resolvers: options.resolvers as never }]) },
    log: options.log,
    context: async (request) => {
      const authorization = request.headers.authorization;
      if (!authorization) return { session: null, log: request.log };
      return { session: await sessionOrRefuse(options.verifySession, authorization, request.log), log: request.log };
    },
  });
}

/** Template tag for subgraph SDL, parsed once at start so a typo fails the service, not a request. */
export function gql(strings: TemplateStringsArray, ...values: unknown[]): DocumentNode {
  return parse(strings.reduce((text, part, i) => text + part + (i < values.length ? String(values[i]) : ''), ''));
}
