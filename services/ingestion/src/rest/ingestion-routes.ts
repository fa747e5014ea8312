import { createHash } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '@erp/kit';
import { describeEntity, entityDefinitions, parseBatchBody } from '../domain';
import { ingestBatch, type BatchResult, type IngestDeps } from '../ingest/ingest-batch';
import type { TokenAuthenticator } from '../messaging/token-authenticator';
import type { IdempotencyStore } from '../store/idempotency';
import type { RateLimiter } from '../store/rate-limit';
import { accessCheck, accessOf, rateLimitHeaders } from './access';
import { IngestionErrorCodes as Codes } from '@erp/contracts';
import { bodyTooLarge, decodeBody } from './gzip';

/** Rows per request (spec section 8); reported to clients as `maxLinhasPorRequisicao`. */
export const MAX_LINHAS = 500;

export interface IngestionRoutesOptions {
  authenticator: TokenAuthenticator;
  limiter: RateLimiter;
  idempotency: IdempotencyStore;
  ingest: IngestDeps;
  bodyLimitBytes: number;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

function mensagem(result: BatchResult): string {
  const counts = `${result.gravadas} gravada(s), ${result.recusadas} recusada(s), ${result.duplicadas} duplicada(s) de ${result.totalLinhas} linha(s)`;
  return result.preview ? `Pré-visualização: ${counts}; nada foi gravado.` : `Lote processado: ${counts}.`;
}

/** The REST surface of spec 4.1 under `/api/ingestao-pub`, in its own fastify scope (own parsers and errors). */
export function ingestionRoutes(options: IngestionRoutesOptions) {
  const existing = entityDefinitions.map((def) => def.entidade);

  return async (scope: FastifyInstance): Promise<void> => {
    scope.decorateRequest('ingestao', null);
    scope.addHook('onRequest', accessCheck({ authenticator: options.authenticator, limiter: options.limiter, existing }));
    scope.addHook('onSend', rateLimitHeaders);
    scope.addHook('preParsing', async (request, _reply, payload) =>
      decodeBody(request.headers['content-encoding'], payload, options.bodyLimitBytes),
    );

    // Only JSON is accepted. Plain JSON.parse: a `__proto__` key becomes an ordinary own key that the row
    // validation ignores, instead of refusing the whole batch.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new HttpError(400, Codes.CORPO_INVALIDO, 'o corpo não é JSON válido; envie { "linhas": [ {...}, ... ] }'), undefined);
      }
    });

    scope.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).send({ sucesso: false, codigo: error.codigo, erro: error.message, ...error.extra });
      }
      const status = error.statusCode ?? 500;
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
        const refusal = bodyTooLarge(options.bodyLimitBytes);
        return reply.code(413).send({ sucesso: false, codigo: refusal.codigo, erro: refusal.message, ...refusal.extra });
      }
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
        return reply.code(415).send({ sucesso: false, codigo: Codes.TIPO_CONTEUDO_INVALIDO, erro: 'Content-Type deve ser application/json' });
      }
      if (status >= 400 && status < 500) {
        const erro = String(error.code ?? '').startsWith('Z_') ? 'corpo gzip inválido' : 'corpo da requisição ilegível';
        return reply.code(400).send({ sucesso: false, codigo: Codes.CORPO_INVALIDO, erro });
      }
      request.log.error({ err: error }, 'ingestion request failed');
      return reply.code(500).send({ sucesso: false, codigo: Codes.ERRO_INTERNO, erro: 'erro interno; em UPSERT é seguro reenviar o lote' });
    });

    scope.get('/entidades', async (request) => {
      const { token } = accessOf(request);
      return {
        sucesso: true,
        dados: {
          token: { nome: token.nome, prefixo: token.prefixo, modo: token.modo },
          maxLinhasPorRequisicao: MAX_LINHAS,
          entidades: entityDefinitions.filter((def) => token.entidades.includes(def.entidade)).map(describeEntity),
        },
      };
    });

    const write = (preview: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
      const access = accessOf(request);
      const check = parseBatchBody(request.body, MAX_LINHAS);
      if (!check.ok) throw new HttpError(check.status, check.codigo, check.erro, check.extra);
      const run = async () => {
        const dados = await ingestBatch(options.ingest, {
          def: access.entity!,
          token: access.token,
          linhas: check.linhas,
          preview,
          recebidoEm: access.recebidoEm,
        });
        return { sucesso: true, mensagem: mensagem(dados), dados };
      };
      const key = request.headers['idempotency-key'];
      // A preview stores nothing, so there is nothing to replay: the header is ignored there.
      if (preview || key === undefined) return run();
      return withIdempotency(options.idempotency, request, reply, String(key), run);
    };

    const bodyLimit = options.bodyLimitBytes;
    scope.post('/:entidade/preview', { config: { entidade: true }, bodyLimit }, write(true));
    scope.post('/:entidade', { config: { entidade: true }, bodyLimit }, write(false));
  };
}

/**
 * Runs a stored batch at most once per `Idempotency-Key` (per token): the same key with the same entity and
 * body replays the first response; with anything else it is refused.
 */
async function withIdempotency(
  store: IdempotencyStore,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  run: () => Promise<object>,
): Promise<unknown> {
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new HttpError(400, Codes.CHAVE_IDEMPOTENCIA_INVALIDA, 'Idempotency-Key deve ter de 1 a 255 caracteres ASCII visíveis');
  }
  const { token, entity } = accessOf(request);
  const impressao = createHash('sha256').update(`${entity!.entidade}\n${JSON.stringify(request.body)}`).digest('hex');
  const claim = await store.claim(token.id, key, impressao);
  switch (claim.kind) {
    case 'replay':
      reply.header('idempotency-replayed', 'true');
      return reply.code(claim.status).type('application/json; charset=utf-8').send(claim.body);
    case 'reused':
      throw new HttpError(
        422,
        Codes.CHAVE_IDEMPOTENCIA_REUTILIZADA,
        'esta Idempotency-Key já foi usada com outro corpo ou outra entidade; use uma chave nova para um lote novo',
      );
    case 'in-progress':
      reply.header('retry-after', '2');
      throw new HttpError(409, Codes.CHAVE_IDEMPOTENCIA_EM_USO, 'um lote com esta Idempotency-Key ainda está sendo processado; tente de novo em instantes');
    case 'new':
      break;
  }
  let response: object;
  try {
    response = await run();
  } catch (error) {
    await store.release(token.id, key).catch((releaseError) => request.log.error({ err: releaseError }, 'idempotency release failed'));
    throw error;
  }
  const body = JSON.stringify(response);
  await store.complete(token.id, key, 200, body);
  return reply.code(200).type('application/json; charset=utf-8').send(body);
}
