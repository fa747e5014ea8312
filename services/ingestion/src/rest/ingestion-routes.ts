import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IngestionErrorCodes as Codes, Refusal } from '@erp/contracts';
import { ok } from '@erp/kit';
import { describeEntity, entityDefinitions, MAX_LINHAS_POR_REQUISICAO, parseBatchBody } from '../domain';
import { ingestBatch, resumeWritesUntil, type BatchResult, type IngestDeps } from '../app/ingest/ingest-batch';
import type { TokenAuthenticator } from '../messaging/token-authenticator';
import type { IdempotencyStore } from '../store/idempotency';
import type { RateLimiter } from '../store/rate-limit';
import { accessCheck, accessOf, rateLimitHeaders } from './access';
import { ingestionErrorHandler } from './error-reply';
import { decodeBody } from './gzip';
import { withIdempotency } from './idempotent-write';

interface IngestionRoutesOptions {
  authenticator: TokenAuthenticator;
  limiter: RateLimiter;
  idempotency: IdempotencyStore;
  ingest: IngestDeps;
  bodyLimitBytes: number;
}

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
        done(new Refusal(Codes.CORPO_INVALIDO, 'o corpo não é JSON válido; envie { "linhas": [ {...}, ... ] }', { status: 400 }), undefined);
      }
    });

    scope.setErrorHandler(ingestionErrorHandler(options.bodyLimitBytes));

    scope.get('/entidades', async (request) => {
      const { token } = accessOf(request);
      return ok({
        token: { nome: token.nome, prefixo: token.prefixo, modo: token.modo },
        maxLinhasPorRequisicao: MAX_LINHAS_POR_REQUISICAO,
        entidades: entityDefinitions.filter((def) => token.entidades.includes(def.entidade)).map(describeEntity),
      });
    });

    const write = (preview: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
      const access = accessOf(request);
      const check = parseBatchBody(request.body, MAX_LINHAS_POR_REQUISICAO);
      if (!check.ok) throw new Refusal(check.codigo, check.erro, { status: check.status, extra: check.extra });
      const run = async () => {
        const dados = await ingestBatch(options.ingest, {
          def: access.entity!,
          token: access.token,
          linhas: check.linhas,
          preview,
          recebidoEm: access.recebidoEm,
        });
        return ok(dados, mensagem(dados));
      };
      const key = request.headers['idempotency-key'];
      // A preview stores nothing, so there is nothing to replay: the header is ignored there.
      if (preview || key === undefined) return run();
      return withIdempotency(options.idempotency, request, reply, String(key), run, resumeWritesUntil(options.ingest, access.recebidoEm));
    };

    const bodyLimit = options.bodyLimitBytes;
    scope.post('/:entidade/preview', { config: { entidade: true }, bodyLimit }, write(true));
    scope.post('/:entidade', { config: { entidade: true }, bodyLimit }, write(false));
  };
}
