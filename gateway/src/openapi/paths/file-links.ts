import { success } from '../schemas';
import { DOCUMENTS, header, param, type Paths } from '../operation';

/** The short-lived file links: a DANFE or XML opened in a new tab or a preview without the session in the URL. */
export const FILE_LINK_PATHS: Paths = {
  '/api/erp/faturamento/documentos/{id}/link-arquivo': {
    post: {
      summary: 'Um link curto (2 minutos) para abrir o DANFE / DANFCE ou o XML numa aba nova, sem a sessão na URL',
      description:
        'O link é o próprio credencial (256 bits aleatórios; só o seu SHA-256 é guardado), de um arquivo de um documento da empresa da sessão; abre com `GET` sem cabeçalho de sessão até `expiraEm`.',
      tags: [DOCUMENTS],
      security: 'sessao',
      parameters: [param('Id')],
      pathParams: true,
      body: {
        type: 'object',
        required: ['arquivo'],
        additionalProperties: false,
        properties: { arquivo: { enum: ['danfe', 'xml'] } },
        examples: [{ arquivo: 'danfe' }],
      },
      ok: {
        200: {
          description: 'O link e até quando vale',
          schema: success({
            type: 'object',
            required: ['url', 'expiraEm'],
            additionalProperties: false,
            properties: { url: { type: 'string', pattern: '^/api/erp/faturamento/documentos/arquivos/[A-Za-z0-9_-]{43}$' }, expiraEm: { type: 'string', format: 'date-time' } },
          }),
          example: { sucesso: true, dados: { url: '/api/erp/faturamento/documentos/arquivos/3q2-7wEjZbqvRk1oXyD1yQm8oZt3dR0kPGi5m2JX7bA', expiraEm: '2026-11-27T13:07:12.000Z' } },
        },
      },
      refusals: { 400: ['DOCUMENTO_INVALIDO'], 404: ['DOCUMENTO_NAO_ENCONTRADO'] },
    },
  },
  '/api/erp/faturamento/documentos/arquivos/{token}': {
    get: {
      summary: 'Abre o arquivo de um link curto (sem sessão: o token é o credencial)',
      description: 'Servido `inline`, `Cache-Control: no-store`, `Referrer-Policy: no-referrer`. Depois de `expiraEm`, 404.',
      tags: [DOCUMENTS],
      security: 'linkArquivo',
      parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } }],
      pathParams: true,
      ok: {
        200: {
          description: 'O PDF (DANFE / DANFCE) ou o XML',
          mediaType: 'application/pdf',
          schema: { type: 'string', contentMediaType: 'application/pdf' },
          headers: { 'Content-Disposition': header('ContentDisposition') },
        },
      },
      refusals: { 404: ['DOCUMENTO_NAO_ENCONTRADO', 'XML_INDISPONIVEL'], 422: ['DOCUMENTO_NAO_AUTORIZADO', 'DANFE_INDISPONIVEL'], 429: ['CONSULTAS_SIMULTANEAS_DEMAIS'] },
    },
  },
};
