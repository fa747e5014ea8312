import { CommonErrorCodes, IngestionErrorCodes } from '@erp/contracts';

/**
 * Every `codigo` the ingestion REST surface can answer: spec section 7 (from the contracts) plus the ones
 * for conditions the spec leaves open, kept here because only this service emits them.
 */
export const Codes = {
  ...IngestionErrorCodes,
  SERVICO_INDISPONIVEL: CommonErrorCodes.SERVICO_INDISPONIVEL,
  TIPO_CONTEUDO_INVALIDO: 'TIPO_CONTEUDO_INVALIDO',
  CODIFICACAO_NAO_SUPORTADA: 'CODIFICACAO_NAO_SUPORTADA',
  CHAVE_IDEMPOTENCIA_INVALIDA: 'CHAVE_IDEMPOTENCIA_INVALIDA',
  CHAVE_IDEMPOTENCIA_EM_USO: 'CHAVE_IDEMPOTENCIA_EM_USO',
} as const;
