import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpApp, createLogger, type FastifyInstance } from '@erp/kit';
import { loadGatewayConfig } from '../../src/config';
import { mountRestProxy } from '../../src/rest-proxy';

const SECRET = 'a-development-secret-of-at-least-32-chars';
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

/** A stand-in for the ingestion service on a real socket. */
async function upstream(handle: http.RequestListener): Promise<string> {
  const server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function gateway(ingestionUrl: string, env: Record<string, string> = {}): Promise<string> {
  const config = loadGatewayConfig({ SESSION_JWT_SECRET: SECRET, INGESTION_SERVICE_URL: ingestionUrl, UPSTREAM_TIMEOUT_MS: '2000', ...env });
  const app: FastifyInstance = createHttpApp({ log: createLogger('gateway-test', 'silent'), readiness: [] });
  await mountRestProxy(app, config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  closing.push(() => app.close());
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const post = (base: string, body: string | ReadableStream<Uint8Array>) =>
  fetch(`${base}/api/ingestao-pub/incidente_seguranca`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ing_x' },
    body,
    duplex: 'half',
    signal: AbortSignal.timeout(5_000),
  });

describe('gateway - REST proxy failures', () => {
  it('gateway - a service that drops the connection gives a 503 with Retry-After, also for a request with a body', async () => {
    const base = await gateway(await upstream((request) => request.socket.destroy()));
    const response = await post(base, JSON.stringify({ linhas: [{ codigo: 'A' }] }));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toMatchObject({ sucesso: false, codigo: 'SERVICO_INDISPONIVEL' });
  });

  it('gateway - a service that does not answer in time gives a 504 TEMPO_ESGOTADO', async () => {
    const base = await gateway(await upstream(() => undefined));
    const response = await post(base, '{"linhas":[]}');
    expect(response.status).toBe(504);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toMatchObject({ sucesso: false, codigo: 'TEMPO_ESGOTADO' });
  });

  it('gateway - the service answers 401 from the headers before an oversized body is cut', async () => {
    const base = await gateway(
      await upstream((_request, response) => {
        response.writeHead(401, { 'content-type': 'application/json' }).end('{"sucesso":false,"codigo":"TOKEN_INVALIDO","erro":"x"}');
      }),
      { INGESTION_BODY_LIMIT_BYTES: String(64 * 1024) },
    );
    const response = await post(base, `{"linhas":["${'x'.repeat(300 * 1024)}"]}`);
    expect(response.status).toBe(401);
  });

  it('gateway - a body sent without Content-Length past the limit, to a service that waits for all of it, is 413', async () => {
    const base = await gateway(
      await upstream((request, response) => {
        request.resume();
        request.on('end', () => response.end('{"sucesso":true}'));
      }),
      { INGESTION_BODY_LIMIT_BYTES: String(64 * 1024) },
    );
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 10) return controller.close();
        sent += 1;
        controller.enqueue(new Uint8Array(16 * 1024).fill(32));
      },
    });
    const response = await post(base, stream);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ sucesso: false, codigo: 'CORPO_GRANDE_DEMAIS', maximoBytes: 64 * 1024 });
  });

  it('gateway - an oversized body the service refuses at once is answered 413, never a reset, even for a client still sending', async () => {
    const base = new URL(
      await gateway(
        await upstream((_request, response) => {
          // What fastify does for a Content-Length above its limit: answer at once and close.
          response.writeHead(413, { 'content-type': 'application/json', connection: 'close' }).end('{"sucesso":false,"codigo":"CORPO_GRANDE_DEMAIS","erro":"x"}');
        }),
        { INGESTION_BODY_LIMIT_BYTES: String(64 * 1024) },
      ),
    );
    const body = Buffer.alloc(3 * 1024 * 1024, 32);
    const statuses = await Promise.all(
      Array.from({ length: 4 }, () =>
        new Promise<number | string>((resolve) => {
          const request = http.request(
            { host: base.hostname, port: base.port, method: 'POST', path: '/api/ingestao-pub/incidente_seguranca', headers: { 'content-type': 'application/json', 'content-length': body.length } },
            (response) => {
              response.resume();
              response.on('end', () => resolve(response.statusCode ?? 0));
            },
          );
          request.on('error', (error) => resolve(error.message));
          request.end(body);
        }),
      ),
    );
    expect(statuses).toEqual([413, 413, 413, 413]);
  });
});
