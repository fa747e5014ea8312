import { gzipSync } from 'node:zlib';
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
} from 'graphql';
import { IngestionEntities } from '@erp/contracts';
import type { FuzzContext, ServiceName } from './context';
import { SERVICE_NAMES } from './context';
import { anyJson, oddText, toJsonText, type Random } from './random';

/** One generated request. `raw` requests are written byte for byte on a socket (framing attacks). */
export interface FuzzRequest {
  index: number;
  category: string;
  /** What the request is, in words, with the roles of its credentials (`token:revoked`, `session:forgedKey`). */
  description: string;
  target: 'gateway' | ServiceName;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  raw?: Buffer;
  /** Outcomes this request must have beyond the general rules (no 5xx, the error shape, a known code). */
  expect?: { status?: number[]; codes?: string[] };
}

type Draft = Omit<FuzzRequest, 'index' | 'category'>;

const ING = '/api/ingestao-pub';
const SETTINGS = '/api/erp/faturamento/configuracao';
const DOCUMENTS = '/api/erp/faturamento/documentos';
const SIMULATIONS = '/api/erp/faturamento/impostos/simulacoes';
const VOIDINGS = '/api/erp/faturamento/inutilizacoes';
const JSON_TYPE = { 'content-type': 'application/json' };

const json = (value: unknown) => Buffer.from(toJsonText(value));
const bearer = (value: string) => ({ authorization: `Bearer ${value}` });

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

// ---------------------------------------------------------------- sessions on REST

function session(random: Random, context: FuzzContext): [string, string | undefined, boolean] {
  const role = random.weighted<keyof FuzzContext['sessions'] | 'none' | 'garbage'>([
    [5, 'admin'],
    [2, 'user'],
    [1, 'foreign'],
    [1, 'forgedKey'],
    [1, 'expired'],
    [1, 'algNone'],
    [1, 'noCompany'],
    [1, 'oddRole'],
    [1, 'none'],
    [1, 'garbage'],
  ]);
  if (role === 'none') return [role, undefined, false];
  if (role === 'garbage') return [role, `Bearer ${random.pick(['a.b.c', 'x', '...', 'e30.e30.', context.tokens.valid[0]])}`, false];
  const valid = ['admin', 'user', 'foreign'].includes(role);
  return [role, `Bearer ${context.sessions[role]}`, valid];
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

/** One value of every JSON type, and the odd ones: what a field of a valid body is replaced with. */
function everyType(random: Random): unknown {
  return random.pick<() => unknown>([
    () => null,
    () => random.chance(0.5),
    () => random.pick([0, -1, 1.5, -0.01, 1e308, 2 ** 53 + 1, 999_999_999_999]),
    () => '',
    () => oddText(random),
    () => [],
    () => [anyJson(random)],
    () => ({}),
    () => anyJson(random),
  ])();
}

/** Every path of a body (objects and array items, nested), so each field can be the one mutated. */
function fieldPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return entries.flatMap(([key, v]) => [[...prefix, key], ...fieldPaths(v, [...prefix, key])]);
}

/** A valid body with one field (at any depth) given another type, removed, or joined by an unknown or prototype key. */
function mutated(random: Random, valid: Record<string, unknown>): { body: unknown; change: string } {
  const body = structuredClone(valid);
  const paths = fieldPaths(body);
  const path = paths.length > 0 ? random.pick(paths) : [];
  const parent = path.slice(0, -1).reduce<any>((node, key) => node[key], body);
  const key = path[path.length - 1];
  const how = random.weighted<string>([[6, 'type'], [1, 'remove'], [1, 'extra']]);
  if (key === undefined || how === 'extra') {
    const target = key === undefined ? body : parent;
    const extra = random.pick(['__proto__', 'constructor', 'companyId', '$set', 'desconhecido', 'situacao']);
    Object.defineProperty(target, extra, { value: anyJson(random), enumerable: true, configurable: true, writable: true });
    return { body, change: `+${[...path.slice(0, -1), extra].join('.')}` };
  }
  if (how === 'remove') {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
    return { body, change: `-${path.join('.')}` };
  }
  parent[key] = everyType(random);
  return { body, change: `${path.join('.')}=${toJsonText(parent[key]).slice(0, 40)}` };
}

/** Valid bodies of the fiscal routes (what the spec and the services accept), the start of every mutation. */
const fiscalBodies = {
  emission: (random: Random): Record<string, unknown> => ({
    referencia: `fuzz-${random.alnum(12)}`,
    modelo: random.pick(['NFE', 'NFCE']),
    destinatario: { documento: '11.222.333/0001-81', nome: 'Cliente Comprador Ltda', uf: 'SP', codigoMunicipio: '3550308', endereco: { logradouro: 'Rua Augusta', numero: '500', bairro: 'Consolação', municipio: 'São Paulo', cep: '01304000' } },
    itens: [{ codigo: 'P-1', descricao: 'Cadeira de escritório', quantidade: 2, valorUnitario: 250.5, ncm: '94013000', cfop: '5102', csosn: '102' }],
  }),
  cancel: (): Record<string, unknown> => ({ justificativa: 'Cancelamento por erro de digitação no pedido' }),
  voiding: (random: Random): Record<string, unknown> => {
    const de = random.int(1, 500);
    return { modelo: random.pick(['NFE', 'NFCE']), serie: random.int(1, 2), de, ate: de + random.int(0, 3), justificativa: 'Numeração pulada por falha do sistema emissor' };
  },
  simulation: (random: Random): Record<string, unknown> =>
    random.pick([
      { tipoDocumento: 'NFSE', valor: 100000, dataOperacao: '2026-01-15', regime: 'LUCRO_PRESUMIDO', aliquotaIss: 5 },
      { tipoDocumento: 'NFE', valor: 10000, dataOperacao: '2027-03-10', regime: 'LUCRO_REAL', ufOrigem: 'SP' },
      { tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2026-10-15', regime: 'SIMPLES_NACIONAL', anexoSimples: 'III', receitaBruta12Meses: 300000 },
    ]),
  none: (): Record<string, unknown> => ({}),
};

/** The fiscal services' REST routes (services/fiscal-document/src/rest, services/tax-simulation/src/rest), every one. */
type FiscalRoute = { method: string; path: (doc: string, sim: string) => string; body?: keyof typeof fiscalBodies; target: ServiceName; reads?: 'document' | 'simulation' };
const FISCAL_ROUTES: FiscalRoute[] = [
  { method: 'POST', path: () => DOCUMENTS, body: 'emission', target: 'fiscal-document' },
  { method: 'GET', path: (doc) => `${DOCUMENTS}/${doc}`, target: 'fiscal-document', reads: 'document' },
  { method: 'GET', path: (doc) => `${DOCUMENTS}/${doc}/xml`, target: 'fiscal-document', reads: 'document' },
  { method: 'GET', path: (doc) => `${DOCUMENTS}/${doc}/danfe.pdf`, target: 'fiscal-document', reads: 'document' },
  { method: 'POST', path: (doc) => `${DOCUMENTS}/${doc}/cancelar`, body: 'cancel', target: 'fiscal-document' },
  { method: 'POST', path: (doc) => `${DOCUMENTS}/${doc}/entrega`, body: 'none', target: 'fiscal-document' },
  { method: 'POST', path: (doc) => `${DOCUMENTS}/${doc}/inicio-servico`, body: 'none', target: 'fiscal-document' },
  { method: 'POST', path: () => VOIDINGS, body: 'voiding', target: 'fiscal-document' },
  { method: 'GET', path: () => VOIDINGS, target: 'fiscal-document' },
  { method: 'POST', path: () => SIMULATIONS, body: 'simulation', target: 'tax-simulation' },
  { method: 'GET', path: (_doc, sim) => `${SIMULATIONS}/${sim}`, target: 'tax-simulation', reads: 'simulation' },
  { method: 'POST', path: (_doc, sim) => `${SIMULATIONS}/${sim}/provisionar`, body: 'none', target: 'tax-simulation' },
];

const JUNK_IDS = ['x', '0'.repeat(44), '0'.repeat(32), '%zz', 'a'.repeat(300), '__proto__', '1%20OR%201', '%C3%A7', '%2e%2e'];

/** An id that is the company's own, another company's (the control's), or junk. */
function fiscalId(random: Random, own: string[], foreign: string): [string, 'own' | 'foreign' | 'junk'] {
  const kind = random.weighted<'own' | 'foreign' | 'junk'>([[4, 'own'], [3, 'foreign'], [2, 'junk']]);
  if (kind === 'own') return [random.pick(own), kind];
  if (kind === 'foreign') return [foreign, kind];
  return [random.pick(JUNK_IDS), kind];
}

function fiscalRequest(random: Random, context: FuzzContext): Draft {
  const [role, authorization, valid] = session(random, context);
  const route = random.pick(FISCAL_ROUTES);
  const [doc, docKind] = fiscalId(random, context.fiscal.documents, context.control.document);
  const [sim, simKind] = fiscalId(random, context.fiscal.simulations, context.control.simulation);
  let path = route.path(doc, sim);
  if (route.method === 'GET' && path === VOIDINGS && random.chance(0.7)) {
    path += `?${random.pick(['modelo=NFE', 'modelo=XYZ', 'modelo=', 'primeiros=200', 'primeiros=201', 'primeiros=0', 'primeiros=abc', 'primeiros=1e3', 'modelo=NFCE&primeiros=1', 'modelo[]=NFE', '__proto__[x]=1'])}`;
  }
  const headers: Record<string, string> = { ...JSON_TYPE };
  if (authorization) headers.authorization = authorization;
  let body: Buffer | undefined;
  let shape = 'none';
  if (route.body) {
    const start = fiscalBodies[route.body](random);
    shape = random.weighted<string>([[1, 'valid'], [6, 'mutated'], [0.5, 'malformed'], [0.5, 'not-object'], [0.4, 'oversized']]);
    switch (shape) {
      case 'valid':
        body = json(start);
        break;
      case 'mutated': {
        const { body: changed, change } = mutated(random, start);
        body = json(changed);
        shape = `mutated ${change}`;
        break;
      }
      case 'malformed':
        body = Buffer.from(random.pick(['{"x":', '', '{"justificativa":"a",}', '\ufeff{}']));
        break;
      case 'not-object':
        body = json(random.pick([null, 1, 'x', [], [start], true]));
        break;
      default:
        // Past the fiscal body limit (1 MiB, the kit's default; the gateway's FISCAL_BODY_LIMIT_BYTES).
        body = json({ ...start, justificativa: 'x'.repeat(1024 * 1024 + 16) });
    }
  }
  const junkPath = path.includes('%zz') || path.includes('a'.repeat(300)) || path.includes('%2e%2e');
  const ownRole = role === 'admin' || role === 'user';
  let expect: Draft['expect'];
  if (!valid && !junkPath) expect = { status: [401], codes: ['UNAUTHENTICATED'] };
  else if (valid && shape === 'oversized') expect = { status: [413, 403], codes: ['CORPO_GRANDE_DEMAIS', 'FORBIDDEN'] };
  else if (valid && route.reads === 'document' && (docKind === 'foreign' || (!ownRole && docKind === 'own'))) {
    // Another company's document is not found, exactly like an unknown one (or its reads were at their ceiling).
    expect = { status: [404, 429], codes: ['DOCUMENTO_NAO_ENCONTRADO', 'CONSULTAS_SIMULTANEAS_DEMAIS'] };
  } else if (valid && route.reads === 'simulation' && (simKind === 'foreign' || (!ownRole && simKind === 'own'))) {
    expect = { status: [404], codes: ['SIMULACAO_NAO_ENCONTRADA'] };
  }
  return {
    description: `${route.method} ${path.slice(0, 100)} session:${role} ids:${docKind}/${simKind} body:${shape}`,
    target: random.chance(0.15) ? route.target : 'gateway',
    method: route.method,
    path,
    headers,
    body,
    expect,
  };
}

// ---------------------------------------------------------------- GraphQL

/** A literal for an argument: usually of its type (with edge values), sometimes of any other. */
function literal(random: Random, type: GraphQLInputType, depth = 0): string {
  if (random.chance(0.1)) return random.pick(['null', '"x"', '1', 'true', '[]', '{}', '1e400', '-1', '0']);
  const nullable = getNullableType(type);
  if (isListType(nullable)) return `[${Array.from({ length: random.int(0, 3) }, () => literal(random, nullable.ofType, depth + 1)).join(', ')}]`;
  if (isEnumType(nullable)) return random.chance(0.8) ? random.pick(nullable.getValues()).name : 'NAO_EXISTE';
  if (isInputObjectType(nullable)) {
    if (depth > 3) return '{}';
    const fields = Object.values(nullable.getFields()).filter(() => random.chance(0.7));
    return `{ ${fields.map((f) => `${f.name}: ${literal(random, f.type, depth + 1)}`).join(', ')} }`;
  }
  if (isScalarType(nullable)) {
    switch (nullable.name) {
      case 'Int':
        return String(random.pick([0, 1, -1, 50, 199, 200, 201, 2_147_483_647, random.int(1, 300)]));
      case 'Float':
        return String(random.pick([0, -1.5, 1e300, 3.14]));
      case 'Boolean':
        return random.chance(0.5) ? 'true' : 'false';
      case 'DateTime':
        return JSON.stringify(random.pick(['2026-11-21T14:30:00Z', '2099-01-01T00:00:00Z', '2000-01-01T00:00:00Z', 'ontem', '2026-02-30T00:00:00Z', '']));
      default:
        return JSON.stringify(random.chance(0.5) ? random.pick(IngestionEntities) : oddText(random).slice(0, 300));
    }
  }
  return 'null';
}

function selection(random: Random, type: GraphQLObjectType, depth: number): string {
  const fields = Object.values(type.getFields()) as GraphQLField<unknown, unknown>[];
  const chosen = Array.from({ length: random.int(1, Math.min(4, fields.length)) }, () => random.pick(fields));
  return chosen
    .map((field) => {
      const args = field.args.filter((arg) => random.chance(0.6) || arg.type.toString().endsWith('!'));
      const argText = args.length ? `(${args.map((arg) => `${arg.name}: ${literal(random, arg.type)}`).join(', ')})` : '';
      const named = getNamedType(field.type);
      if (isObjectType(named)) return depth > 3 ? `${field.name}${argText} { __typename }` : `${field.name}${argText} { ${selection(random, named, depth + 1)} }`;
      if (!isScalarType(named) && !isEnumType(named)) return `${field.name}${argText} { __typename }`;
      return `${field.name}${argText}`;
    })
    .join(' ');
}

function graphqlOperation(random: Random, context: FuzzContext): { query: string; variables?: unknown; kind: string } {
  const kind = random.weighted<string>([
    [6, 'schema-walk'],
    [1, 'aliases'],
    [1, 'repeats'],
    [1, 'fragments'],
    [1, 'deep'],
    [1, 'size'],
    [1, 'variables'],
    [1, 'malformed'],
    [0.5, 'subscription'],
    [0.5, 'introspection'],
    [0.5, 'operations'],
  ]);
  const queryType = context.schema.getQueryType()!;
  const mutationType = context.schema.getMutationType();
  switch (kind) {
    case 'schema-walk': {
      const mutation = mutationType && random.chance(0.3);
      return { kind, query: `${mutation ? 'mutation' : 'query'} { ${selection(random, mutation ? mutationType : queryType, 1)} }` };
    }
    case 'aliases':
      return { kind, query: `{ ${Array.from({ length: random.pick([5, 11, 100]) }, (_, i) => `a${i}: historicoImportacoes(primeiros: ${random.pick([1, 200, 1000])}) { itens { loteId linhasRecusadas { valores } } }`).join(' ')} }` };
    case 'repeats':
      return { kind, query: `{ ${Array(random.pick([4, 50, 4_000, 20_000])).fill(random.pick(['__typename', 'historicoImportacoes { proximo }'])).join(' ')} }` };
    case 'fragments': {
      const levels = random.int(2, 40);
      const fragments = Array.from({ length: levels }, (_, i) => `fragment F${i} on Query { ${i === levels - 1 ? '__typename' : `...F${i + 1} ...F${i + 1}`} }`).join(' ');
      return { kind, query: `{ ...F0 } ${fragments}` };
    }
    case 'deep': {
      const levels = random.int(2, 9);
      return { kind, query: `{ __type(name: "Query") { fields { type ${'{ ofType '.repeat(levels)}{ name }${' }'.repeat(levels)} } } }` };
    }
    case 'size':
      return { kind, query: `query Q${random.alnum(8)} { ${'historicoImportacoes(primeiros: 1) { proximo } '.repeat(random.pick([1, 200, 3_000]))}}` };
    case 'variables':
      return {
        kind,
        query: 'query ($e: String, $n: Int, $d: String) { historicoImportacoes(entidade: $e, primeiros: $n, depois: $d) { itens { loteId } proximo } }',
        variables: random.chance(0.8) ? { e: anyJson(random), n: anyJson(random), d: anyJson(random) } : anyJson(random),
      };
    case 'malformed':
      return { kind, query: random.pick(['{', '}', '{ historicoImportacoes(', 'query query', '{ a: }', '"""', '#', '{ ... }', '\u0000', '{ historicoImportacoes { itens { loteId } } ', 'fragment A on B { c }']) };
    case 'subscription':
      return { kind, query: random.pick(['subscription { x }', 'subscription S { historicoImportacoes { proximo } }']) };
    case 'introspection':
      return { kind, query: '{ __schema { types { name fields { name args { name type { name } } } } } }' };
    default:
      return { kind, query: 'query A { __typename } query B { __typename } mutation C { __typename }' };
  }
}

function graphqlRequest(random: Random, context: FuzzContext): Draft {
  const [role, authorization] = session(random, context);
  const operation = graphqlOperation(random, context);
  const headers: Record<string, string> = { ...JSON_TYPE };
  if (authorization) headers.authorization = authorization;
  const target = random.chance(0.1) ? random.pick(SERVICE_NAMES) : 'gateway';
  const form = random.weighted<string>([[8, 'post'], [1, 'get'], [0.5, 'batch'], [0.5, 'odd-body'], [0.3, 'persisted']]);
  const payload: Record<string, unknown> = { query: operation.query };
  if (operation.variables !== undefined) payload.variables = operation.variables;
  if (random.chance(0.1)) payload.operationName = random.pick(['A', 'B', 'nao', '', 1]);
  let method = 'POST';
  let path = '/graphql';
  let body: Buffer | undefined = json(payload);
  switch (form) {
    case 'get':
      method = 'GET';
      path = `/graphql?query=${encodeURIComponent(operation.query.slice(0, 6_000))}`;
      body = undefined;
      delete headers['content-type'];
      headers['apollo-require-preflight'] = 'true';
      break;
    case 'batch':
      body = json([payload, payload]);
      break;
    case 'odd-body':
      body = Buffer.from(random.pick(['', 'null', '[]', '{"query":1}', '{"query":null}', '{"query":"{__typename}","variables":"{"}', '{"query":"{__typename}","extensions":{"persistedQuery":{"version":1,"sha256Hash":"x"}}}']));
      break;
    case 'persisted':
      payload.extensions = { persistedQuery: { version: 1, sha256Hash: random.alnum(64) } };
      body = json(payload);
      break;
  }
  return { description: `${method} /graphql at ${target} session:${role} ${operation.kind}/${form}`, target, method, path, headers, body };
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
