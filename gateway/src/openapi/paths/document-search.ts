import { ModelosBusca, SituacoesDocumento } from '@erp/contracts';
import type { JsonSchema } from '../joi-schema';
import { success } from '../schemas';
import { DOCUMENTS, param, ref, type Operation } from '../operation';

/** `GET /api/erp/faturamento/documentos`: the documents' search for integrators (GraphQL `documentosFiscais`). */

const query = (name: string, description: string, schema: JsonSchema): JsonSchema => ({ name, in: 'query', required: false, description, schema });
const dia = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', examples: ['2026-11-01'] };

const EXEMPLO = {
  sucesso: true,
  dados: {
    itens: [
      {
        id: '6f1c2b7e9a0d4c3b8e5f1a2b3c4d5e6f',
        referencia: 'PED-2026-0042',
        modelo: 'NFE',
        serie: 1,
        numero: 42,
        chaveAcesso: '35261112345678000195550010000000421234567890',
        situacao: 'AUTORIZADO',
        ambiente: 'HOMOLOGAÇÃO',
        emitidoEm: '2026-11-27T13:05:12.000Z',
        autorizadoEm: '2026-11-27T13:05:12.412Z',
        protocolo: '135260000000042',
        cStat: '100',
        motivo: 'Autorizado o uso da NF-e',
        emitenteCnpj: '12345678000195',
        destinatarioDocumento: '11222333000181',
        destinatarioNome: 'Móveis São João Ltda',
        valorTotal: 1200,
        impostos: [{ tributo: 'DAS', base: 1200, aliquota: 6, valor: 72, informativo: false }],
        simplesRemessa: false,
        prazoCancelamento: '2026-11-28T13:05:12.412Z',
        canceladoEm: null,
        justificativaCancelamento: null,
        protocoloCancelamento: null,
        entregueEm: null,
        servicoIniciadoEm: null,
        competencia: null,
        modalidadeFrete: 9,
        chaveNfseSubstituida: null,
        chaveSubstituta: null,
      },
    ],
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
