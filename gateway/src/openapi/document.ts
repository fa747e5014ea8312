import { ModelosDocumento } from '@erp/contracts';
import { errorBody, errorSchemas } from './errors';
import type { JsonSchema } from './joi-schema';
import { bodySchemas, success } from './schemas';

/**
 * The OpenAPI 3.1 document of every REST path the gateway serves (ingestion, settings, fiscal documents, tax
 * simulation): what `/api/openapi.json` answers and `/api/docs` shows. The e2e test
 * `test/e2e/openapi-responses.test.ts` validates real responses of every operation against it.
 */

type Status = number;
interface Operation {
  summary: string;
  description?: string;
  tags: string[];
  security: 'tokenIngestao' | 'sessao' | 'sessaoAdmin';
  parameters?: JsonSchema[];
  body?: JsonSchema;
  /** Success statuses and their body schema (JSON unless `mediaType` says otherwise), plus extra headers. */
  ok: Record<Status, { description: string; schema: JsonSchema; mediaType?: string; headers?: Record<string, JsonSchema> }>;
  /** Route-specific refusals by status. */
  refusals: Record<Status, string[]>;
  /** Whether a path parameter can hit the router's 414. */
  pathParams?: boolean;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const header = (name: string) => ({ $ref: `#/components/headers/${name}` });
const param = (name: string) => ({ $ref: `#/components/parameters/${name}` });

const RATE_LIMIT_HEADERS = { 'RateLimit-Limit': header('RateLimitLimit'), 'RateLimit-Remaining': header('RateLimitRemaining'), 'RateLimit-Reset': header('RateLimitReset') };

const TOKEN_REFUSALS = ['TOKEN_AUSENTE', 'TOKEN_INVALIDO', 'TOKEN_REVOGADO', 'TOKEN_INATIVO', 'TOKEN_EXPIRADO', 'TOKEN_SEM_ESCOPO'];

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
      content: { [success.mediaType ?? 'application/json']: { schema: success.schema } },
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

function operation(op: Operation): JsonSchema {
  const security = op.security === 'tokenIngestao' ? [{ tokenIngestao: [] }] : [{ sessao: [] }];
  return {
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: op.tags,
    security,
    parameters: [param('RequestIdHeader'), ...(op.parameters ?? [])],
    ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: op.body } } } } : {}),
    responses: responses(op),
  };
}

// ---- the operations, by path ----

const INGESTION = 'Ingestão';
const SETTINGS = 'Configuração fiscal';
const DOCUMENTS = 'Documentos fiscais';
const TAXES = 'Simulação de impostos';

const ingestionWrite = (preview: boolean): Operation => ({
  summary: preview ? 'Valida um lote sem gravar nada' : 'Grava um lote de registros da entidade',
  description: preview
    ? 'Mesma validação e o mesmo relatório por linha da gravação; nada é gravado (nem histórico, nem chave de idempotência).'
    : 'Valida cada linha, grava as válidas numa escrita em lote e registra o lote no histórico de importações. `Idempotency-Key` repete a primeira resposta.',
  tags: [INGESTION],
  security: 'tokenIngestao',
  parameters: [param('Entidade'), ...(preview ? [] : [param('IdempotencyKey')]), param('ContentEncoding')],
  body: ref('Lote'),
  pathParams: true,
  ok: {
    200: {
      description: 'Lote processado (linhas recusadas são relatadas, não fazem o lote falhar)',
      schema: success(ref('ResultadoLote'), true),
      headers: preview ? {} : { 'Idempotency-Replayed': header('IdempotencyReplayed') },
    },
  },
  refusals: {
    400: ['CORPO_INVALIDO', 'LOTE_VAZIO', ...(preview ? [] : ['CHAVE_IDEMPOTENCIA_INVALIDA'])],
    401: TOKEN_REFUSALS,
    403: ['ENTIDADE_FORA_DO_ESCOPO'],
    404: ['ENTIDADE_DESCONHECIDA'],
    409: preview ? [] : ['CHAVE_IDEMPOTENCIA_EM_USO'],
    422: preview ? [] : ['CHAVE_IDEMPOTENCIA_REUTILIZADA'],
    413: ['LOTE_GRANDE_DEMAIS', 'CORPO_GRANDE_DEMAIS'],
    415: ['TIPO_CONTEUDO_INVALIDO', 'CODIFICACAO_NAO_SUPORTADA'],
    429: ['LIMITE_REQUISICOES'],
    503: ['SERVICO_INDISPONIVEL'],
  },
});

const documentAction = (summary: string, refusals: Record<Status, string[]>, admin = false, body?: JsonSchema, withMessage = false): Operation => ({
  summary,
  tags: [DOCUMENTS],
  security: admin ? 'sessaoAdmin' : 'sessao',
  parameters: [param('Id')],
  pathParams: true,
  ...(body ? { body } : {}),
  ok: { 200: { description: 'O documento depois da operação', schema: success(ref('DocumentoFiscal'), withMessage) } },
  refusals: { 404: ['DOCUMENTO_NAO_ENCONTRADO'], ...refusals },
});

const PATHS: Record<string, Record<string, Operation>> = {
  '/api/ingestao-pub/entidades': {
    get: {
      summary: 'Descobre o token e as entidades do seu escopo, com os campos de cada uma',
      tags: [INGESTION],
      security: 'tokenIngestao',
      ok: { 200: { description: 'Token, limite de linhas e entidades do escopo', schema: success(ref('Entidades')) } },
      refusals: { 401: TOKEN_REFUSALS, 429: ['LIMITE_REQUISICOES'], 503: ['SERVICO_INDISPONIVEL'] },
    },
  },
  '/api/ingestao-pub/{entidade}': { post: ingestionWrite(false) },
  '/api/ingestao-pub/{entidade}/preview': { post: ingestionWrite(true) },
  '/api/erp/faturamento/configuracao': {
    get: {
      summary: 'Lê a configuração fiscal da empresa da sessão (segredos mascarados)',
      tags: [SETTINGS],
      security: 'sessao',
      ok: { 200: { description: 'A configuração; `ETag` é a versão', schema: success(ref('ConfiguracaoFiscal')), headers: { ETag: header('ETag') } } },
      refusals: {},
    },
    put: {
      summary: 'Substitui a configuração fiscal (somente admin)',
      description: 'Com `If-Match` (o `ETag` do GET), recusa com 409 se outra versão foi salva desde a leitura.',
      tags: [SETTINGS],
      security: 'sessaoAdmin',
      parameters: [param('IfMatch')],
      body: ref('ConfiguracaoFiscalEntrada'),
      ok: { 200: { description: 'A configuração salva; `ETag` é a nova versão', schema: success(ref('ConfiguracaoFiscal')), headers: { ETag: header('ETag') } } },
      refusals: {
        400: [
          'CORPO_INVALIDO',
          'CONFIGURACAO_INVALIDA',
          'VERSAO_ESPERADA_INVALIDA',
          'CERTIFICADO_SENHA_INVALIDA',
          'CERTIFICADO_FORMATO_INVALIDO',
          'CERTIFICADO_SEM_CHAVE_PRIVADA',
          'CERTIFICADO_EXPIRADO',
          'CERTIFICADO_AINDA_NAO_VALIDO',
          'CERTIFICADO_SEM_CNPJ',
          'CERTIFICADO_CNPJ_DIVERGENTE',
        ],
        409: ['CONFLITO_DE_EDICAO'],
      },
    },
  },
  '/api/erp/faturamento/documentos': {
    post: {
      summary: 'Emite um documento fiscal (NF-e, NFC-e, CT-e, NFS-e)',
      description: '201 para um documento novo; 200 com o mesmo documento quando a `referencia` já foi usada com o mesmo conteúdo.',
      tags: [DOCUMENTS],
      security: 'sessao',
      body: ref('EmissaoDocumento'),
      ok: {
        201: { description: 'Documento emitido', schema: success(ref('DocumentoFiscal')) },
        200: { description: 'O documento já emitido com esta referencia', schema: success(ref('DocumentoFiscal')) },
      },
      refusals: {
        400: ['CORPO_INVALIDO', 'DOCUMENTO_INVALIDO'],
        409: ['REFERENCIA_REUTILIZADA', 'EMISSAO_EM_ANDAMENTO'],
        422: [
          'CONFIGURACAO_INCOMPLETA',
          'CERTIFICADO_AUSENTE',
          'CERTIFICADO_EXPIRADO',
          'CERTIFICADO_CNPJ_DIVERGENTE',
          'AUTORIZADOR_INDISPONIVEL',
          'DOCUMENTO_REJEITADO',
          'DOCUMENTO_DENEGADO',
        ],
        503: ['SERVICO_INDISPONIVEL'],
      },
    },
  },
  '/api/erp/faturamento/documentos/{id}': {
    get: {
      summary: 'Lê um documento fiscal da empresa',
      tags: [DOCUMENTS],
      security: 'sessao',
      parameters: [param('Id')],
      pathParams: true,
      ok: { 200: { description: 'O documento', schema: success(ref('DocumentoFiscal')) } },
      refusals: { 404: ['DOCUMENTO_NAO_ENCONTRADO'] },
    },
  },
  '/api/erp/faturamento/documentos/{id}/cancelar': {
    post: documentAction(
      'Cancela um documento autorizado, dentro do prazo (somente admin)',
      {
        400: ['CORPO_INVALIDO', 'JUSTIFICATIVA_INVALIDA', 'CHAVE_SUBSTITUTA_INVALIDA'],
        409: ['DOCUMENTO_JA_CANCELADO', 'CANCELAMENTO_EM_ANDAMENTO'],
        422: ['DOCUMENTO_NAO_AUTORIZADO', 'PRAZO_CANCELAMENTO_EXPIRADO', 'MERCADORIA_ENTREGUE', 'SERVICO_INICIADO', 'DOCUMENTO_REJEITADO', 'AUTORIZADOR_INDISPONIVEL', 'CHAVE_SUBSTITUTA_INVALIDA'],
        503: ['CANCELAMENTO_PENDENTE', 'SERVICO_INDISPONIVEL'],
      },
      true,
      ref('Cancelamento'),
      true,
    ),
  },
  '/api/erp/faturamento/documentos/{id}/xml': {
    get: {
      summary: 'O XML do documento: o nfeProc autorizado, ou a NF-e assinada enviada à SEFAZ',
      tags: [DOCUMENTS],
      security: 'sessao',
      parameters: [param('Id')],
      pathParams: true,
      ok: {
        200: {
          description: 'O XML (`<chave>-procNFe.xml`, ou `<chave>-nfe.xml` antes da resposta da SEFAZ)',
          mediaType: 'application/xml',
          schema: { type: 'string', contentMediaType: 'application/xml' },
          headers: { 'Content-Disposition': header('ContentDisposition') },
        },
      },
      refusals: { 404: ['DOCUMENTO_NAO_ENCONTRADO', 'XML_INDISPONIVEL'], 429: ['CONSULTAS_SIMULTANEAS_DEMAIS'] },
    },
  },
  '/api/erp/faturamento/documentos/{id}/danfe.pdf': {
    get: {
      summary: 'O DANFE (NF-e, A4) ou o DANFCE (NFC-e, bobina de 80 mm) em PDF',
      description: 'Feito do XML autorizado; de um documento do autorizador local, do documento guardado, marcado "SEM VALOR FISCAL - HOMOLOGAÇÃO".',
      tags: [DOCUMENTS],
      security: 'sessao',
      parameters: [param('Id')],
      pathParams: true,
      ok: {
        200: {
          description: 'O PDF, com o código de barras CODE-128C da chave (NF-e) ou o QR Code (NFC-e)',
          mediaType: 'application/pdf',
          schema: { type: 'string', contentMediaType: 'application/pdf' },
          headers: { 'Content-Disposition': header('ContentDisposition') },
        },
      },
      refusals: { 404: ['DOCUMENTO_NAO_ENCONTRADO'], 422: ['DOCUMENTO_NAO_AUTORIZADO', 'DANFE_INDISPONIVEL'], 429: ['CONSULTAS_SIMULTANEAS_DEMAIS'], 503: ['SERVICO_INDISPONIVEL'] },
    },
  },
  '/api/erp/faturamento/documentos/{id}/entrega': {
    post: documentAction('NF-e: registra a entrega da mercadoria (encerra o prazo de cancelamento)', {
      409: ['DOCUMENTO_JA_CANCELADO'],
      422: ['MARCACAO_INVALIDA', 'DOCUMENTO_NAO_AUTORIZADO'],
    }),
  },
  '/api/erp/faturamento/documentos/{id}/inicio-servico': {
    post: documentAction('CT-e: registra o início da prestação (encerra o prazo de cancelamento)', {
      409: ['DOCUMENTO_JA_CANCELADO'],
      422: ['MARCACAO_INVALIDA', 'DOCUMENTO_NAO_AUTORIZADO'],
    }),
  },
  '/api/erp/faturamento/inutilizacoes': {
    post: {
      summary: 'Inutiliza números tomados e nunca autorizados de uma série de NF-e ou NFC-e (somente admin)',
      description: '201 para uma inutilização nova; 200 com a mesma inutilização quando a faixa já foi inutilizada por um pedido igual.',
      tags: [DOCUMENTS],
      security: 'sessaoAdmin',
      body: ref('InutilizacaoEntrada'),
      ok: {
        201: { description: 'Inutilizada pelo autorizador', schema: success(ref('Inutilizacao'), true) },
        200: { description: 'A inutilização já registrada desta faixa', schema: success(ref('Inutilizacao'), true) },
      },
      refusals: {
        400: ['CORPO_INVALIDO', 'INUTILIZACAO_INVALIDA'],
        409: ['INUTILIZACAO_PENDENTE'],
        422: ['FAIXA_NAO_INUTILIZAVEL', 'INUTILIZACAO_REJEITADA', 'CONFIGURACAO_INCOMPLETA', 'AUTORIZADOR_INDISPONIVEL'],
        503: ['INUTILIZACAO_PENDENTE', 'SERVICO_INDISPONIVEL'],
      },
    },
    get: {
      summary: 'As inutilizações da empresa, da mais recente (automáticas e manuais)',
      tags: [DOCUMENTS],
      security: 'sessao',
      parameters: [param('Modelo'), param('Primeiros')],
      ok: { 200: { description: 'As inutilizações', schema: success({ type: 'array', items: ref('Inutilizacao') }) } },
      refusals: { 400: ['INUTILIZACAO_INVALIDA'], 429: ['CONSULTAS_SIMULTANEAS_DEMAIS'] },
    },
  },
  '/api/erp/faturamento/impostos/simulacoes': {
    post: {
      summary: 'Simula os impostos de uma operação e guarda a simulação',
      tags: [TAXES],
      security: 'sessao',
      body: ref('SimulacaoEntrada'),
      ok: { 201: { description: 'Simulação guardada', schema: success(ref('SimulacaoImposto')) } },
      refusals: { 400: ['SIMULACAO_INVALIDA'], 503: ['SERVICO_INDISPONIVEL'] },
    },
  },
  '/api/erp/faturamento/impostos/simulacoes/{id}': {
    get: {
      summary: 'Lê uma simulação guardada',
      tags: [TAXES],
      security: 'sessao',
      parameters: [param('Id')],
      pathParams: true,
      ok: { 200: { description: 'A simulação', schema: success(ref('SimulacaoImposto')) } },
      refusals: { 404: ['SIMULACAO_NAO_ENCONTRADA'] },
    },
  },
  '/api/erp/faturamento/impostos/simulacoes/{id}/provisionar': {
    post: {
      summary: 'Provisiona os impostos a pagar como títulos (somente admin; idempotente)',
      description:
        'A primeira chamada e cada repetição respondem os mesmos títulos; uma chamada depois de a empresa informar o vencimento da CBS, ' +
        'do IBS ou do IS cria só os títulos que faltavam. Numa comparação de regimes, só um regime pode ser provisionado (409).',
      tags: [TAXES],
      security: 'sessaoAdmin',
      parameters: [param('Id')],
      pathParams: true,
      ok: { 200: { description: 'A simulação com os títulos', schema: success(ref('SimulacaoImposto')) } },
      refusals: { 404: ['SIMULACAO_NAO_ENCONTRADA'], 409: ['REGIME_DIFERENTE_DA_EMPRESA', 'COMPARACAO_JA_PROVISIONADA'], 503: ['SERVICO_INDISPONIVEL'] },
    },
  },
};

const integerHeader = (description: string) => ({ description, schema: { type: 'string', pattern: '^\\d+$' } });

export function openApiDocument(): JsonSchema {
  return {
    openapi: '3.1.0',
    info: {
      title: 'ERP: ingestão e faturamento fiscal',
      version: '1',
      description:
        'A API REST da plataforma, por uma única URL base (o gateway). Erros: `{ sucesso: false, codigo, erro, ...extra }`, ' +
        'com `codigo` estável (programas decidem por ele) e os campos extras de cada código. Cada resposta traz `X-Request-Id` ' +
        '(o enviado pelo cliente, quando válido). Um caminho desconhecido responde 404 `NAO_ENCONTRADO` (`Erro_NAO_ENCONTRADO`). ' +
        'O grafo GraphQL das interfaces internas fica em `/graphql`.',
    },
    servers: [{ url: '/', description: 'o gateway' }],
    tags: [
      { name: INGESTION, description: 'Escrita por sistemas externos, com token de ingestão `ing_...`.' },
      { name: SETTINGS, description: 'Configuração fiscal por empresa, com sessão.' },
      { name: DOCUMENTS, description: 'NF-e, NFC-e, CT-e e NFS-e, com sessão.' },
      { name: TAXES, description: 'Simulação e provisionamento de impostos, com sessão.' },
    ],
    paths: Object.fromEntries(Object.entries(PATHS).map(([path, ops]) => [path, Object.fromEntries(Object.entries(ops).map(([method, op]) => [method, operation(op)]))])),
    components: {
      securitySchemes: {
        tokenIngestao: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'ing_...',
          description: 'Token de ingestão (`Authorization: Bearer ing_...`), criado por um administrador; mostrado uma única vez.',
        },
        sessao: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Sessão de usuário (JWT do provedor de identidade: `sub`, `companyId`, `role` admin|user). A empresa vem sempre da sessão.',
        },
      },
      parameters: {
        RequestIdHeader: {
          name: 'X-Request-Id',
          in: 'header',
          required: false,
          description: 'Identificador da requisição (1-128 de `A-Za-z0-9._:-`), ecoado na resposta e presente em cada linha de log.',
          schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' },
        },
        Entidade: { name: 'entidade', in: 'path', required: true, schema: { type: 'string', examples: ['incidente_seguranca'] } },
        Id: { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'Repete a primeira resposta para a mesma chave, entidade e corpo (24 h).',
          schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
        },
        ContentEncoding: { name: 'Content-Encoding', in: 'header', required: false, schema: { enum: ['gzip', 'identity'] } },
        IfMatch: { name: 'If-Match', in: 'header', required: false, description: 'A versão lida (o `ETag` do GET), por exemplo `"3"`.', schema: { type: 'string' } },
        Modelo: { name: 'modelo', in: 'query', required: false, schema: { enum: [...ModelosDocumento] } },
        Primeiros: { name: 'primeiros', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 } },
      },
      headers: {
        RequestId: { description: 'Identificador da requisição.', schema: { type: 'string' } },
        RateLimitLimit: integerHeader('Requisições permitidas por minuto para o token.'),
        RateLimitRemaining: integerHeader('Requisições que ainda cabem na janela atual.'),
        RateLimitReset: integerHeader('Segundos até o fim da janela atual.'),
        RetryAfter: integerHeader('Segundos a esperar antes de repetir.'),
        ETag: { description: 'A versão da configuração, entre aspas.', schema: { type: 'string', pattern: '^"\\d+"$' } },
        IdempotencyReplayed: { description: '`true` quando a resposta é a repetição da primeira.', schema: { const: 'true' } },
        ContentDisposition: { description: 'O nome do arquivo (`inline` para o PDF, `attachment` para o XML).', schema: { type: 'string', pattern: '^(inline|attachment); filename="[^"]+"$' } },
      },
      schemas: { ...bodySchemas(), ...errorSchemas() },
    },
  };
}
