import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { IngestionErrorCodes as Codes } from '@erp/contracts';
import { HttpError } from '@erp/kit';
import { bodyTooLarge } from './gzip';

function refuse(reply: FastifyReply, status: number, codigo: string, erro: string, extra?: Record<string, unknown>) {
  return reply.code(status).send({ sucesso: false, codigo, erro, ...extra });
}

/**
 * The scope's error handler: our refusals as they are, fastify's own body and media-type errors mapped to the
 * spec's codes (bad input is never a 5xx), anything else a logged 500.
 */
export function ingestionErrorHandler(bodyLimitBytes: number) {
  return (error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) return refuse(reply, error.statusCode, error.codigo, error.message, error.extra);
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      const tooLarge = bodyTooLarge(bodyLimitBytes);
      return refuse(reply, 413, tooLarge.codigo, tooLarge.message, tooLarge.extra);
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      return refuse(reply, 415, Codes.TIPO_CONTEUDO_INVALIDO, 'Content-Type deve ser application/json');
    }
    if (status >= 400 && status < 500) {
      return refuse(reply, 400, Codes.CORPO_INVALIDO, String(error.code ?? '').startsWith('Z_') ? 'corpo gzip inválido' : 'corpo da requisição ilegível');
    }
    request.log.error({ err: error }, 'ingestion request failed');
    return refuse(reply, 500, Codes.ERRO_INTERNO, 'erro interno; em UPSERT é seguro reenviar o lote');
  };
}
