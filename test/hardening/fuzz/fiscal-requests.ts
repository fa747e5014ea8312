import type { FuzzContext, ServiceName } from './context';
import { anyJson, oddText, toJsonText, type Random } from './random';
import { DOCUMENTS, JSON_TYPE, SIMULATIONS, VOIDINGS, json, session, type Draft } from './request';

/** The fiscal REST routes: valid bodies mutated one field at a time, own, foreign and junk ids, every session. */

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

export function fiscalRequest(random: Random, context: FuzzContext): Draft {
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
