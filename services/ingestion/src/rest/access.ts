import type { FastifyReply, FastifyRequest } from 'fastify';
import { IngestionErrorCodes as Codes, Refusal, type IngestionEntity, type TokenIdentity } from '@erp/contracts';
import { entityRefusal, readBearer, tokenRefusal, unknownToken } from '../app/auth/token-access';
import { ingestionMetrics, timedStep } from '../app/metrics';
import { findEntity } from '../domain';
import type { EntityDefinition } from '../domain/types';
import { TokenServiceUnavailable, type TokenAuthenticator } from '../messaging/token-authenticator';
import type { RateDecision, RateLimiter } from '../store/rate-limit';

/** What the access checks established about a request, for the handler. */
interface IngestionAccess {
  token: TokenIdentity;
  recebidoEm: Date;
  rate: RateDecision | null;
  entity: EntityDefinition | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    ingestao: IngestionAccess | null;
  }
  interface FastifyContextConfig {
    /** The route names an entity in `:entidade`, checked against the token's scope before the body is read. */
    entidade?: boolean;
  }
}

export function accessOf(request: FastifyRequest): IngestionAccess {
  if (!request.ingestao) throw new Error('ingestion route reached without its access checks');
  return request.ingestao;
}

/**
 * `onRequest` hook: runs before the body is read, so a client with a bad token, a wrong entity or no
 * requests left is answered without uploading its batch. Order: who is calling (401), how often (429),
 * then what it may write (404/403). Every authenticated request counts towards the rate limit.
 */
export function accessCheck(options: {
  authenticator: TokenAuthenticator;
  limiter: RateLimiter;
  existing: readonly IngestionEntity[];
}) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const recebidoEm = new Date();
    const bearer = readBearer(request.headers.authorization);
    if (!bearer.ok) throw bearer.refusal;

    let authentication;
    try {
      authentication = await options.authenticator.authenticate(bearer.value);
    } catch (error) {
      if (!(error instanceof TokenServiceUnavailable)) throw error;
      request.log.error({ err: error.cause }, 'token service unavailable');
      reply.header('retry-after', '5');
      throw new Refusal(Codes.SERVICO_INDISPONIVEL, 'autenticação indisponível no momento; tente de novo em alguns segundos', { status: 503 });
    }
    if (!authentication.found) throw unknownToken();
    const token = authentication.identity;
    const tokenRefused = tokenRefusal(token, recebidoEm);
    if (tokenRefused) throw tokenRefused;

    const access: IngestionAccess = { token, recebidoEm, rate: null, entity: null };
    request.ingestao = access;
    request.log = request.log.child({ tokenId: token.id, companyId: token.companyId });

    access.rate = await timedStep('rate_limit', () => options.limiter.hit(token.id));
    if (!access.rate.allowed) {
      ingestionMetrics.rateLimited.inc();
      reply.header('retry-after', String(access.rate.resetSeconds));
      throw new Refusal(
        Codes.LIMITE_REQUISICOES,
        `limite de ${access.rate.limit} requisições por minuto excedido para este token; tente de novo em ${access.rate.resetSeconds} s, sem rajadas`,
        { status: 429, extra: { limite: access.rate.limit, tenteNovamenteEmSegundos: access.rate.resetSeconds } },
      );
    }

    if (request.routeOptions.config.entidade) {
      const name = String((request.params as { entidade?: string }).entidade ?? '');
      const entityRefused = entityRefusal(name, token.entidades, options.existing);
      if (entityRefused) throw entityRefused;
      access.entity = findEntity(name) ?? null;
      if (!access.entity) throw new Error(`entity ${name} has no definition`);
    }
  };
}

/** `onSend` hook: the rate-limit state goes on every response of an authenticated request, errors included. */
export async function rateLimitHeaders(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const rate = request.ingestao?.rate;
  if (!rate) return;
  reply.header('ratelimit-limit', String(rate.limit));
  reply.header('ratelimit-remaining', String(rate.remaining));
  reply.header('ratelimit-reset', String(rate.resetSeconds));
}
