import { ModelosDocumento } from '@erp/contracts';
import { errorSchemas } from './errors';
import { withExamples } from './examples';
import type { JsonSchema } from './joi-schema';
import { DOCUMENTS, INGESTION, operation, SETTINGS, TAXES, type Paths } from './operation';
import { DOCUMENTS_PATHS } from './paths/documents';
import { FILE_LINK_PATHS } from './paths/file-links';
import { INGESTION_PATHS } from './paths/ingestion';
import { SETTINGS_PATHS } from './paths/settings';
import { TAXES_PATHS } from './paths/taxes';
import { bodySchemas } from './schemas';

/**
 * The OpenAPI 3.1 document of every REST path the gateway serves (ingestion, settings, fiscal documents, tax
 * simulation): what `/api/openapi.json` answers and `/api/docs` shows. The e2e test
 * `test/e2e/openapi-responses.test.ts` validates real responses of every operation against it.
 */

const PATHS: Paths = { ...INGESTION_PATHS, ...SETTINGS_PATHS, ...DOCUMENTS_PATHS, ...FILE_LINK_PATHS, ...TAXES_PATHS };

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
    paths: Object.fromEntries(Object.entries(PATHS).map(([path, ops]) => [path, Object.fromEntries(Object.entries(ops).map(([method, op]) => [method, operation(withExamples(path, method, op))]))])),
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
