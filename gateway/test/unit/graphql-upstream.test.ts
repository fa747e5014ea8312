import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import { createHttpApp, createLogger, createSessionVerifier, graphqlLimitsOf, signDevSession, type FastifyInstance } from '@erp/kit';
import { loadGatewayConfig } from '../../src/config';
import { mountGateway } from '../../src/graphql';
import { upstreamFetch } from '../../src/upstream-fetch';

const SECRET = 'a-development-secret-of-at-least-32-chars';
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

/** A stand-in subgraph on a real socket. */
async function upstream(handle: http.RequestListener): Promise<string> {
  const server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A gateway serving one subgraph (`{ ping }`) at `url`, with a 500 ms upstream timeout. */
async function gateway(url: string): Promise<string> {
  const config = loadGatewayConfig({ SESSION_JWT_SECRET: SECRET });
  const composed = composeServices([{ name: 'ping', url: `${url}/graphql`, typeDefs: parse('type Query { ping: String }') }]);
  if (composed.errors) throw new Error(composed.errors.map((e) => e.message).join('\n'));
  const app: FastifyInstance = createHttpApp({ log: createLogger('gateway-test', 'silent'), readiness: [] });
  await mountGateway(app, {
    supergraphSdl: composed.supergraphSdl,
    verifySession: await createSessionVerifier(config),
    log: createLogger('gateway-test', 'silent'),
    fetcher: upstreamFetch(4, 500),
    limits: graphqlLimitsOf(config),
    introspection: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  closing.push(() => app.close());
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function ping(base: string) {
  const session = await signDevSession(SECRET, { companyId: 'c1', role: 'admin', userId: 'u1' });
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
    body: JSON.stringify({ query: '{ ping }' }),
    signal: AbortSignal.timeout(5_000),
  });
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), text, body: JSON.parse(text) as { errors?: { extensions?: { code?: string } }[] } };
}

describe('gateway - a subgraph that gives no answer', () => {
  it('gateway - a subgraph that never answers is TEMPO_ESGOTADO with Retry-After, not ERRO_INTERNO', async () => {
    const url = await upstream(() => undefined);
    const answer = await ping(await gateway(url));
    expect({ status: answer.status, retryAfter: answer.retryAfter, codes: answer.body.errors?.map((e) => e.extensions?.code) }).toEqual({
      status: 200,
      retryAfter: '5',
      codes: ['TEMPO_ESGOTADO'],
    });
    expect(answer.text).not.toContain(url);
  });

  it('gateway - a subgraph that drops the connection is SERVICO_INDISPONIVEL with Retry-After', async () => {
    const url = await upstream((request) => request.socket.destroy());
    const answer = await ping(await gateway(url));
    expect({ status: answer.status, retryAfter: answer.retryAfter, codes: answer.body.errors?.map((e) => e.extensions?.code) }).toEqual({
      status: 200,
      retryAfter: '5',
      codes: ['SERVICO_INDISPONIVEL'],
    });
    expect(answer.text).not.toContain(url);
  });

  it('gateway - a subgraph that is not listening is SERVICO_INDISPONIVEL', async () => {
    const url = await upstream(() => undefined);
    await closing.splice(0).reduce((done, close) => done.then(close), Promise.resolve());
    const answer = await ping(await gateway(url));
    expect(answer.body.errors?.map((e) => e.extensions?.code)).toEqual(['SERVICO_INDISPONIVEL']);
  });
});
