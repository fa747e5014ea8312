import type { ApolloServer } from '@apollo/server';
import { ApolloGateway } from '@apollo/gateway';
import { SubgraphDataSource } from './subgraph-source';
import type { UpstreamFetch } from './upstream-fetch';
import { mountGraphqlServer, verifiedSession, type FastifyInstance, type GraphqlLimits, type Logger, type SessionVerifier } from '@erp/kit';

interface GatewayContext extends Record<string, unknown> {
  authorization: string;
  requestId: string;
}

/**
 * Serves the federated graph at `/graphql`. The session is verified first, before the body is read (a request
 * without a valid one never reaches a subgraph), and then forwarded unchanged, for each subgraph verifies it
 * again. The GraphQL limits are checked before the operation is validated or planned.
 */
export async function mountGateway(
  app: FastifyInstance,
  options: {
    supergraphSdl: string;
    verifySession: SessionVerifier;
    log: Logger;
    /** The gateway's one upstream client (bounded sockets, a timeout). */
    fetcher: UpstreamFetch;
    limits: GraphqlLimits;
    introspection: boolean;
  },
): Promise<ApolloServer<GatewayContext>> {
  const gateway = new ApolloGateway({
    supergraphSdl: options.supergraphSdl,
    logger: options.log,
    buildService: ({ url }) =>
      new SubgraphDataSource<GatewayContext>({
        url,
        fetcher: options.fetcher,
        log: options.log,
        willSendRequest(options) {
          // Only a client's operation has a session to forward; with a static supergraph and no health checks
          // the gateway sends nothing else.
          if (!('incomingRequestContext' in options)) return;
          const { request, context } = options;
          request.http?.headers.set('authorization', context.authorization);
          request.http?.headers.set('x-request-id', context.requestId);
        },
      }),
  });
  return mountGraphqlServer<GatewayContext>(app, {
    source: { gateway },
    log: options.log,
    limits: options.limits,
    introspection: options.introspection,
    authenticate: async (request) => {
      request.session = await verifiedSession(options.verifySession, request);
    },
    context: async (request) => ({ authorization: request.headers.authorization ?? '', requestId: String(request.id) }),
  });
}
