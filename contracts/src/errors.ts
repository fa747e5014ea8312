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
  CHAVE_IDEMPOTENCIA_INVALIDA: 'CHAVE_IDEMPOTENCIA_INVALIDA',
  CHAVE_IDEMPOTENCIA_EM_USO: 'CHAVE_IDEMPOTENCIA_EM_USO',
  TIPO_CONTEUDO_INVALIDO: 'TIPO_CONTEUDO_INVALIDO',
  CODIFICACAO_NAO_SUPORTADA: 'CODIFICACAO_NAO_SUPORTADA',
  SERVICO_INDISPONIVEL: 'SERVICO_INDISPONIVEL',
  /** The company already has as many history/records reads running and waiting as one company may. */
  CONSULTAS_SIMULTANEAS_DEMAIS: 'CONSULTAS_SIMULTANEAS_DEMAIS',
  /** A history/records read hit its database time limit. */
  TEMPO_ESGOTADO: 'TEMPO_ESGOTADO',
  ERRO_INTERNO: 'ERRO_INTERNO',
} as const;

/** Codes shared by every HTTP surface (REST and GraphQL `extensions.code`). */
export const CommonErrorCodes = {
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NAO_ENCONTRADO: 'NAO_ENCONTRADO',
  ERRO_INTERNO: 'ERRO_INTERNO',
  SERVICO_INDISPONIVEL: 'SERVICO_INDISPONIVEL',
  /** A body that is not what the route reads (not JSON, not an object, unreadable). */
  CORPO_INVALIDO: 'CORPO_INVALIDO',
  CORPO_GRANDE_DEMAIS: 'CORPO_GRANDE_DEMAIS',
  TIPO_CONTEUDO_INVALIDO: 'TIPO_CONTEUDO_INVALIDO',
  /** GraphQL input refused by a resolver's own check (Apollo's name for it, kept for clients that know it). */
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  /** A URL whose percent escapes do not decode (`/%zz`). */
  URL_INVALIDA: 'URL_INVALIDA',
  /** A path segment longer than the router accepts (HTTP 414). */
  URL_LONGA_DEMAIS: 'URL_LONGA_DEMAIS',
  /** A path with `.` or `..` segments (as sent or percent-encoded): never resolved, never forwarded. */
  CAMINHO_INVALIDO: 'CAMINHO_INVALIDO',
  /** Request headers above the server's ceiling (HTTP 431); the connection is closed. */
  CABECALHO_GRANDE_DEMAIS: 'CABECALHO_GRANDE_DEMAIS',
  /** HTTP framing the server cannot read (bad request line, header or chunk); the connection is closed. */
  REQUISICAO_MALFORMADA: 'REQUISICAO_MALFORMADA',
  /** A dependency (database, upstream service) did not answer within its time limit; `Retry-After` says when. */
  TEMPO_ESGOTADO: 'TEMPO_ESGOTADO',
  /** The company already has as many expensive reads (lists, pages, files) running and waiting as one company may (REST 429). */
  CONSULTAS_SIMULTANEAS_DEMAIS: 'CONSULTAS_SIMULTANEAS_DEMAIS',
  /** A page size (`primeiros`) outside 1..200, on every paged list (the kit's `pageSize`). */
  PRIMEIROS_INVALIDO: 'PRIMEIROS_INVALIDO',
  /** A page cursor (`depois`) that is not the `proximo` of a page of the same list (the kit's `decodeCursor`). */
  CURSOR_INVALIDO: 'CURSOR_INVALIDO',
} as const;

/**
 * GraphQL operations refused before validation and planning (HTTP 400, `extensions.code`), the same at the gateway
 * and at every subgraph. Each carries `limite` (the ceiling) and, when measured, `encontrado`.
 */
export const GraphqlLimitErrorCodes = {
  /** More lexical tokens than allowed (counted before parsing). */
  CONSULTA_GRANDE_DEMAIS: 'CONSULTA_GRANDE_DEMAIS',
  /** A subscription: the graph serves queries and mutations over HTTP only. */
  OPERACAO_NAO_SUPORTADA: 'OPERACAO_NAO_SUPORTADA',
  /** One field (or fragment spread) repeated in one selection set more often than allowed. */
  CAMPO_REPETIDO_DEMAIS: 'CAMPO_REPETIDO_DEMAIS',
  PROFUNDIDADE_EXCEDIDA: 'PROFUNDIDADE_EXCEDIDA',
  ALIASES_EXCEDIDOS: 'ALIASES_EXCEDIDOS',
  DIRETIVAS_EXCEDIDAS: 'DIRETIVAS_EXCEDIDAS',
  /** Estimated cost above the ceiling (page sizes multiply what they page). */
  CUSTO_EXCEDIDO: 'CUSTO_EXCEDIDO',
} as const;

/**
 * Codes of a request/reply subject that could not be answered (`FailureReply.codigo`), besides the subject's
 * own: the request broke its contract (the sender's bug), or the responder failed (ours).
 */
export const MessagingErrorCodes = {
  CONTRATO_VIOLADO: 'CONTRATO_VIOLADO',
  ERRO_INTERNO: 'ERRO_INTERNO',
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
