import { gzipSync } from 'node:zlib';
import { IngestionEntities } from '@erp/contracts';
import type { FuzzContext } from './context';
import { SERVICE_NAMES } from './context';
import { fiscalRequest } from './fiscal-requests';
import { graphqlRequest } from './graphql-requests';
import { anyJson, oddText, type Random } from './random';
import { bearer, DOCUMENTS, ING, json, JSON_TYPE, session, SETTINGS, SIMULATIONS, VOIDINGS, type Draft, type FuzzRequest } from './request';

export type { FuzzRequest } from './request';

function validToken(random: Random, context: FuzzContext): string {
  return random.pick(context.tokens.valid);
}

/** A row of an entity with every field sometimes right, sometimes any JSON value, sometimes missing. */
function row(random: Random, context: FuzzContext, entity: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of context.fields[entity] ?? ['codigo']) {
    if (random.chance(0.25)) continue;
    out[field] = random.chance(0.4) ? `${field}-${random.alnum(4)}` : anyJson(random);
  }
  if (random.chance(0.1)) Object.assign(out, anyJson(random) as object);
  return out;
}

// ---------------------------------------------------------------- ingestion bodies (valid token)

function ingestionBody(random: Random, context: FuzzContext): Draft {
  const entity = random.pick(IngestionEntities);
  const path = `${ING}/${entity}${random.chance(0.5) ? '/preview' : ''}`;
  const headers: Record<string, string> = { ...bearer(validToken(random, context)), ...JSON_TYPE };
  const shape = random.weighted<string>([
    [6, 'rows'],
    [2, 'malformed'],
    [1, 'top-type'],
    [1, 'many-rows'],
    [1, 'empty'],
    [1, 'gzip'],
    [0.5, 'bad-gzip'],
    [0.3, 'gzip-bomb'],
    [0.2, 'huge'],
    [1, 'content-type'],
    [1, 'idempotency'],
  ]);
  let body: Buffer;
  let description = `POST ${path} token:valid ${shape}`;
  let expect: Draft['expect'];
  switch (shape) {
    case 'rows':
      body = json({ linhas: Array.from({ length: random.int(1, 30) }, () => row(random, context, entity)) });
      break;
    case 'malformed':
      body = Buffer.from(
        random.pick(['{"linhas":[', '{"linhas":[{"codigo":"A"}]}xyz', '\ufeff{"linhas":[]}', '{"linhas":[NaN]}', "{'linhas':[]}", '{"linhas":[{"codigo":"A",}]}', '', ' ', '\u0000', '{"linhas":[{"a":1}]'.repeat(3)]),
      );
      expect = { status: [400] };
      break;
    case 'top-type':
      body = json(random.pick([null, 1, 'linhas', [], [{ codigo: 'A' }], { linhas: null }, { linhas: {} }, { linhas: 'x' }, { linhas: [1, 'a', null] }, { outras: [] }]));
      expect = { status: [400] };
      break;
    case 'many-rows':
      body = json({ linhas: Array.from({ length: random.pick([499, 500, 501, 2_000]) }, (_, i) => ({ codigo: `M-${i}`, tipo: 'Integridade', titulo: 't' })) });
      break;
    case 'empty':
      body = json({ linhas: [] });
      expect = { status: [400], codes: ['LOTE_VAZIO'] };
      break;
    case 'gzip':
      headers['content-encoding'] = random.pick(['gzip', 'GZIP', 'x-gzip', ' gzip ']);
      body = gzipSync(json({ linhas: [row(random, context, entity)] }));
      break;
    case 'bad-gzip':
      headers['content-encoding'] = random.pick(['gzip', 'br', 'deflate', 'gzip, gzip', 'identity', '']);
      body = random.chance(0.5) ? Buffer.from('not gzip') : gzipSync(json({ linhas: [] })).subarray(0, 12);
      break;
    case 'gzip-bomb':
      headers['content-encoding'] = 'gzip';
      body = gzipSync(Buffer.concat([Buffer.from('{"linhas":[{"codigo":"B","titulo":"'), Buffer.alloc(8 * 1024 * 1024, 'a'), Buffer.from('"}]}')]));
      expect = { status: [413], codes: ['CORPO_GRANDE_DEMAIS'] };
      break;
    case 'huge':
      body = json({ linhas: [{ codigo: 'H', descricao: 'x'.repeat(5 * 1024 * 1024 + 100) }] });
      expect = { status: [413], codes: ['CORPO_GRANDE_DEMAIS'] };
      break;
    case 'content-type':
      headers['content-type'] = random.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/jsonx', 'application/json;;', '*/*', 'application/xml']);
      body = json({ linhas: [row(random, context, entity)] });
      description += ` content-type:${headers['content-type']}`;
      break;
    default: {
      const key = random.pick(['', ' ', 'a'.repeat(256), 'chave-ção', 'k\u00ff', `fuzz-${random.int(1, 20)}`, `fuzz-${random.int(1, 20)}`]);
      headers['idempotency-key'] = key;
      body = json({ linhas: [row(random, context, entity)] });
      description += ` idempotency-key:${JSON.stringify(key.slice(0, 20))}`;
    }
  }
  // Any of these may meet the token's rate limit first (the fuzz CLI raises it; the jest run does not).
  if (expect) expect = { status: [...(expect.status ?? []), 429], codes: expect.codes && [...expect.codes, 'LIMITE_REQUISICOES'] };
  return { description, target: 'gateway', method: 'POST', path, headers, body, expect };
}

// ---------------------------------------------------------------- ingestion credentials

function ingestionAuth(random: Random, context: FuzzContext): Draft {
  const entity = random.pick([...IngestionEntities, 'fornecedor', 'INCIDENTE_SEGURANCA', '__proto__', 'constructor']);
  const path = random.pick([`${ING}/entidades`, `${ING}/${entity}`, `${ING}/${entity}/preview`]);
  const method = path.endsWith('/entidades') ? 'GET' : 'POST';
  const choices: [number, [string, string | undefined, string[] | undefined]][] = [
    [1, ['none', undefined, ['TOKEN_AUSENTE']]],
    [1, ['revoked', `Bearer ${context.tokens.revoked}`, ['TOKEN_REVOGADO']]],
    [1, ['inactive', `Bearer ${context.tokens.inactive}`, ['TOKEN_INATIVO']]],
    [1, ['expired', `Bearer ${context.tokens.expired}`, ['TOKEN_EXPIRADO']]],
    [1, ['unknown', `Bearer ing_${random.alnum(40)}`, ['TOKEN_INVALIDO']]],
    [1, ['not-ing', `Bearer ${random.alnum(40)}`, ['TOKEN_INVALIDO']]],
    [1, ['session-as-token', `Bearer ${context.sessions.admin}`, ['TOKEN_INVALIDO']]],
    [1, ['junk-then-token', `Bearer junk ${validToken(random, context)}`, ['TOKEN_INVALIDO']]],
    [1, ['basic', `Basic ${Buffer.from('a:b').toString('base64')}`, ['TOKEN_AUSENTE']]],
    [1, ['lowercase-scheme', `bearer ${validToken(random, context)}`, undefined]],
    [1, ['tabbed', `Bearer\t${validToken(random, context)}`, undefined]],
    [1, ['long', `Bearer ing_${'a'.repeat(random.pick([600, 8_000]))}`, ['TOKEN_INVALIDO']]],
    [1, ['unicode', `Bearer ing_${encodeURIComponent('ção')}`, ['TOKEN_INVALIDO']]],
    [1, ['narrow', `Bearer ${context.tokens.narrow}`, undefined]],
    [1, ['insert', `Bearer ${context.tokens.insert}`, undefined]],
  ];
  const [role, authorization, codes] = random.weighted(choices);
  const headers: Record<string, string> = { ...JSON_TYPE };
  if (authorization !== undefined) headers.authorization = authorization;
  if (random.chance(0.3)) headers['content-type'] = 'text/plain';
  const body = method === 'POST' ? (random.chance(0.2) ? Buffer.alloc(random.pick([10, 300_000]), '{') : json({ linhas: [row(random, context, IngestionEntities[0])] })) : undefined;
  const known = (IngestionEntities as readonly string[]).includes(entity);
  return {
    description: `${method} ${path} token:${role}`,
    target: random.chance(0.15) ? 'ingestion' : 'gateway',
    method,
    path,
    headers,
    body,
    // An unknown entity with a good token is 404; with a bad one the 401 comes first.
    expect: codes && (known || path.endsWith('/entidades')) ? { status: [401], codes } : undefined,
  };
}

// ---------------------------------------------------------------- paths

function pathTrick(random: Random, context: FuzzContext): Draft {
  const base = random.pick([ING, SETTINGS, DOCUMENTS, VOIDINGS, SIMULATIONS, `${DOCUMENTS}/${random.pick(context.fiscal.documents)}`, `${SIMULATIONS}/${context.control.simulation}`, '/graphql', '/api', '']);
  const trick = random.pick([
    '/../erp/faturamento/configuracao',
    '/%2e%2e/erp/faturamento/configuracao',
    '/%2E%2E%2Fgraphql',
    '/./entidades',
    '//entidades',
    '/%zz',
    '/%',
    '/%00',
    '/%252e%252e/x',
    '/entidades%20',
    '/entidades;x=1',
    '/entidades?x=%zz',
    '/entidades?__proto__[a]=1&a[]=1&a[b]=2',
    `/${'a'.repeat(random.pick([150, 201, 5_000]))}`,
    `/${'a'.repeat(30_000)}`,
    '/ENTIDADES',
    '/entidades/',
    '/%C3%A7',
    '/..%5c..%5cwindows',
    '/%c0%ae%c0%ae/',
    '/incidente_seguranca/preview/extra',
  ]);
  const path = `${base}${trick}`;
  const method = random.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']);
  return {
    description: `${method} ${path.slice(0, 120)} (path trick)`,
    target: random.chance(0.2) ? random.pick(SERVICE_NAMES) : 'gateway',
    method,
    path,
    headers: random.chance(0.5) ? { ...bearer(validToken(random, context)), ...JSON_TYPE } : { ...bearer(context.sessions.admin), ...JSON_TYPE },
    body: method === 'GET' || method === 'HEAD' ? undefined : json({ linhas: [] }),
  };
}

const settingsKeys = ['ambiente', 'seriePadrao', 'series', 'emissaoAutomatica', 'timeoutSegundos', 'prazosCancelamento', 'empresa', 'nfse', 'certificadoA1', 'cnpj', 'regimeTributario'];

function settingsRequest(random: Random, context: FuzzContext): Draft {
  const [role, authorization, valid] = session(random, context);
  const method = random.weighted<string>([[2, 'GET'], [5, 'PUT'], [0.5, 'POST'], [0.5, 'DELETE']]);
  const headers: Record<string, string> = { ...JSON_TYPE };
  if (authorization) headers.authorization = authorization;
  if (random.chance(0.2)) headers['if-match'] = random.pick(['"1"', '1', 'W/"2"', '*', '"abc"', '"99999999999"', '']);
  let body: Buffer | undefined;
  if (method === 'PUT' || method === 'POST') {
    const config: Record<string, unknown> = {};
    for (const key of settingsKeys) if (random.chance(0.35)) config[key] = random.chance(0.5) ? anyJson(random) : { cnpj: oddText(random), senha: oddText(random), arquivoBase64: random.pick(['', 'AAAA', '%%%%', 'x'.repeat(100_000)]) };
    body = random.chance(0.1) ? Buffer.from(random.pick(['{"ambiente":', '[1,2]', 'null', '"x"'])) : random.chance(0.05) ? json({ nfse: { provedor: 'x'.repeat(300 * 1024) } }) : json(config);
  }
  return {
    description: `${method} ${SETTINGS} session:${role}`,
    target: random.chance(0.15) ? 'settings' : 'gateway',
    method,
    path: SETTINGS,
    headers,
    body,
    expect: !valid && method !== 'POST' && method !== 'DELETE' ? { status: [401], codes: ['UNAUTHENTICATED'] } : undefined,
  };
}

// ---------------------------------------------------------------- HTTP framing (raw bytes)

function framing(random: Random, context: FuzzContext): Draft {
  const path = random.pick([`${ING}/entidades`, `${ING}/incidente_seguranca`, SETTINGS, '/graphql']);
  const auth = `Authorization: Bearer ${random.chance(0.5) ? validToken(random, context) : context.sessions.admin}\r\n`;
  const raw = random.pick([
    `GET ${path} HTTP/1.1\r\nHost: x\r\n${auth}X-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    `GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ing_${'a'.repeat(20_000)}\r\n\r\n`,
    `POST ${path} HTTP/1.1\r\nHost: x\r\n${auth}Content-Length: abc\r\n\r\n{}`,
    `POST ${path} HTTP/1.1\r\nHost: x\r\n${auth}Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}`,
    `POST ${path} HTTP/1.1\r\nHost: x\r\n${auth}Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    `POST ${path} HTTP/1.1\r\nHost: x\r\n${auth}Transfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n0\r\n\r\n`,
    `GET ${path} HTTP/9.9\r\nHost: x\r\n\r\n`,
    `GET ${path}\r\n\r\n`,
    `GET /${'a'.repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    `GET ${path} HTTP/1.1\r\nHost: x\r\nBad Header Name: y\r\n\r\n`,
    `GET ${path} HTTP/1.1\r\nHost: x\r\nX: a\rb\r\n\r\n`,
    `\u0000\u0001\u0002GET / HTTP/1.1\r\n\r\n`,
    `GET ${path} HTTP/1.0\r\n${auth}\r\n`,
    `GET ${path}/\u00e7\u00e3o HTTP/1.1\r\nHost: x\r\n${auth}\r\n`,
  ]);
  return { description: `raw ${JSON.stringify(raw.slice(0, 90))}…`, target: random.chance(0.2) ? random.pick(SERVICE_NAMES) : 'gateway', method: 'RAW', path, headers: {}, raw: Buffer.from(raw, 'latin1') };
}

const CATEGORIES: [number, string, (random: Random, context: FuzzContext) => Draft][] = [
  [24, 'ingestion-body', ingestionBody],
  [12, 'ingestion-auth', ingestionAuth],
  [8, 'path', pathTrick],
  [10, 'settings', settingsRequest],
  [12, 'fiscal', fiscalRequest],
  [28, 'graphql', graphqlRequest],
  [6, 'framing', framing],
];

/** Request `index`, from its own generator (`Random.forRequest(seed, index)`): the same on every run. */
export function generate(index: number, context: FuzzContext, random: Random): FuzzRequest {
  const [, category, make] = random.weighted(CATEGORIES.map((entry) => [entry[0], entry] as const));
  return { index, category, ...make(random, context) };
}
