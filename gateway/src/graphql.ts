import http from 'node:http';
import https from 'node:https';
import type { ApolloServer } from '@apollo/server';
import { ApolloGateway } from '@apollo/gateway';
import fetch from 'node-fetch';
import { SubgraphDataSource } from './subgraph-source';
import { mountGraphqlServer, verifiedSession, type FastifyInstance, type GraphqlLimits, type Logger, type SessionVerifier } from '@erp/kit';

interface GatewayContext extends Record<string, unknown> {
  authorization: string;
  requestId: string;
}

/** Keep-alive agents with a ceiling, so a slow subgraph cannot make the gateway open sockets without bound. */
function boundedFetcher(maxSockets: number, timeoutMs: number) {
  const httpAgent = new http.Agent({ keepAlive: true, maxSockets });
  const httpsAgent = new https.Agent({ keepAlive: true, maxSockets });
  return ((url: string, init: Record<string, unknown>) =>
    fetch(url, {
      ...init,
      timeout: timeoutMs,
      agent: (parsed: URL) => (parsed.protocol === 'https:' ? httpsAgent : httpAgent),
    })) as never;
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
    maxSockets: number;
    timeoutMs: number;
    limits: GraphqlLimits;
    introspection: boolean;
  },
): Promise<ApolloServer<GatewayContext>> {
  const fetcher = boundedFetcher(options.maxSockets, options.timeoutMs);
  const gateway = new ApolloGateway({
    supergraphSdl: options.supergraphSdl,
    logger: options.log,
    buildService: ({ url }) =>
      new SubgraphDataSource<GatewayContext>({
        url,
        fetcher,
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
