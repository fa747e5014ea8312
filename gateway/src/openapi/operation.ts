import { errorBody } from './errors';
import type { JsonSchema } from './joi-schema';

/** One REST operation as the paths declare it, and its OpenAPI form (security, parameters, every response). */

export type Status = number;
export interface Operation {
  summary: string;
  description?: string;
  tags: string[];
  /** `linkArquivo`: no header; the path's own token is the credential (a short-lived file link). */
  security: 'tokenIngestao' | 'sessao' | 'sessaoAdmin' | 'linkArquivo';
  parameters?: JsonSchema[];
  body?: JsonSchema;
  /** Named examples of the request body (OpenAPI `examples`), each `{ summary, value }`. */
  examples?: Record<string, { summary: string; value: unknown }>;
  /** Success statuses and their body schema (JSON unless `mediaType` says otherwise), plus extra headers. */
  ok: Record<Status, { description: string; schema: JsonSchema; mediaType?: string; headers?: Record<string, JsonSchema>; example?: unknown }>;
  /** Route-specific refusals by status. */
  refusals: Record<Status, string[]>;
  /** Whether a path parameter can hit the router's 414. */
  pathParams?: boolean;
}

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const header = (name: string) => ({ $ref: `#/components/headers/${name}` });
export const param = (name: string) => ({ $ref: `#/components/parameters/${name}` });

const RATE_LIMIT_HEADERS = { 'RateLimit-Limit': header('RateLimitLimit'), 'RateLimit-Remaining': header('RateLimitRemaining'), 'RateLimit-Reset': header('RateLimitReset') };

export const TOKEN_REFUSALS = ['TOKEN_AUSENTE', 'TOKEN_INVALIDO', 'TOKEN_REVOGADO', 'TOKEN_INATIVO', 'TOKEN_EXPIRADO', 'TOKEN_SEM_ESCOPO'];

/** Refusals any route may give, decided by the kit's HTTP app or the gateway before the route runs. */
function commonRefusals(op: Operation): Record<Status, string[]> {
  const common: Record<Status, string[]> = {
    400: ['URL_INVALIDA', 'CAMINHO_INVALIDO', 'REQUISICAO_MALFORMADA'],
    408: ['TEMPO_ESGOTADO'],
    431: ['CABECALHO_GRANDE_DEMAIS'],
    500: ['ERRO_INTERNO'],
    503: ['SERVICO_INDISPONIVEL', 'TEMPO_ESGOTADO'],
    504: ['TEMPO_ESGOTADO'],
  };
  if (op.pathParams) common[414] = ['URL_LONGA_DEMAIS'];
  if (op.body) {
    common[400].push('CORPO_INVALIDO');
    common[413] = ['CORPO_GRANDE_DEMAIS'];
    common[415] = ['TIPO_CONTEUDO_INVALIDO'];
  }
  if (op.security === 'sessao' || op.security === 'sessaoAdmin') common[401] = ['UNAUTHENTICATED'];
  if (op.security === 'sessaoAdmin') common[403] = ['FORBIDDEN'];
  return common;
}

const REASONS: Record<Status, string> = {
  400: 'Requisição inválida',
  401: 'Não autenticado',
  403: 'Sem permissão',
  404: 'Não encontrado',
  408: 'A requisição não chegou a tempo',
  409: 'Conflito',
  413: 'Corpo grande demais',
  414: 'URL longa demais',
  415: 'Tipo de conteúdo não suportado',
  422: 'Recusado pela regra de negócio',
  429: 'Limite de requisições',
  431: 'Cabeçalhos grandes demais',
  500: 'Erro interno',
  503: 'Indisponível',
  504: 'Tempo esgotado',
};

function responses(op: Operation): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  const withRate = op.security === 'tokenIngestao';
  for (const [status, success] of Object.entries(op.ok)) {
    out[status] = {
      description: success.description,
      headers: { 'X-Request-Id': header('RequestId'), ...(withRate ? RATE_LIMIT_HEADERS : {}), ...(success.headers ?? {}) },
      content: { [success.mediaType ?? 'application/json']: { schema: success.schema, ...(success.example === undefined ? {} : { example: success.example }) } },
    };
  }
  const refusals: Record<Status, string[]> = {};
  for (const source of [commonRefusals(op), op.refusals]) {
    for (const [status, codes] of Object.entries(source)) {
      refusals[Number(status)] = [...new Set([...(refusals[Number(status)] ?? []), ...codes])];
    }
  }
  for (const [status, codes] of Object.entries(refusals).sort(([a], [b]) => Number(a) - Number(b))) {
    if (codes.length === 0) continue;
    const code = Number(status);
    const retry = [409, 429, 503, 504].includes(code) ? { 'Retry-After': header('RetryAfter') } : {};
    // Every answer to an authenticated ingestion request carries the rate-limit state; a 401 has no origin.
    const rate = withRate && code !== 401 ? RATE_LIMIT_HEADERS : {};
    out[status] = {
      description: `${REASONS[code] ?? 'Recusa'}: ${codes.join(', ')}`,
      headers: { 'X-Request-Id': header('RequestId'), ...rate, ...retry },
      content: { 'application/json': { schema: errorBody(codes) } },
    };
  }
  return out;
}

export function operation(op: Operation): JsonSchema {
  const security = op.security === 'tokenIngestao' ? [{ tokenIngestao: [] }] : op.security === 'linkArquivo' ? [] : [{ sessao: [] }];
  return {
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: op.tags,
    security,
    parameters: [param('RequestIdHeader'), ...(op.parameters ?? [])],
    ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: op.body, ...(op.examples ? { examples: op.examples } : {}) } } } } : {}),
    responses: responses(op),
  };
}

export const INGESTION = 'Ingestão';
export const SETTINGS = 'Configuração fiscal';
export const DOCUMENTS = 'Documentos fiscais';
export const TAXES = 'Simulação de impostos';

/** The operations of a group of paths, by path and method. */
export type Paths = Record<string, Record<string, Operation>>;
