import {
  CodigosCampoSimulacao,
  CommonErrorCodes,
  FiscalDocumentErrorCodes,
  IngestionErrorCodes,
  RegimesTributarios,
  SettingsErrorCodes,
  TaxErrorCodes,
  TokenErrorCodes,
} from '@erp/contracts';
import type { JsonSchema } from './joi-schema';

/**
 * Every refusal a REST client can read: `{ sucesso: false, codigo, erro, ...extra }`. Each code gets a schema of
 * its own (`Erro_<CODIGO>`) with its extra fields, so a response is validated down to which fields a code carries.
 * The codes come from `@erp/contracts`: a code renamed there breaks this file's type check, and the unit test
 * `gateway/test/unit/openapi.test.ts` fails for a REST code that is missing here.
 */

type Code =
  | keyof typeof CommonErrorCodes
  | keyof typeof IngestionErrorCodes
  | keyof typeof SettingsErrorCodes
  | keyof typeof FiscalDocumentErrorCodes
  | keyof typeof TaxErrorCodes;

interface ErrorEntry {
  descricao: string;
  /** Extra fields; `required` lists those always present. */
  extra?: Record<string, JsonSchema>;
  required?: string[];
}

const text = { type: 'string' } as const;
const instant = { type: 'string', format: 'date-time' } as const;
const strings = { type: 'array', items: { type: 'string' } } as const;
const integer = { type: 'integer' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const campos = {
  type: 'array',
  items: {
    type: 'object',
    required: ['campo', 'regra', 'erro'],
    properties: { campo: text, regra: text, erro: text },
    additionalProperties: false,
  },
} as const;

const c = {
  ...CommonErrorCodes,
  ...TokenErrorCodes,
  ...IngestionErrorCodes,
  ...SettingsErrorCodes,
  ...FiscalDocumentErrorCodes,
  ...TaxErrorCodes,
};

export const ERRORS: Partial<Record<Code, ErrorEntry>> = {
  // ---- every route (kit HTTP app and gateway) ----
  [c.UNAUTHENTICATED]: { descricao: 'Sessão ausente, inválida ou expirada.' },
  [c.FORBIDDEN]: { descricao: 'A sessão não tem o papel exigido (admin).' },
  [c.NAO_ENCONTRADO]: { descricao: 'Rota desconhecida.' },
  [c.ERRO_INTERNO]: { descricao: 'Falha nossa; nada do que a causou é mostrado. Em UPSERT, reenviar é seguro.' },
  [c.SERVICO_INDISPONIVEL]: {
    descricao: 'Um serviço ou dependência não respondeu (ou reinicia); `Retry-After` diz quando tentar de novo.',
    extra: { dependencia: text },
  },
  [c.TEMPO_ESGOTADO]: { descricao: '408: a requisição não chegou inteira a tempo; 503/504: uma dependência não respondeu a tempo.' },
  [c.CORPO_INVALIDO]: { descricao: 'Corpo ilegível: JSON inválido, não é um objeto, gzip corrompido.' },
  [c.CORPO_GRANDE_DEMAIS]: { descricao: 'Corpo acima do limite da rota.', extra: { maximoBytes: { type: 'integer' } } },
  [c.TIPO_CONTEUDO_INVALIDO]: { descricao: 'Content-Type diferente de application/json.' },
  [c.URL_INVALIDA]: { descricao: 'Escapes `%` inválidos na URL.' },
  [c.URL_LONGA_DEMAIS]: { descricao: 'Um segmento do caminho passa de 200 caracteres.' },
  [c.CAMINHO_INVALIDO]: { descricao: 'Caminho com segmentos `.` ou `..`.' },
  [c.CABECALHO_GRANDE_DEMAIS]: { descricao: 'Cabeçalhos acima de 16 KiB; a conexão é fechada.', extra: { maximoBytes: { type: 'integer' } }, required: ['maximoBytes'] },
  [c.REQUISICAO_MALFORMADA]: { descricao: 'HTTP ilegível (linha de requisição, cabeçalho ou chunk); a conexão é fechada.' },
  [c.CONSULTAS_SIMULTANEAS_DEMAIS]: {
    descricao: 'A empresa já tem leituras caras demais (listas, XML, DANFE) em andamento neste processo; `Retry-After` em segundos.',
    extra: { tenteNovamenteEmSegundos: integer },
    required: ['tenteNovamenteEmSegundos'],
  },

  // ---- ingestion ----
  [c.TOKEN_AUSENTE]: { descricao: 'Sem `Authorization: Bearer`.' },
  [c.TOKEN_INVALIDO]: { descricao: 'Token de ingestão desconhecido.' },
  [c.TOKEN_REVOGADO]: { descricao: 'Token revogado (definitivo).' },
  [c.TOKEN_INATIVO]: { descricao: 'Token inativo (reversível).' },
  [c.TOKEN_EXPIRADO]: { descricao: 'Token expirado.', extra: { expiraEm: instant } },
  [c.TOKEN_SEM_ESCOPO]: { descricao: 'Token sem nenhuma entidade no escopo.' },
  [c.ENTIDADE_FORA_DO_ESCOPO]: { descricao: 'A entidade existe, mas não está no escopo do token.', extra: { entidadesDoToken: strings }, required: ['entidadesDoToken'] },
  [c.ENTIDADE_DESCONHECIDA]: { descricao: 'Entidade inexistente.', extra: { entidadesExistentes: strings }, required: ['entidadesExistentes'] },
  [c.LOTE_VAZIO]: { descricao: '`linhas` vazio.' },
  [c.LOTE_GRANDE_DEMAIS]: {
    descricao: 'Mais linhas que o máximo por requisição (500).',
    extra: { maximo: { type: 'integer' }, recebidas: { type: 'integer' } },
    required: ['maximo', 'recebidas'],
  },
  [c.LIMITE_REQUISICOES]: {
    descricao: 'Limite de requisições por minuto do token excedido; `Retry-After` em segundos.',
    extra: { limite: { type: 'integer' }, tenteNovamenteEmSegundos: { type: 'integer' } },
    required: ['limite', 'tenteNovamenteEmSegundos'],
  },
  [c.CHAVE_IDEMPOTENCIA_REUTILIZADA]: { descricao: 'A mesma `Idempotency-Key` com outro corpo ou outra entidade.' },
  [c.CHAVE_IDEMPOTENCIA_INVALIDA]: { descricao: '`Idempotency-Key` não tem de 1 a 255 caracteres ASCII visíveis.' },
  [c.CHAVE_IDEMPOTENCIA_EM_USO]: { descricao: 'Um lote com esta `Idempotency-Key` ainda está em processamento; `Retry-After: 2`.' },
  [c.CODIFICACAO_NAO_SUPORTADA]: { descricao: 'Content-Encoding diferente de gzip/identity.' },

  // ---- settings ----
  [c.CONFIGURACAO_INVALIDA]: { descricao: 'Um ou mais campos quebram uma regra; todos listados.', extra: { campos }, required: ['campos'] },
  [c.CERTIFICADO_SENHA_INVALIDA]: { descricao: 'A senha não abre o .pfx.' },
  [c.CERTIFICADO_FORMATO_INVALIDO]: { descricao: 'O arquivo não é PKCS#12 (ou usa algoritmo não suportado).' },
  [c.CERTIFICADO_SEM_CHAVE_PRIVADA]: { descricao: 'Sem chave privada, ou sem certificado que a acompanhe.' },
  [c.CERTIFICADO_EXPIRADO]: { descricao: 'Certificado A1 vencido.', extra: { validoAte: instant } },
  [c.CERTIFICADO_AINDA_NAO_VALIDO]: { descricao: 'Certificado com `validoDe` no futuro.' },
  [c.CERTIFICADO_SEM_CNPJ]: { descricao: 'Nenhum CNPJ no otherName nem no CN.' },
  [c.CERTIFICADO_CNPJ_DIVERGENTE]: { descricao: 'O CNPJ do certificado não é o da empresa.' },
  [c.CONFLITO_DE_EDICAO]: { descricao: 'Outra versão foi salva desde a lida (`If-Match`), ou salvamentos simultâneos colidiram.' },
  [c.VERSAO_ESPERADA_INVALIDA]: { descricao: '`If-Match` não é um número de versão.' },

  // ---- fiscal documents ----
  [c.DOCUMENTO_INVALIDO]: { descricao: 'Um ou mais campos quebram uma regra; todos listados.', extra: { campos }, required: ['campos'] },
  [c.DOCUMENTO_NAO_ENCONTRADO]: { descricao: 'Documento inexistente, ou de outra empresa.' },
  [c.PRIMEIROS_INVALIDO]: { descricao: '`primeiros` fora de 1 a 200.' },
  [c.CURSOR_INVALIDO]: { descricao: '`depois` não é o `proximo` de uma página desta mesma busca.' },
  [c.FILTRO_INVALIDO]: { descricao: 'Um ou mais filtros da busca de documentos são inválidos; todos listados.', extra: { campos }, required: ['campos'] },
  [c.REFERENCIA_REUTILIZADA]: { descricao: 'A `referencia` já foi usada com outro conteúdo.', extra: { documentoId: text }, required: ['documentoId'] },
  [c.CONFIGURACAO_INCOMPLETA]: { descricao: 'Faltam campos da configuração fiscal para emitir.', extra: { faltando: strings }, required: ['faltando'] },
  [c.CERTIFICADO_AUSENTE]: { descricao: 'A empresa não tem certificado A1.' },
  [c.AUTORIZADOR_INDISPONIVEL]: { descricao: 'Nenhum autorizador para o modelo e o ambiente da empresa.', extra: { motivo: text } },
  [c.DOCUMENTO_REJEITADO]: {
    descricao: 'O autorizador recusou o documento ou o cancelamento.',
    extra: { documentoId: text, cStat: { type: ['string', 'null'] }, motivo: { type: ['string', 'null'] } },
  },
  [c.XML_FORA_DO_LEIAUTE]: {
    descricao: 'O XML montado com estes dados fica fora do schema oficial (conferido antes de assinar; na emissão, antes de tomar um número): os campos por trás de cada erro.',
    extra: { campos },
    required: ['campos'],
  },
  [c.DOCUMENTO_DENEGADO]: {
    descricao: 'Uso denegado pela SEFAZ; o número fica usado.',
    extra: { documentoId: text, cStat: { type: ['string', 'null'] }, motivo: { type: ['string', 'null'] } },
    required: ['documentoId'],
  },
  [c.JUSTIFICATIVA_INVALIDA]: { descricao: '`justificativa` fora de 15 a 255 caracteres, ou com caracteres de controle.' },
  [c.DOCUMENTO_JA_CANCELADO]: { descricao: 'Já cancelado (com `canceladoEm`), ou cancelamento em andamento.', extra: { canceladoEm: { type: ['string', 'null'], format: 'date-time' } } },
  [c.DOCUMENTO_NAO_AUTORIZADO]: {
    descricao: 'Só um documento AUTORIZADO pode ser cancelado, marcado ou corrigido; só um autorizado ou cancelado tem DANFE (`situacao`: a do documento).',
    extra: { situacao: text },
  },
  [c.PRAZO_CANCELAMENTO_EXPIRADO]: {
    descricao: 'Prazo de cancelamento terminado (`prazo`), ou recusado pela SEFAZ fora do prazo (`cStat`, `motivo`).',
    extra: { prazo: instant, cStat: { type: ['string', 'null'] }, motivo: { type: ['string', 'null'] } },
  },
  [c.MERCADORIA_ENTREGUE]: { descricao: 'NF-e com mercadoria entregue: emita uma NF-e de entrada (devolução).', extra: { entregueEm: instant }, required: ['entregueEm'] },
  [c.SERVICO_INICIADO]: { descricao: 'CT-e com a prestação iniciada.', extra: { servicoIniciadoEm: instant }, required: ['servicoIniciadoEm'] },
  [c.MARCACAO_INVALIDA]: { descricao: 'Marcação que não cabe ao modelo ou à situação do documento.' },
  [c.EMISSAO_EM_ANDAMENTO]: { descricao: 'Uma emissão com esta `referencia` ainda está em andamento.' },
  [c.CANCELAMENTO_EM_ANDAMENTO]: {
    descricao: 'Outro pedido está cancelando este documento agora: ainda não está cancelado; repita o pedido (`Retry-After`).',
    extra: { tenteNovamenteEmSegundos: integer },
    required: ['tenteNovamenteEmSegundos'],
  },
  [c.CANCELAMENTO_PENDENTE]: { descricao: 'A SEFAZ não respondeu ao cancelamento; repita para confirmá-lo por consulta.', extra: { documentoId: text }, required: ['documentoId'] },
  [c.CHAVE_SUBSTITUTA_INVALIDA]: {
    descricao: '`chNFeRef` inválida (400: não é uma chave de acesso) ou inaceitável (422: documento não é NFC-e, a própria chave, ou não é uma NFC-e autorizada da empresa).',
    extra: { motivo: { enum: ['CHAVE_INVALIDA', 'SO_NFCE', 'MESMA_CHAVE', 'NAO_AUTORIZADA'] } },
    required: ['motivo'],
  },
  [c.XML_INDISPONIVEL]: {
    descricao: 'Não há esse XML: documento do autorizador local (desenvolvimento), que não assina nem transmite; cancelamento ou carta de correção não registrados pela SEFAZ; inutilização não registrada pela SEFAZ, inexistente ou de outra empresa.',
    extra: { documentoId: text, inutilizacaoId: text },
  },
  [c.CORRECAO_INVALIDA]: { descricao: 'O corpo da carta de correção é inválido: `correcao` de 15 a 1.000 caracteres (Latin-1) na NF-e, `alteracoes` conferidas no CT-e (`campos`: todas as falhas, `correcao_proibida` para o que o art. 58-B veda), ou o campo do outro modelo.', extra: { campo: text, campos }, required: ['campo'] },
  [c.CORRECAO_MATERIA_VEDADA]: {
    descricao: 'A correção trata do que a lei proíbe corrigir (Convênio S/Nº de 1970 art. 7º §1º-A): valores, quantidades, tributos, identidade das partes, datas.',
    extra: { materias: { type: 'array', items: { enum: ['VALORES', 'QUANTIDADES', 'TRIBUTOS', 'PARTES', 'DATAS'] } } },
    required: ['materias'],
  },
  [c.CORRECAO_INDISPONIVEL]: { descricao: 'Sem carta de correção para este documento aqui (modelo ou autorizador sem o evento).' },
  [c.LIMITE_CORRECOES]: { descricao: 'O documento já tem as 20 cartas de correção que admite.', extra: { limite: integer }, required: ['limite'] },
  [c.CORRECAO_REJEITADA]: { descricao: 'A SEFAZ recusou a carta de correção.', extra: { cStat: { type: ['string', 'null'] }, motivo: { type: ['string', 'null'] } } },
  [c.CARTA_CORRECAO_REGISTRADA]: {
    descricao: 'O CT-e tem carta de correção registrada e não pode ser cancelado (MOC CT-e, regra 523): emita um CT-e de anulação ou substituto.',
    extra: { cStat: { type: ['string', 'null'] }, motivo: { type: ['string', 'null'] } },
  },
  [c.CORRECAO_PENDENTE]: { descricao: 'A SEFAZ não respondeu à carta de correção; ela fica com a sua sequência e é conferida por consulta.', extra: { documentoId: text, sequencia: integer }, required: ['documentoId', 'sequencia'] },
  [c.DANFE_INDISPONIVEL]: { descricao: 'Só NF-e e NFC-e têm DANFE aqui (o DACTE do CT-e e o DANFSE não são produzidos).' },
  [c.INUTILIZACAO_INVALIDA]: { descricao: 'Um ou mais campos da inutilização quebram uma regra; todos listados.', extra: { campos }, required: ['campos'] },
  [c.FAIXA_NAO_INUTILIZAVEL]: {
    descricao: 'Um número da faixa não pode ser inutilizado: nunca tomado pela numeração, em uso, ou já inutilizado.',
    extra: { numero: integer, motivo: { enum: ['NAO_UTILIZADO', 'EM_USO', 'JA_INUTILIZADO', 'EMITENTES_DIFERENTES'] } },
    required: ['numero', 'motivo'],
  },
  [c.INUTILIZACAO_REJEITADA]: {
    descricao: 'O autorizador recusou a inutilização (`cStat`: 241 número usado, 256 já inutilizado noutra faixa...).',
    extra: { inutilizacaoId: text, cStat: nullableText, motivo: nullableText },
    required: ['inutilizacaoId', 'cStat', 'motivo'],
  },
  [c.INUTILIZACAO_PENDENTE]: {
    descricao: '409: um número da faixa está numa inutilização em andamento (`numero`); 503: a SEFAZ não respondeu, e a tarefa agendada repete o mesmo pedido.',
    extra: { inutilizacaoId: text, numero: integer },
    required: ['inutilizacaoId'],
  },

  // ---- tax simulation ----
  [c.SIMULACAO_INVALIDA]: {
    descricao: 'Um ou mais campos da simulação são inválidos; todos listados, na forma única `{ campo, regra, erro }`.',
    extra: {
      campos: {
        type: 'array',
        items: {
          type: 'object',
          required: ['campo', 'regra', 'erro'],
          properties: { campo: text, regra: { enum: [...CodigosCampoSimulacao] }, erro: text },
          additionalProperties: false,
        },
      },
    },
    required: ['campos'],
  },
  [c.SIMULACAO_NAO_ENCONTRADA]: { descricao: 'Simulação inexistente, ou de outra empresa.' },
  [c.COMPARACAO_JA_PROVISIONADA]: {
    descricao: 'Outro regime desta comparação de regimes já foi provisionado: só um pode ser.',
    extra: { simulacaoProvisionada: text },
    required: ['simulacaoProvisionada'],
  },
  [c.REGIME_DIFERENTE_DA_EMPRESA]: {
    descricao: 'A simulação é de outro regime que o da empresa (configurações fiscais): é só comparação e não vira título.',
    extra: { regimeSimulacao: { enum: [...RegimesTributarios] }, regimeEmpresa: { enum: [...RegimesTributarios, null] } },
    required: ['regimeSimulacao', 'regimeEmpresa'],
  },
};

/** Codes of the contracts that no REST route answers: GraphQL input coercion. */
export const GRAPHQL_ONLY_CODES = new Set<string>([CommonErrorCodes.BAD_USER_INPUT]);

export const errorSchemaName = (codigo: string) => `Erro_${codigo}`;

/** `components.schemas` of every error code. */
export function errorSchemas(): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {};
  for (const [codigo, entry] of Object.entries<ErrorEntry>(ERRORS)) {
    schemas[errorSchemaName(codigo)] = {
      type: 'object',
      description: entry.descricao,
      required: ['sucesso', 'codigo', 'erro', ...(entry.required ?? [])],
      properties: {
        sucesso: { const: false },
        codigo: { const: codigo },
        erro: { type: 'string', description: 'Mensagem para pessoas; programas decidem pelo `codigo`.' },
        ...(entry.extra ?? {}),
      },
      additionalProperties: false,
    };
  }
  return schemas;
}

/** A response body that is one of these codes (each with its own extra fields). */
export function errorBody(codes: readonly string[]): JsonSchema {
  for (const codigo of codes) if (!(codigo in ERRORS)) throw new Error(`no OpenAPI error entry for ${codigo}`);
  const refs = codes.map((codigo) => ({ $ref: `#/components/schemas/${errorSchemaName(codigo)}` }));
  return refs.length === 1 ? refs[0] : { oneOf: refs, discriminator: { propertyName: 'codigo' } };
}
