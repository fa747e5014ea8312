import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { CommonErrorCodes, Refusal } from '@erp/contracts';
import type { Logger } from './logger';
import { serveMetrics } from './metrics';
import { isQueryTimeout, isStoreUnavailable } from './mongo';

export type { FastifyInstance };

/** The REST face of a refusal: `{ sucesso: false, codigo, erro, ...extra }` (spec section 7). */
export function refusalBody(refusal: Refusal): Record<string, unknown> {
  return { sucesso: false, codigo: refusal.codigo, erro: refusal.erro, ...refusal.extra };
}

/** Seconds a client is told to wait after a 503 that names no time of its own (a dependency down or slow). */
const UNAVAILABLE_RETRY_AFTER_SECONDS = '5';

/**
 * A refusal that says when to come back (`tenteNovamenteEmSegundos`) also says it in `Retry-After`; every 503 has
 * one (5 s unless the route set its own).
 */
export function sendRefusal(reply: FastifyReply, refusal: Refusal): FastifyReply {
  const retry = refusal.extra.tenteNovamenteEmSegundos;
  if (typeof retry === 'number') reply.header('retry-after', String(retry));
  else if (refusal.status === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', UNAVAILABLE_RETRY_AFTER_SECONDS);
  return reply.code(refusal.status).send(refusalBody(refusal));
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
      return CommonErrorCodes.CORPO_GRANDE_DEMAIS;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return CommonErrorCodes.TIPO_CONTEUDO_INVALIDO;
    default:
      return CommonErrorCodes.CORPO_INVALIDO;
  }
}

/**
 * The database's fault, not the client's, as a 503 to retry: a query its `maxTimeMS` stopped (TEMPO_ESGOTADO),
 * or a database that could not be reached (SERVICO_INDISPONIVEL). Null for any other error.
 */
export function storeRefusal(error: unknown): Refusal | null {
  if (isQueryTimeout(error)) {
    return new Refusal(CommonErrorCodes.TEMPO_ESGOTADO, 'o banco de dados não respondeu a tempo; tente de novo em alguns segundos', { status: 503 });
  }
  if (isStoreUnavailable(error)) {
    return new Refusal(CommonErrorCodes.SERVICO_INDISPONIVEL, 'banco de dados indisponível no momento; tente de novo em alguns segundos', { status: 503 });
  }
  return null;
}

/** Headers above this are answered 431 by Node's parser, before fastify sees the request (Node's own default). */
export const MAX_HEADER_BYTES = 16 * 1024;
/** Longest a request may take to arrive, body included (a 5 MiB batch over a slow link fits). */
export const REQUEST_TIMEOUT_MS = 120_000;
/** Longest path parameter the router accepts (an entity name, say); longer is 414. */
export const MAX_PARAM_LENGTH = 200;

/**
 * Deepest nesting of a parsed body. No body of the platform needs more than a few levels; recursive code
 * further on (serialising, comparing, hashing) would overflow the stack on a crafted one.
 */
export const MAX_BODY_DEPTH = 32;

/** The store (FerretDB on PostgreSQL's jsonb) cannot hold U+0000: a text with it fails the query, not the client. */
const NUL = '\u0000';

/** A parsed value worth walking: an array or a plain object (not a stream or a buffer). */
function isJsonContainer(value: unknown): value is object {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * What parsed input (a body, a query string, path parameters) holds that nothing further on should meet:
 * nesting deeper than `maxDepth`, or the NUL character in a text or a key. Walked without recursion; streams
 * and buffers are not walked. Null when the input is acceptable.
 */
export function unacceptableInput(value: unknown, maxDepth = MAX_BODY_DEPTH): 'profundidade' | 'nul' | null {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return 'nul';
      continue;
    }
    if (!isJsonContainer(current)) continue;
    if (depth >= maxDepth) return 'profundidade';
    for (const [key, child] of Object.entries(current)) {
      if (key.includes(NUL)) return 'nul';
      pending.push([child, depth + 1]);
    }
  }
  return null;
}

function inputRefusal(problem: 'profundidade' | 'nul', where: 'body' | 'url'): Refusal {
  const erro = problem === 'nul' ? 'o caractere NUL (U+0000) não é aceito' : `mais de ${MAX_BODY_DEPTH} níveis de aninhamento`;
  return where === 'body'
    ? new Refusal(CommonErrorCodes.CORPO_INVALIDO, `corpo inválido: ${erro}`, { status: 400 })
    : new Refusal(CommonErrorCodes.URL_INVALIDA, `URL inválida: ${erro}`, { status: 400 });
}

/** A `.` or `..` path segment, as sent or percent-encoded: never resolved against a route, never forwarded. */
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

/**
 * What Node's HTTP parser refuses before any route runs (oversized headers, broken framing, a request that
 * never finished arriving), answered in the platform's shape. The parser cannot go on after such an error, so
 * the answer says `Connection: close` and the socket is ended after it, not reset: a keep-alive client reads
 * the refusal instead of a reset on its next request.
 */
function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  this.log.info({ code: error.code, reason: error.message }, 'malformed request refused by the HTTP parser');
  let refusal: Refusal;
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    refusal = new Refusal(CommonErrorCodes.CABECALHO_GRANDE_DEMAIS, `os cabeçalhos da requisição passam de ${MAX_HEADER_BYTES} bytes`, {
      status: 431,
      extra: { maximoBytes: MAX_HEADER_BYTES },
    });
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    refusal = new Refusal(CommonErrorCodes.TEMPO_ESGOTADO, 'a requisição não chegou inteira a tempo', { status: 408 });
  } else {
    refusal = new Refusal(CommonErrorCodes.REQUISICAO_MALFORMADA, 'requisição HTTP malformada', { status: 400 });
  }
  const body = JSON.stringify(refusalBody(refusal));
  // The answer to a HEAD has no body (its client would read one as garbage); the request line is in the packet.
  const head = (error as { rawPacket?: Buffer }).rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${head ? '' : body}`,
  );
  // What the client is still sending (the rest of its oversized headers) is read and dropped until it closes
  // its side: closing with unread bytes makes the kernel reset the connection, and the answer is lost with it.
  socket.removeAllListeners('data');
  socket.on('data', () => undefined);
  socket.resume();
  setTimeout(() => socket.destroy(), 2_000).unref();
}

/**
 * Answering before a request's body was read: the connection is closed after the answer (as fastify does for
 * its own 413), rather than reading and dropping a body nobody will use before the next request can come.
 */
function closeIfBodyPending(request: FastifyRequest, reply: FastifyReply): void {
  const { headers } = request.raw;
  const hasBody = (headers['content-length'] !== undefined && headers['content-length'] !== '0') || headers['transfer-encoding'] !== undefined;
  if (hasBody) reply.header('connection', 'close');
}

/** The router's refusals of a URL it cannot match (bad percent escapes, an over-long parameter). */
function urlRefusal(error: FastifyError): Refusal {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return new Refusal(CommonErrorCodes.URL_LONGA_DEMAIS, `um segmento do caminho passa de ${MAX_PARAM_LENGTH} caracteres`, { status: 414 });
  }
  return new Refusal(CommonErrorCodes.URL_INVALIDA, 'a URL tem escapes % inválidos', { status: 400 });
}

/**
 * The HTTP server every service starts from: request ids, structured request logs, `/healthz` (the process
 * is alive) and `/readyz` (its connections are up), and an error shape of `{ sucesso, codigo, erro }` where
 * bad input is a 4xx with a stable code and only our own faults are 5xx, without internals. That shape holds
 * for what fastify and Node refuse on their own too: bad URLs, paths with dot segments, oversized headers,
 * broken framing, and requests arriving while the server closes (503 with `Retry-After`).
 */
export function createHttpApp(options: { log: Logger; bodyLimit?: number; readiness: ReadinessCheck[] }): FastifyInstance {
  let closing = false;
  const app = Fastify({
    loggerInstance: options.log,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    http: { maxHeaderSize: MAX_HEADER_BYTES },
    // A request (headers and body) that has not arrived by then is answered 408 and its connection closed: a
    // client sending a byte now and then cannot hold a connection for ever. Fastify's default is no limit.
    requestTimeout: REQUEST_TIMEOUT_MS,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    clientErrorHandler: answerClientError,
    frameworkErrors: (error, request, reply) => {
      closeIfBodyPending(request, reply);
      void sendRefusal(reply, urlRefusal(error));
    },
    // Answered by the hook below, in our shape.
    return503OnClosing: false,
  }) as unknown as FastifyInstance;

  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    let refusal: Refusal | null = null;
    if (closing) {
      reply.header('retry-after', '1').header('connection', 'close');
      refusal = new Refusal(CommonErrorCodes.SERVICO_INDISPONIVEL, 'serviço reiniciando; tente de novo em instantes', { status: 503 });
    } else if (!request.headers.host) {
      // HTTP/1.0 allows a request without Host; what builds absolute URLs from it (the GraphQL handler) cannot.
      refusal = new Refusal(CommonErrorCodes.REQUISICAO_MALFORMADA, 'cabeçalho Host ausente', { status: 400 });
    } else if (DOT_SEGMENT.test(request.url.split('?')[0])) {
      refusal = new Refusal(CommonErrorCodes.CAMINHO_INVALIDO, 'caminho com segmentos "." ou ".." não é aceito', { status: 400 });
    }
    if (!refusal) return;
    closeIfBodyPending(request, reply);
    return sendRefusal(reply, refusal);
  });
  app.addHook('preValidation', async (request, reply) => {
    // Copied into plain objects: the router's and the query parser's objects have prototypes of their own.
    const inUrl = unacceptableInput({ ...(request.params as object) }) ?? unacceptableInput({ ...(request.query as object) });
    if (inUrl) return sendRefusal(reply, inputRefusal(inUrl, 'url'));
    const inBody = unacceptableInput(request.body);
    if (inBody) return sendRefusal(reply, inputRefusal(inBody, 'body'));
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  serveMetrics(app);
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const down = options.readiness.filter((check) => !check.ready()).map((check) => check.name);
    if (down.length > 0) return reply.code(503).send({ status: 'unavailable', down });
    return { status: 'ready' };
  });

  app.setNotFoundHandler((request, reply) => {
    sendRefusal(reply, new Refusal(CommonErrorCodes.NAO_ENCONTRADO, `rota desconhecida: ${request.method} ${request.url.split('?')[0]}`, { status: 404 }));
  });

  app.setErrorHandler((error: FastifyError | Refusal, request, reply) => {
    if (error instanceof Refusal) return sendRefusal(reply, error);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendRefusal(reply, new Refusal(codeForFrameworkError(error), error.message, { status }));
    }
    const unavailable = storeRefusal(error);
    if (unavailable) {
      request.log.warn({ err: error }, 'the database did not answer this request');
      reply.header('retry-after', '5');
      return sendRefusal(reply, unavailable);
    }
    request.log.error({ err: error }, 'request failed');
    return sendRefusal(reply, new Refusal(CommonErrorCodes.ERRO_INTERNO, 'erro interno; tente novamente', { status: 500 }));
  });

  return app;
}
