import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { IngestionErrorCodes as Codes, Refusal } from '@erp/contracts';
import { sendRefusal, storeRefusal } from '@erp/kit';
import { bodyTooLarge } from './gzip';

/**
 * The scope's error handler: our refusals as they are, fastify's own body and media-type errors mapped to the
 * spec's codes (bad input is never a 5xx), anything else a logged 500.
 */
export function ingestionErrorHandler(bodyLimitBytes: number) {
  return (error: FastifyError | Refusal, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof Refusal) return sendRefusal(reply, error);
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) return sendRefusal(reply, bodyTooLarge(bodyLimitBytes));
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      return sendRefusal(reply, new Refusal(Codes.TIPO_CONTEUDO_INVALIDO, 'Content-Type deve ser application/json', { status: 415 }));
    }
    if (status >= 400 && status < 500) {
      const erro = String(error.code ?? '').startsWith('Z_') ? 'corpo gzip inválido' : 'corpo da requisição ilegível';
      return sendRefusal(reply, new Refusal(Codes.CORPO_INVALIDO, erro));
    }
    const unavailable = storeRefusal(error);
    if (unavailable) {
      request.log.warn({ err: error }, 'the database did not answer this request');
      reply.header('retry-after', '5');
      return sendRefusal(reply, new Refusal(unavailable.codigo, `${unavailable.erro} (em UPSERT, reenviar é seguro)`, { status: 503 }));
    }
    request.log.error({ err: error }, 'ingestion request failed');
    return sendRefusal(reply, new Refusal(Codes.ERRO_INTERNO, 'erro interno; em UPSERT é seguro reenviar o lote', { status: 500 }));
  };
}
