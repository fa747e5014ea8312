import { ModelosBusca, SituacoesDocumento } from '@erp/contracts';
import type { JsonSchema } from '../joi-schema';
import { success } from '../schemas';
import { NFE } from '../examples/documents';
import { DOCUMENTS, param, ref, type Operation } from '../operation';

/** `GET /api/erp/faturamento/documentos`: the documents' search for integrators (GraphQL `documentosFiscais`). */

const query = (name: string, description: string, schema: JsonSchema): JsonSchema => ({ name, in: 'query', required: false, description, schema });
const dia = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', examples: ['2026-11-01'] };

// The answer's page holds the same NF-e as the other operations' examples (a real answer of the local authority).
const EXEMPLO = {
  sucesso: true,
  dados: {
    itens: [NFE],
    proximo: 'eyJrIjoiZG9jdW1lbnRvIiwidCI6MTc2NDI0ODcxMjAwMCwiaSI6IjZmMWMyYjdlOWEwZDRjM2I4ZTVmMWEyYjNjNGQ1ZTZmIn0',
  },
};

export const DOCUMENT_SEARCH: Operation = {
  summary: 'Busca os documentos fiscais da empresa, do mais recente, por páginas',
  description:
    'Os mesmos filtros e a mesma paginação de `documentosFiscais` no GraphQL. Os filtros se somam; cada um filtrado só entre os documentos da empresa da sessão. ' +
    'Para a próxima página, `depois` = o `proximo` da página anterior da mesma busca (null na última). Um filtro inválido é 400 `FILTRO_INVALIDO` com cada campo em `campos`.',
  tags: [DOCUMENTS],
  security: 'sessao',
  parameters: [
    query('modelo', 'Modelo do documento: NFE (55), NFCE (65), CTE (57), CTEOS (CT-e OS, 67) ou NFSE.', { enum: [...ModelosBusca] }),
    query('situacao', 'Situação do documento.', { enum: [...SituacoesDocumento] }),
    query('emitidoDe', 'Emitidos a partir deste dia (AAAA-MM-DD, horário de Brasília, inclusive).', dia),
    query('emitidoAte', 'Emitidos até o fim deste dia (AAAA-MM-DD, horário de Brasília, inclusive).', dia),
    query('cliente', 'O destinatário: CNPJ / CPF (com ou sem pontuação) ou parte do nome (2 a 100 caracteres, maiúsculas ou minúsculas).', { type: 'string', examples: ['11.222.333/0001-81', 'padaria'] }),
    query('numero', 'Número do documento.', { type: 'integer', minimum: 1, maximum: 999999999 }),
    query('chaveAcesso', 'Chave de acesso: 44 dígitos (NF-e, NFC-e, CT-e), 50 (NFS-e) ou, numa NFS-e ABRASF, <IBGE>-<número>-<código>.', {
      type: 'string',
      pattern: '^(\\d{44}|\\d{50}|\\d{7}-\\d{1,15}-[0-9A-Za-z]{1,9})$',
    }),
    query('referencia', 'A referencia dada na emissão.', { type: 'string', minLength: 1, maxLength: 100 }),
    param('Primeiros'),
    query('depois', 'O `proximo` da página anterior desta mesma busca.', { type: 'string', maxLength: 512 }),
  ],
  ok: { 200: { description: 'Uma página de documentos', schema: success(ref('PaginaDocumentos')), example: EXEMPLO } },
  refusals: { 400: ['FILTRO_INVALIDO', 'PRIMEIROS_INVALIDO', 'CURSOR_INVALIDO'], 429: ['CONSULTAS_SIMULTANEAS_DEMAIS'] },
};
