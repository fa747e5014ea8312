import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { Logger } from './logger';

export type { FastifyInstance };

/** A refusal a client may see: HTTP status, stable `codigo`, human `erro`, optional extra fields. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly codigo: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface ReadinessCheck {
  name: string;
  ready: () => boolean;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's own refusals of malformed requests, mapped to our stable codes. */
function codeForFrameworkError(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'CORPO_GRANDE_DEMAIS';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'TIPO_CONTEUDO_INVALIDO';
    default:
      return 'CORPO_INVALIDO';
  }
}

/**
 * The HTTP server every service starts from: request ids, structured request logs, `/healthz` (the process
 * is alive) and `/readyz` (its connections are up), and an error shape of `{ sucesso, codigo, erro }` where
 * bad input is a 4xx with a stable code and only our own faults are 5xx, without internals.
 */
export function createHttpApp(options: { log: Logger; bodyLimit?: number; readiness: ReadinessCheck[] }): FastifyInstance {
  const app = Fastify({
    loggerInstance: options.log,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    return503OnClosing: true,
  }) as unknown as FastifyInstance;

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const down = options.readiness.filter((check) => !check.ready()).map((check) => check.name);
    if (down.length > 0) return reply.code(503).send({ status: 'unavailable', down });
    return { status: 'ready' };
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ sucesso: false, codigo: 'NAO_ENCONTRADO', erro: `rota desconhecida: ${request.method} ${request.url.split('?')[0]}` });
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ sucesso: false, codigo: error.codigo, erro: error.message, ...error.extra });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ sucesso: false, codigo: codeForFrameworkError(error), erro: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ sucesso: false, codigo: 'ERRO_INTERNO', erro: 'erro interno; tente novamente' });
  });

  return app;
}
