import { RemoteGraphQLDataSource } from '@apollo/gateway';
import { HeaderMap } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { CommonErrorCodes } from '@erp/contracts';
import type { Logger } from '@erp/kit';

type DropFirst<T extends unknown[]> = T extends [unknown, ...infer R] ? R : never;

interface SubgraphErrorBody {
  errors?: { message?: unknown; extensions?: Record<string, unknown> }[];
}

/** Seconds a client is told to wait after a subgraph did not answer (the REST proxy says the same). */
const RETRY_AFTER_SECONDS = '5';

/** node-fetch's error for a request that got no answer: `type` says whether it timed out or the connection failed. */
function fetchFailure(error: unknown): { type: string } | null {
  if (!(error instanceof Error) || error.name !== 'FetchError') return null;
  const { type } = error as Error & { type?: unknown };
  return { type: typeof type === 'string' ? type : 'system' };
}

/**
 * A subgraph that gave no answer, as the client's error: a timeout is `TEMPO_ESGOTADO`, a refused, reset or
 * dropped connection `SERVICO_INDISPONIVEL`. The answer stays HTTP 200, as for every error met while executing
 * (other subgraphs' data may be there), with `Retry-After`; the subgraph's URL is never shown.
 */
export function subgraphUnavailable(error: unknown): GraphQLError | null {
  const failure = fetchFailure(error);
  if (!failure) return null;
  const http = { headers: new HeaderMap([['retry-after', RETRY_AFTER_SECONDS]]) };
  if (failure.type === 'request-timeout' || failure.type === 'body-timeout') {
    return new GraphQLError('um serviço não respondeu a tempo; tente novamente em alguns segundos', {
      extensions: { code: CommonErrorCodes.TEMPO_ESGOTADO, http },
    });
  }
  return new GraphQLError('um serviço está indisponível no momento; tente novamente em alguns segundos', {
    extensions: { code: CommonErrorCodes.SERVICO_INDISPONIVEL, http },
  });
}

/**
 * A subgraph answers some refusals with a non-2xx status (401 for a bad session, 400 for a variable it cannot
 * coerce) and a normal GraphQL error body. The stock data source replaces that body with "400: Bad Request" plus
 * the subgraph's URL; we pass the subgraph's own message and stable code through instead, and nothing else.
 * A subgraph that does not answer at all is `subgraphUnavailable` (the stock error would be masked as ours).
 */
export class SubgraphDataSource<Context extends Record<string, unknown>> extends RemoteGraphQLDataSource<Context> {
  /** Set through the constructor's config (the stock data source copies it onto the instance). */
  declare readonly log?: Pick<Logger, 'warn'>;

  constructor(config: Partial<SubgraphDataSource<Context>> & ThisType<SubgraphDataSource<Context>>) {
    super(config);
  }

  override async errorFromResponse(response: Parameters<RemoteGraphQLDataSource['errorFromResponse']>[0]): Promise<GraphQLError> {
    const body = (await this.parseBody(response).catch(() => undefined)) as SubgraphErrorBody | string | undefined;
    const first = typeof body === 'object' ? body?.errors?.[0] : undefined;
    const code = first?.extensions?.code;
    if (first && typeof first.message === 'string' && typeof code === 'string') {
      return new GraphQLError(first.message, { extensions: { code } });
    }
    return new GraphQLError(`subgraph answered HTTP ${response.status}`, { extensions: { code: 'ERRO_INTERNO' } });
  }

  override didEncounterError(error: Error, ...rest: DropFirst<Parameters<RemoteGraphQLDataSource<Context>['didEncounterError']>>): void {
    const unavailable = subgraphUnavailable(error);
    if (unavailable) {
      this.log?.warn({ err: error, subgraph: this.url }, 'subgraph gave no answer');
      throw unavailable;
    }
    super.didEncounterError(error, ...rest);
  }
}
