import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance } from '@erp/kit';
import type { GatewayConfig } from './config';

/**
 * The REST paths of the spec, each forwarded unchanged (path, headers, body stream) to the service that owns
 * it, so one base URL serves everything. Bodies are not parsed here: each service enforces its own limits.
 */
function restRoutes(config: GatewayConfig): { prefix: string; upstream: string }[] {
  return [
    { prefix: '/api/ingestao-pub', upstream: config.INGESTION_SERVICE_URL },
    { prefix: '/api/erp/faturamento/configuracao', upstream: config.SETTINGS_SERVICE_URL },
    { prefix: '/api/erp/faturamento/documentos', upstream: config.FISCAL_DOCUMENT_SERVICE_URL },
    { prefix: '/api/erp/faturamento/simulacoes', upstream: config.TAX_SIMULATION_SERVICE_URL },
  ];
}

export async function mountRestProxy(app: FastifyInstance, config: GatewayConfig): Promise<void> {
  for (const route of restRoutes(config)) {
    await app.register(httpProxy, {
      upstream: route.upstream,
      prefix: route.prefix,
      rewritePrefix: route.prefix,
      http: { requestOptions: { timeout: config.UPSTREAM_TIMEOUT_MS } },
      replyOptions: {
        // One request id end to end: the service logs under the id the gateway logged (or the client sent).
        rewriteRequestHeaders: (request, headers) => ({ ...headers, 'x-request-id': String(request.id) }),
        // A service that is down is our fault, not the client's: a 503 with a stable code, never a stack.
        onError: (reply, { error }) => {
          reply.log.error({ err: error }, 'upstream request failed');
          reply
            .code(503)
            .send({ sucesso: false, codigo: 'SERVICO_INDISPONIVEL', erro: 'serviço temporariamente indisponível; tente novamente' });
        },
      },
    });
  }
}
