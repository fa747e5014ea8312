import { rest, send, sessionFor, stackEnv, type RestReply } from '../support/env';
import { keepAliveExchange, rawExchange } from '../hardening/probes';
import { BASE, incidente, newIntegration } from './ingestion-api-helpers';
import { newAdmin } from './token-helpers';

const SETTINGS = '/api/erp/faturamento/configuracao';

/** Every refusal under /api/: the platform's shape, a stable code, a message, never a 5xx. */
function expectShape(reply: { status: number; body: any }, status: number, codigo: string) {
  expect({ status: reply.status, sucesso: reply.body?.sucesso, codigo: reply.body?.codigo }).toEqual({ status, sucesso: false, codigo });
  expect(typeof reply.body.erro).toBe('string');
}

const rawJson = (text: string) => JSON.parse(text) as Record<string, unknown>;

describe('hardening http - body limits answer 413 with a code, not 503', () => {
  it('hardening http - 400 KB settings PUTs, eight at a time, are each 413 CORPO_GRANDE_DEMAIS', async () => {
    const admin = await newAdmin('big-settings');
    const body = JSON.stringify({ nfse: { provedor: 'x'.repeat(400 * 1024) } });
    // Several at once, as under load: the service refuses early and closes while the gateway is still sending.
    for (let round = 0; round < 3; round += 1) {
      const replies = await Promise.all(
        Array.from({ length: 8 }, () => send('PUT', SETTINGS, { bearer: admin.session, body, headers: { 'content-type': 'application/json' } })),
      );
      for (const reply of replies) expectShape(reply, 413, 'CORPO_GRANDE_DEMAIS');
    }
  });

  it('hardening http - an ingestion batch above 5 MiB is 413 CORPO_GRANDE_DEMAIS with maximoBytes, every time', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    const big = JSON.stringify({ linhas: [incidente('BIG', { descricao: 'x'.repeat(6 * 1024 * 1024) })] });
    for (let i = 0; i < 4; i += 1) {
      const reply = await send('POST', `${BASE}/incidente_seguranca`, { bearer: ing.token, body: big, headers: { 'content-type': 'application/json' } });
      expectShape(reply, 413, 'CORPO_GRANDE_DEMAIS');
      expect(reply.body.maximoBytes).toBe(5 * 1024 * 1024);
    }
  });

  it('hardening http - a body sent without Content-Length (chunked) is cut at the limit: 413, not 503', async () => {
    const admin = await newAdmin('chunked-settings');
    const chunk = new TextEncoder().encode(`{"nfse":{"provedor":"${'x'.repeat(64 * 1024)}`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 8) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${stackEnv.gatewayUrl}${SETTINGS}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin.session}`, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    });
    expectShape({ status: response.status, body: await response.json() }, 413, 'CORPO_GRANDE_DEMAIS');
  });
});

describe('hardening http - the error shape on every path under /api/', () => {
  const prefixes = [`${BASE}/%zz/preview`, `${BASE}/%zz`, `${SETTINGS}/%zz`, '/api/erp/faturamento/documentos/%zz'];

  it.each(prefixes)('hardening http - malformed URL escapes (%s) are 400 URL_INVALIDA', async (path) => {
    for (const method of ['GET', 'POST']) expectShape(await send(method, path), 400, 'URL_INVALIDA');
  });

  it('hardening http - the same for a service called directly', async () => {
    const reply = await fetch(`${stackEnv.serviceUrl('ingestion')}${BASE}/%zz/preview`, { method: 'POST' });
    expectShape({ status: reply.status, body: await reply.json() }, 400, 'URL_INVALIDA');
  });

  it('hardening http - a 5,000-character entity name is 414 URL_LONGA_DEMAIS', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    expectShape(await rest('POST', `${BASE}/${'a'.repeat(5_000)}/preview`, { bearer: ing.token, body: { linhas: [] } }), 414, 'URL_LONGA_DEMAIS');
    expectShape(await rest('POST', `${BASE}/${'a'.repeat(5_000)}`, { bearer: ing.token, body: { linhas: [] } }), 414, 'URL_LONGA_DEMAIS');
  });

  it('hardening http - a 20 KB Authorization header is 431 CABECALHO_GRANDE_DEMAIS with Connection: close', async () => {
    const answer = await rawExchange(
      stackEnv.gatewayUrl,
      `GET ${BASE}/entidades HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ing_${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(answer.headers.connection).toBe('close');
    expect(rawJson(answer.body)).toMatchObject({ sucesso: false, codigo: 'CABECALHO_GRANDE_DEMAIS' });
    expect(answer.closedByServer).toBe(true);
  });

  it('hardening http - on a keep-alive connection, a request after a good one gets its 431 and a clean close, not a reset', async () => {
    const good = `GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n`;
    const bad = `GET ${BASE}/entidades HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`;
    const answer = await keepAliveExchange(stackEnv.gatewayUrl, good, bad);
    expect(answer.text).toMatch(/^HTTP\/1\.1 200 /);
    const second = answer.text.slice(answer.text.indexOf('HTTP/1.1 ', 1));
    expect(second).toMatch(/^HTTP\/1\.1 431 /);
    expect(second.toLowerCase()).toContain('connection: close');
    expect(second).toContain('"codigo":"CABECALHO_GRANDE_DEMAIS"');
    expect({ closedByServer: answer.closedByServer, reset: answer.reset }).toEqual({ closedByServer: true, reset: false });
  });

  it('hardening http - malformed HTTP framing is 400 REQUISICAO_MALFORMADA with Connection: close', async () => {
    const answer = await rawExchange(stackEnv.gatewayUrl, `POST ${BASE}/incidente_seguranca HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n{}`);
    expect(answer.status).toBe(400);
    expect(answer.headers.connection).toBe('close');
    expect(rawJson(answer.body)).toMatchObject({ sucesso: false, codigo: 'REQUISICAO_MALFORMADA' });
  });

  it.each([`${BASE}/../erp/faturamento/configuracao`, `${BASE}/%2e%2e/erp/faturamento/configuracao`, `${BASE}/./entidades`])(
    'hardening http - a path with dot segments (%s) is 400 CAMINHO_INVALIDO and reaches no service',
    async (path) => {
      const answer = await rawExchange(
        stackEnv.gatewayUrl,
        `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
      );
      expect(answer.status).toBe(400);
      expect(rawJson(answer.body)).toMatchObject({ sucesso: false, codigo: 'CAMINHO_INVALIDO' });
    },
  );
});

describe('hardening http - authentication is decided before anything about the body', () => {
  it.each(['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x'])(
    'hardening http - /graphql with Content-Type %s and no session is 401 UNAUTHENTICATED, not 415 or 400',
    async (type) => {
      const response = await fetch(`${stackEnv.gatewayUrl}/graphql`, { method: 'POST', headers: { 'content-type': type }, body: 'query={__typename}' });
      expect(response.status).toBe(401);
      const body = (await response.json()) as { errors: { extensions: { code: string } }[] };
      expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    },
  );

  it('hardening http - /graphql with a session and a bad Content-Type gets a coded refusal, never a 5xx', async () => {
    const session = await sessionFor('ct-check');
    const response = await fetch(`${stackEnv.gatewayUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${session}` },
      body: 'query={__typename}',
    });
    // Refused by the HTTP app's content-type parsing, before GraphQL: the REST refusal shape, with its code.
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 415, body: { sucesso: false, codigo: 'TIPO_CONTEUDO_INVALIDO', erro: expect.any(String) } });
  });

  it.each([
    ['Bearer junk ing_abc', 'TOKEN_INVALIDO'],
    ['Bearer ing_abc ing_def', 'TOKEN_INVALIDO'],
    ['Bearer   ', 'TOKEN_AUSENTE'],
    ['Basic aW5nXzpmb28=', 'TOKEN_AUSENTE'],
  ])('hardening http - Authorization "%s" is 401 %s', async (authorization, codigo) => {
    const reply: RestReply = await send('GET', `${BASE}/entidades`, { headers: { authorization } });
    expectShape(reply, 401, codigo);
  });
});

describe('hardening http - what the fuzz suite found', () => {
  it('hardening http - a body nested 5,000 levels deep is 400 CORPO_INVALIDO (it overflowed the stack in the idempotency fingerprint)', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    const deep = `{"linhas":[{"codigo":"D","titulo":${'['.repeat(5_000)}1${']'.repeat(5_000)}}]}`;
    const reply = await send('POST', `${BASE}/incidente_seguranca`, { bearer: ing.token, body: deep, headers: { 'content-type': 'application/json', 'idempotency-key': 'deep-1' } });
    expectShape(reply, 400, 'CORPO_INVALIDO');
  });

  it('hardening http - the NUL character is 400 at the edge (PostgreSQL cannot hold it: a 500 in the query)', async () => {
    const admin = await newAdmin('nul');
    expectShape(await send('PUT', SETTINGS, { bearer: admin.session, body: '{"nfse":{"provedor":"a\\u0000b"}}', headers: { 'content-type': 'application/json' } }), 400, 'CORPO_INVALIDO');
    expectShape(await send('GET', '/api/erp/faturamento/documentos/%00', { bearer: admin.session }), 400, 'URL_INVALIDA');
  });

  it('hardening http - a 300 KB text/plain body with a bad token is the service\'s 401, not the gateway\'s 413', async () => {
    const reply = await send('POST', `${BASE}/incidente_seguranca`, { bearer: 'ing_nao_existe', body: '{'.repeat(300_000), headers: { 'content-type': 'text/plain' } });
    expectShape(reply, 401, 'TOKEN_INVALIDO');
  });

  it('hardening http - an HTTP/1.0 request without Host is 400, not a 500 from the GraphQL handler', async () => {
    const session = await sessionFor('http10');
    const answer = await rawExchange(stackEnv.gatewayUrl, `GET /graphql HTTP/1.0\r\nAuthorization: Bearer ${session}\r\n\r\n`);
    expect(answer.status).toBe(400);
    expect(rawJson(answer.body)).toMatchObject({ sucesso: false, codigo: 'REQUISICAO_MALFORMADA' });
  });

  it('hardening http - a 431 to a HEAD carries no body', async () => {
    const answer = await rawExchange(stackEnv.gatewayUrl, `HEAD ${BASE}/entidades HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.body).toBe('');
  });
});
