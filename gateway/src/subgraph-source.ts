import { RemoteGraphQLDataSource } from '@apollo/gateway';
import { GraphQLError } from 'graphql';

interface SubgraphErrorBody {
  errors?: { message?: unknown; extensions?: Record<string, unknown> }[];
}

/**
 * A subgraph answers some refusals with a non-2xx status (401 for a bad session, 400 for a variable it cannot
 * coerce) and a normal GraphQL error body. The stock data source replaces that body with "400: Bad Request" plus
 * the subgraph's URL; we pass the subgraph's own message and stable code through instead, and nothing else.
 */
export class SubgraphDataSource<Context extends Record<string, unknown>> extends RemoteGraphQLDataSource<Context> {
  override async errorFromResponse(response: Parameters<RemoteGraphQLDataSource['errorFromResponse']>[0]): Promise<GraphQLError> {
    const body = (await this.parseBody(response).catch(() => undefined)) as SubgraphErrorBody | string | undefined;
    const first = typeof body === 'object' ? body?.errors?.[0] : undefined;
    const code = first?.extensions?.code;
    if (first && typeof first.message === 'string' && typeof code === 'string') {
      return new GraphQLError(first.message, { extensions: { code } });
    }
    return new GraphQLError(`subgraph answered HTTP ${response.status}`, { extensions: { code: 'ERRO_INTERNO' } });
  }
}
