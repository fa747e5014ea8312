import { success } from '../schemas';
import { header, INGESTION, param, ref, TOKEN_REFUSALS, type Operation, type Paths } from '../operation';

/** The ingestion paths (token `ing_...`). */

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

export const INGESTION_PATHS: Paths = {
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
};
