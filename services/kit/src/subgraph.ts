import {
  ApolloServer,
  type ApolloServerOptionsWithGateway,
  type ApolloServerPlugin,
  type BaseContext,
} from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { buildSubgraphSchema } from '@apollo/subgraph';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import { GraphQLError, Kind, parse, type DocumentNode, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { CommonErrorCodes, Refusal, type Session } from '@erp/contracts';
import { storeRefusal, type FastifyInstance } from './http';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { checkOperation, type GraphqlLimits, type OperationRequest } from './graphql-limits';
import type { Logger } from './logger';
import { graphqlMetricsPlugin } from './metrics';
import { DateTime } from './date-time';
import { requireRole, unauthenticatedRefusal, verifiedSession } from './rest-session';
import type { SessionVerifier } from './session';

export interface GraphContext extends BaseContext {
  /** Null when the request carried no session (only `_service`, used by composition, needs none). */
  session: Session | null;
  log: FastifyBaseLogger;
}

/** The GraphQL face of a refusal: `extensions.code` = `codigo`, its extra fields beside it. */
function refusalExtensions(refusal: Refusal): Record<string, unknown> {
  return { code: refusal.codigo, ...refusal.extra };
}

/**
 * A refusal as a GraphQL error, for the few places that must throw one before execution (the session
 * check): a 401 keeps its HTTP status. Resolvers simply throw `Refusal`; `maskInternalErrors` maps those.
 */
export function toGraphQLError(refusal: Refusal): GraphQLError {
  const http = refusal.status === 401 ? { http: { status: 401 } } : {};
  return new GraphQLError(refusal.erro, { extensions: { ...refusalExtensions(refusal), ...http } });
}

export type Resolver<A, R> = (parent: unknown, args: A, context: GraphContext) => Promise<R>;

/** Types a resolver's arguments and result; a `Refusal` it throws reaches the client with its code. */
export function resolver<A, R>(fn: Resolver<A, R>): Resolver<A, R> {
  return fn;
}

export function requireSession(context: GraphContext): Session {
  if (!context.session) throw toGraphQLError(unauthenticatedRefusal());
  return context.session;
}

export function requireAdmin(context: GraphContext): Session {
  return requireRole(requireSession(context), 'admin');
}

/** Apollo's code for a request it refuses as a whole (what its clients already handle). */
const APOLLO_BAD_REQUEST = 'BAD_REQUEST';

/** Apollo's code for a thrown error that is not a GraphQLError: one of ours unless it is a Refusal. */
const UNCLASSIFIED = 'INTERNAL_SERVER_ERROR';

/**
 * Refusals thrown by resolvers become `extensions.code` = `codigo` with their extra fields; a query stopped by
 * its time limit is `TEMPO_ESGOTADO` and one that found no database `SERVICO_INDISPONIVEL`; GraphQL's own
 * refusals (parse, validation, bad variables) keep their codes; our own faults are logged in full and shown
 * as a bare `ERRO_INTERNO`: no message, path or stack leaks.
 */
export function maskInternalErrors(log: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    if (original instanceof Refusal) {
      return { message: original.erro, locations: formatted.locations, path: formatted.path, extensions: refusalExtensions(original) };
    }
    const unavailable = storeRefusal(original);
    if (unavailable) return { message: unavailable.erro, path: formatted.path, extensions: refusalExtensions(unavailable) };
    const code = formatted.extensions?.code;
    if (typeof code === 'string' && code !== UNCLASSIFIED) return formatted;
    // Apollo refuses some requests itself with a 4xx and no code (a persisted query whose hash does not match).
    const status = (original instanceof GraphQLError ? original.extensions.http : undefined) as { status?: number } | undefined;
    if (status?.status !== undefined && status.status >= 400 && status.status < 500) {
      return { message: formatted.message, extensions: { code: APOLLO_BAD_REQUEST } };
    }
    log.error({ err: error }, 'graphql resolver failed');
    return { message: 'erro interno', path: formatted.path, extensions: { code: CommonErrorCodes.ERRO_INTERNO } };
  };
}

/** A refusal answered before Apollo runs, in the shape GraphQL clients read: `errors[0].extensions.code`. */
function sendGraphqlRefusal(reply: FastifyReply, refusal: Refusal): FastifyReply {
  return reply
    .code(refusal.status)
    .type('application/json; charset=utf-8')
    .send({ errors: [{ message: refusal.erro, extensions: refusalExtensions(refusal) }] });
}

/** The operation of a GET (query string, variables as JSON text) or POST (JSON body); null for anything else. */
function operationOf(request: FastifyRequest): OperationRequest | null {
  const params = (request.method === 'GET' ? request.query : request.body) as Record<string, unknown> | null;
  if (typeof params !== 'object' || params === null || Array.isArray(params) || typeof params.query !== 'string') return null;
  let variables = params.variables;
  if (typeof variables === 'string') {
    try {
      variables = JSON.parse(variables) as unknown;
    } catch {
      variables = undefined;
    }
  }
  return {
    query: params.query,
    variables: typeof variables === 'object' && variables !== null && !Array.isArray(variables) ? (variables as Record<string, unknown>) : undefined,
    operationName: typeof params.operationName === 'string' ? params.operationName : undefined,
  };
}

/** Keeps the schema Apollo serves (the gateway's changes when its supergraph loads). */
function schemaTracker(initial: GraphQLSchema | null): { current: () => GraphQLSchema | null; plugin: ApolloServerPlugin } {
  let schema = initial;
  return {
    current: () => schema,
    plugin: {
      async serverWillStart() {
        return {
          schemaDidLoadOrUpdate({ apiSchema }) {
            schema = apiSchema;
          },
        };
      },
    },
  };
}

/**
 * Serves GraphQL at `/graphql` on the service's HTTP app, the same way for a subgraph and for the gateway:
 * no stack traces, our own faults masked, in-flight requests drained on close, no per-request tracing,
 * introspection only outside production. Two checks run before Apollo does anything with the request:
 * `authenticate` in `onRequest` (a 401 comes before anything about the body: its type, size or GraphQL), then
 * the limits (`checkOperation`), before GraphQL validates the operation or the gateway plans it.
 */
export async function mountGraphqlServer<C extends BaseContext>(
  app: FastifyInstance,
  options: {
    source: { schema: GraphQLSchema } | Pick<ApolloServerOptionsWithGateway<C>, 'gateway'>;
    log: Logger;
    limits: GraphqlLimits;
    introspection: boolean;
    /** Throws a `Refusal` (401) for a caller that may not use the graph at all. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    context: (request: FastifyRequest) => Promise<C>;
  },
): Promise<ApolloServer<C>> {
  const schema = schemaTracker('schema' in options.source ? options.source.schema : null);
  const server = new ApolloServer<C>({
    ...options.source,
    includeStacktraceInErrorResponses: false,
    // The kit's runService owns SIGTERM/SIGINT (HTTP closed, which drains Apollo, then NATS and the database).
    // Apollo's own handler would stop the server and re-send the signal, killing the process mid-shutdown
    // whenever NODE_ENV is not `test`.
    stopOnTerminationSignals: false,
    introspection: options.introspection,
    // No automatic persisted queries: a hash sent without its text would reach Apollo past the limits, with
    // variables (page sizes) the limits never priced. No client of ours needs them.
    persistedQueries: false,
    // Apollo's own parse is bounded too, should a request ever reach it unchecked.
    parseOptions: { maxTokens: options.limits.maxTokens },
    formatError: maskInternalErrors(options.log),
    plugins: [fastifyApolloDrainPlugin(app), ApolloServerPluginInlineTraceDisabled(), schema.plugin, graphqlMetricsPlugin<C>()],
  });
  await server.start();
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      try {
        await options.authenticate(request);
      } catch (error) {
        if (error instanceof Refusal) return sendGraphqlRefusal(reply, error);
        throw error;
      }
    });
    scope.addHook('preHandler', async (request, reply) => {
      const operation = operationOf(request);
      const current = schema.current();
      if (!operation || !current) return;
      const refused = checkOperation(current, operation, options.limits);
      if (refused) {
        request.log.info({ codigo: refused.codigo, ...refused.extra }, 'graphql operation refused by a limit');
        return sendGraphqlRefusal(reply, refused);
      }
    });
    await scope.register(fastifyApollo(server), { path: '/graphql', context: options.context });
  });
  return server;
}

/** Whether the SDL declares `scalar DateTime` (then the kit's scalar serves it). */
function declaresDateTime(typeDefs: DocumentNode): boolean {
  return typeDefs.definitions.some((d) => d.kind === Kind.SCALAR_TYPE_DEFINITION && d.name.value === 'DateTime');
}

/**
 * Mounts this service's subgraph. The session is verified here again, not trusted from the gateway: a header
 * anyone could set is worth nothing. A request without one gets `session: null` (composition reads `_service`);
 * one with a header that does not verify is refused with 401 before its body is read.
 * A `scalar DateTime` in the SDL is served by the kit's `DateTime`, the same in every subgraph.
 */
export function mountSubgraph(
  app: FastifyInstance,
  options: {
    typeDefs: DocumentNode;
    resolvers: object;
    verifySession: SessionVerifier;
    log: Logger;
    limits: GraphqlLimits;
    introspection: boolean;
  },
): Promise<ApolloServer<GraphContext>> {
  return mountGraphqlServer<GraphContext>(app, {
    source: {
      schema: buildSubgraphSchema([
        {
          typeDefs: options.typeDefs,
          resolvers: (declaresDateTime(options.typeDefs) ? { DateTime, ...options.resolvers } : options.resolvers) as never,
        },
      ]),
    },
    log: options.log,
    limits: options.limits,
    introspection: options.introspection,
    authenticate: async (request) => {
      if (request.headers.authorization) request.session = await verifiedSession(options.verifySession, request);
    },
    context: async (request) => ({ session: request.session ?? null, log: request.log }),
  });
}

/** Template tag for subgraph SDL, parsed once at start so a typo fails the service, not a request. */
export function gql(strings: TemplateStringsArray, ...values: unknown[]): DocumentNode {
  return parse(strings.reduce((text, part, i) => text + part + (i < values.length ? String(values[i]) : ''), ''));
}
