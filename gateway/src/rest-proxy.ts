import { Transform, type Readable, type TransformCallback } from 'node:stream';
import httpProxy from '@fastify/http-proxy';
import type { FastifyReply } from 'fastify';
import { CommonErrorCodes, Refusal } from '@erp/contracts';
import { sendRefusal, type FastifyInstance } from '@erp/kit';
import type { GatewayConfig } from './config';

interface RestRoute {
  prefix: string;
  upstream: string;
  /** The owning service's body limit: the gateway forwards no more than that. */
  bodyLimitBytes: number;
}

/**
 * The REST paths of the spec, each forwarded unchanged (path, headers, body stream) to the service that owns
 * it, so one base URL serves everything. Bodies are not parsed here: each service reads and checks its own.
 */
function restRoutes(config: GatewayConfig): RestRoute[] {
  return [
    { prefix: '/api/ingestao-pub', upstream: config.INGESTION_SERVICE_URL, bodyLimitBytes: config.INGESTION_BODY_LIMIT_BYTES },
    { prefix: '/api/erp/faturamento/configuracao', upstream: config.SETTINGS_SERVICE_URL, bodyLimitBytes: config.SETTINGS_BODY_LIMIT_BYTES },
    { prefix: '/api/erp/faturamento/documentos', upstream: config.FISCAL_DOCUMENT_SERVICE_URL, bodyLimitBytes: config.FISCAL_BODY_LIMIT_BYTES },
    { prefix: '/api/erp/faturamento/inutilizacoes', upstream: config.FISCAL_DOCUMENT_SERVICE_URL, bodyLimitBytes: config.FISCAL_BODY_LIMIT_BYTES },
    { prefix: '/api/erp/faturamento/impostos', upstream: config.TAX_SIMULATION_SERVICE_URL, bodyLimitBytes: config.FISCAL_BODY_LIMIT_BYTES },
  ];
}

/**
 * Let the service decide first: it has had the headers since the start of the body, so its 401/403/404 is
 * normally on its way already. Only then is the exchange broken off as too large.
 */
const SERVICE_FIRST_MS = 250;

/**
 * Passes a request body through until it passes the route's limit; then forwards nothing more and, unless the
 * service answered meanwhile, fails the exchange (the gateway then answers 413).
 */
class BodyCeiling extends Transform {
  private received = 0;
  exceeded = false;

  constructor(private readonly limitBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.received += chunk.length;
    if (this.received <= this.limitBytes) return done(null, chunk);
    if (!this.exceeded) {
      this.exceeded = true;
      setTimeout(() => this.destroy(new Error('request body above the route limit')), SERVICE_FIRST_MS).unref();
    }
    // Held: no callback, so nothing more flows until the stream is destroyed.
  }
}

/** How much of an unread body the gateway reads and drops after answering, before it cuts the connection instead. */
const drainLimit = (route: RestRoute) => 4 * route.bodyLimitBytes;

function bodyTooLarge(limitBytes: number): Refusal {
  return new Refusal(CommonErrorCodes.CORPO_GRANDE_DEMAIS, `o corpo da requisição passa de ${limitBytes} bytes`, {
    status: 413,
    extra: { maximoBytes: limitBytes },
  });
}

/**
 * A forwarded request that failed. A service refuses an oversized body early and closes the connection while
 * the gateway may still be sending it, so a broken upstream exchange of an oversized request is that refusal
 * (413), not an outage. Otherwise the service is down or slow: 503 or 504 with `Retry-After`, never a stack.
 */
function upstreamFailure(route: RestRoute, ceilings: WeakMap<object, BodyCeiling>) {
  const answered = new WeakSet<object>();
  return (reply: FastifyReply, error: Error & { statusCode?: number }): void => {
    // A broken exchange can report more than one error (the write and the request), the second while the
    // first answer is still in its send hooks: the first one answers.
    if (reply.sent || answered.has(reply.raw)) return;
    answered.add(reply.raw);
    // The service's answer that broke may have passed the compression hook already (its Content-Encoding set):
    // the refusal below is a new body of its own, compressed or not by the hook again.
    reply.removeHeader('content-encoding');
    reply.removeHeader('vary');
    const request = reply.request;
    const declared = Number(request.headers['content-length']);
    if (ceilings.get(request.raw)?.exceeded || declared > route.bodyLimitBytes) {
      reply.header('connection', 'close');
      void sendRefusal(reply, bodyTooLarge(route.bodyLimitBytes));
      return;
    }
    // Not `request.raw.destroyed`: a request stream is destroyed as soon as its body has been read.
    if (reply.raw.destroyed || request.raw.socket?.destroyed) {
      // The client went away before the answer: nobody to answer, and no fault of the service.
      reply.log.info({ err: error }, 'client closed the connection before the answer');
      return;
    }
    reply.log.error({ err: error }, 'upstream request failed');
    reply.header('retry-after', '5');
    if (error.statusCode === 504) {
      void sendRefusal(reply, new Refusal(CommonErrorCodes.TEMPO_ESGOTADO, 'o serviço não respondeu a tempo; tente novamente (em UPSERT, ou com a mesma Idempotency-Key, reenviar é seguro)', { status: 504 }));
      return;
    }
    void sendRefusal(reply, new Refusal(CommonErrorCodes.SERVICO_INDISPONIVEL, 'serviço temporariamente indisponível; tente novamente', { status: 503 }));
  };
}

export async function mountRestProxy(app: FastifyInstance, config: GatewayConfig): Promise<void> {
  for (const route of restRoutes(config)) {
    const ceilings = new WeakMap<object, BodyCeiling>();
    const failure = upstreamFailure(route, ceilings);
    await app.register(async (scope) => {
      // No body is parsed here, whatever its type (the app's own text/plain parser would read it, with the
      // GraphQL body limit, before the service could answer 401): the proxy streams every type through.
      scope.removeAllContentTypeParsers();
      // The body stream is counted on its way through; the service decides 401/403/404 from the headers first.
      scope.addHook('preParsing', async (request, reply, payload) => {
        if (request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined) return payload;
        // The answer to a request with a body goes uncompressed (small JSON anyway): a refusal that leaves before
        // the body was read must be out at once, and passing it through the compression stream delayed it past
        // the drain below; under load the client then met a reset instead of its 413 (hardening-http).
        request.headers['accept-encoding'] = 'identity';
        const ceiling = new BodyCeiling(route.bodyLimitBytes);
        ceilings.set(request.raw, ceiling);
        payload.on('error', (error) => ceiling.destroy(error));
        // Once nothing more is forwarded (past the limit, or the answer is out before the body: the service
        // answered from the headers and stopped reading, so the ceiling would hold the rest for good), the
        // client's remaining bytes are read and dropped, so that it gets the answer rather than a reset and
        // its connection stays usable; up to a bound, past which the connection is cut.
        let draining = false;
        const drainRest = () => {
          if (draining) return;
          draining = true;
          payload.unpipe(ceiling);
          let dropped = 0;
          payload.on('data', (chunk: Buffer) => {
            dropped += chunk.length;
            if (dropped > drainLimit(route)) request.raw.socket?.destroy();
          });
          payload.resume();
        };
        ceiling.once('close', drainRest);
        reply.raw.once('finish', drainRest);
        return (payload as Readable).pipe(ceiling);
      });
      // An answer that leaves before the client finished sending (a 401 from the headers, a 413) keeps the
      // connection open while the rest is drained: closing it with bytes unread makes the kernel reset it, and
      // the client then never reads the answer (a 5 MiB batch got "write EPIPE" instead of its 413).
      scope.addHook('onSend', async (request, reply) => {
        const declared = Number(request.headers['content-length']);
        const drainable = request.headers['transfer-encoding'] !== undefined || declared <= drainLimit(route);
        if (ceilings.has(request.raw) && !request.raw.complete && drainable && reply.getHeader('connection') === 'close') {
          reply.removeHeader('connection');
        }
      });
      await scope.register(httpProxy, {
        upstream: route.upstream,
        prefix: route.prefix,
        rewritePrefix: route.prefix,
        http: { requestOptions: { timeout: config.UPSTREAM_TIMEOUT_MS } },
        replyOptions: {
          // One request id end to end: the service logs under the id the gateway logged (or the client sent).
          rewriteRequestHeaders: (request, headers) => ({ ...headers, 'x-request-id': String(request.id) }),
          onError: (reply, { error }) => failure(reply as FastifyReply, error),
        },
      });
    });
  }
}
