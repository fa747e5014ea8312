import * as contracts from '@erp/contracts';
import type { FuzzRequest } from './generators';

/** What came back (or did not). */
export interface FuzzResponse {
  status: number | null;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  ms: number;
  /** Why there is no status: a reset, a timeout. */
  error?: string;
  /** The client side of the keep-alive connection it went over (its local port). */
  connection?: string;
}

/** Apollo's own codes, which GraphQL clients know; everything else must be one of the contracts' codes. */
const APOLLO_CODES = [
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
  'UNAUTHENTICATED',
  'FORBIDDEN',
];

/** Every documented code: the values of each `...ErrorCodes` table of @erp/contracts, and Apollo's. */
export const KNOWN_CODES: ReadonlySet<string> = new Set([
  ...APOLLO_CODES,
  ...Object.entries(contracts)
    .filter(([name, value]) => name.endsWith('ErrorCodes') && typeof value === 'object' && value !== null)
    .flatMap(([, table]) => Object.values(table as Record<string, string>)),
]);

/** Internals that must never reach a client. */
const LEAKS = /node_modules|\n\s+at [^\n]+\(|MongoServerError|MongoBulkWriteError|MongoNetworkError|FST_ERR|ECONNREFUSED|ECONNRESET|stacktrace|"stack"|INTERNAL_SERVER_ERROR/;

/** The longest any request may take, hostile or not. */
export const MAX_REQUEST_MS = 10_000;

function parse(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

function restRefusalProblems(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return ['refusal body is not a JSON object'];
  const { sucesso, codigo, erro } = body as Record<string, unknown>;
  const problems: string[] = [];
  if (sucesso !== false) problems.push('refusal without sucesso: false');
  if (typeof codigo !== 'string' || !KNOWN_CODES.has(codigo)) problems.push(`refusal code ${JSON.stringify(codigo)} is not a documented code`);
  if (typeof erro !== 'string' || erro.length === 0) problems.push('refusal without an erro message');
  return problems;
}

function graphqlProblems(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return ['GraphQL answer is not a JSON object'];
  const errors = (body as { errors?: unknown }).errors;
  if (errors === undefined) return 'data' in body ? [] : ['GraphQL answer with neither data nor errors'];
  if (!Array.isArray(errors) || errors.length === 0) return ['GraphQL errors is not a non-empty list'];
  const problems: string[] = [];
  for (const error of errors as { message?: unknown; extensions?: { code?: unknown } }[]) {
    const code = error?.extensions?.code;
    if (typeof code !== 'string' || !KNOWN_CODES.has(code)) problems.push(`GraphQL error code ${JSON.stringify(code)} is not a documented code`);
    if (typeof error?.message !== 'string') problems.push('GraphQL error without a message');
  }
  return problems;
}

/** The code of a refusal in either shape, for the request's own expectations. */
function codeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const rest = (body as { codigo?: unknown }).codigo;
  if (typeof rest === 'string') return rest;
  const first = (body as { errors?: { extensions?: { code?: unknown } }[] }).errors?.[0]?.extensions?.code;
  return typeof first === 'string' ? first : undefined;
}

/**
 * The pass rules for one request: an answer within MAX_REQUEST_MS, never a 5xx, no internals, no data of the
 * control company (`controlTexts`: what it wrote, its ids; an id the request itself sent may come back in a
 * refusal that names the path), every refusal in its shape with a documented code, and the request's own
 * expectations.
 */
export function judge(request: FuzzRequest, response: FuzzResponse, controlTexts: readonly string[]): string[] {
  if (response.status === null) return [`no answer: ${response.error ?? 'unknown'}`];
  const problems: string[] = [];
  const { status } = response;
  if (status >= 500) problems.push(`HTTP ${status}`);
  if (response.ms > MAX_REQUEST_MS) problems.push(`took ${Math.round(response.ms)} ms (ceiling ${MAX_REQUEST_MS} ms)`);
  const sent = `${request.path}\n${(request.raw ?? request.body)?.toString('utf8') ?? ''}`;
  const leaked = controlTexts.filter((text) => response.body.includes(text) && !sent.includes(text));
  if (leaked.length > 0) problems.push(`the answer holds data of the control company (${leaked.join(', ')})`);
  const leak = LEAKS.exec(response.body);
  if (leak) problems.push(`internals in the answer: ${JSON.stringify(leak[0])}`);

  const body = parse(response.body);
  if (codeOf(body) === 'ERRO_INTERNO' || /"code":"ERRO_INTERNO"/.test(response.body)) problems.push('an internal error (ERRO_INTERNO) for this request');
  const isGraph = request.path.startsWith('/graphql');
  const hasBody = request.method !== 'HEAD' && !(status === 204 || status === 304);
  if (hasBody) {
    if (isGraph) {
      const restShaped = typeof body === 'object' && body !== null && 'codigo' in body;
      if (status >= 400 && restShaped) problems.push(...restRefusalProblems(body));
      else if (status >= 400 || (typeof body === 'object' && body !== null && 'errors' in body)) problems.push(...graphqlProblems(body));
    } else if (status >= 400) {
      problems.push(...restRefusalProblems(body));
    }
  }
  if (request.expect?.status && !request.expect.status.includes(status)) problems.push(`expected HTTP ${request.expect.status.join('/')}, got ${status}`);
  if (request.expect?.codes) {
    const code = codeOf(body);
    if (!code || !request.expect.codes.includes(code)) problems.push(`expected code ${request.expect.codes.join('/')}, got ${code ?? 'none'}`);
  }
  return problems;
}
