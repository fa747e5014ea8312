/** Stable codes a client can see. Programs branch on `codigo`; `erro` is for people and logs. */
export const TokenErrorCodes = {
  TOKEN_AUSENTE: 'TOKEN_AUSENTE',
  TOKEN_INVALIDO: 'TOKEN_INVALIDO',
  TOKEN_REVOGADO: 'TOKEN_REVOGADO',
  TOKEN_INATIVO: 'TOKEN_INATIVO',
  TOKEN_EXPIRADO: 'TOKEN_EXPIRADO',
  TOKEN_SEM_ESCOPO: 'TOKEN_SEM_ESCOPO',
} as const;
export type TokenErrorCode = keyof typeof TokenErrorCodes;

export const IngestionErrorCodes = {
  ...TokenErrorCodes,
  ENTIDADE_FORA_DO_ESCOPO: 'ENTIDADE_FORA_DO_ESCOPO',
  ENTIDADE_DESCONHECIDA: 'ENTIDADE_DESCONHECIDA',
  CORPO_INVALIDO: 'CORPO_INVALIDO',
  LOTE_VAZIO: 'LOTE_VAZIO',
  LOTE_GRANDE_DEMAIS: 'LOTE_GRANDE_DEMAIS',
  CORPO_GRANDE_DEMAIS: 'CORPO_GRANDE_DEMAIS',
  LIMITE_REQUISICOES: 'LIMITE_REQUISICOES',
  CHAVE_IDEMPOTENCIA_REUTILIZADA: 'CHAVE_IDEMPOTENCIA_REUTILIZADA',
  ERRO_INTERNO: 'ERRO_INTERNO',
} as const;

/** Codes shared by every HTTP surface (REST and GraphQL `extensions.code`). */
export const CommonErrorCodes = {
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NAO_ENCONTRADO: 'NAO_ENCONTRADO',
  ERRO_INTERNO: 'ERRO_INTERNO',
  SERVICO_INDISPONIVEL: 'SERVICO_INDISPONIVEL',
} as const;

/** Refusals of the token administration mutations (GraphQL `extensions.code`). */
export const TokenAdminErrorCodes = {
  TOKEN_NAO_ENCONTRADO: 'TOKEN_NAO_ENCONTRADO',
  TOKEN_JA_REVOGADO: 'TOKEN_JA_REVOGADO',
  TOKEN_JA_INATIVO: 'TOKEN_JA_INATIVO',
  TOKEN_JA_ATIVO: 'TOKEN_JA_ATIVO',
  NOME_TOKEN_EM_USO: 'NOME_TOKEN_EM_USO',
  ENTIDADE_DESCONHECIDA: 'ENTIDADE_DESCONHECIDA',
  /** `expiraEm` not in the future (on creation or renewal). */
  EXPIRACAO_INVALIDA: 'EXPIRACAO_INVALIDA',
  VALIDACAO: 'BAD_USER_INPUT',
} as const;

/** Refusals of the company user directory mutations (GraphQL `extensions.code`). */
export const DirectoryErrorCodes = {
  USUARIO_NAO_ENCONTRADO: 'USUARIO_NAO_ENCONTRADO',
  USUARIO_JA_EXISTE: 'USUARIO_JA_EXISTE',
  EMAIL_INVALIDO: 'EMAIL_INVALIDO',
  VALIDACAO: 'BAD_USER_INPUT',
} as const;
