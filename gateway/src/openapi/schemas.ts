import {
  AjustesVencimento,
  Ambientes,
  cartaCorrecaoEntradaSchema,
  cartaCorrecaoSchema,
  configuracaoFiscalSchema,
  documentoFiscalSchema,
  emissaoDocumentoSchema,
  EXEMPLO_EMISSAO_NFSE,
  EXEMPLO_NFSE_ABRASF,
  EXEMPLO_NFSE_NACIONAL,
  IngestionEntities,
  OrigensInutilizacao,
  simulacaoEntradaSchema,
  simulacaoImpostoSchema,
  TokenModes,
  TributosVencimentoEmpresa,
} from '@erp/contracts';
import { joiToJsonSchema, type JsonSchema } from './joi-schema';

/**
 * The success bodies and request bodies of the REST surface, as JSON Schema 2020-12. Enumerations come from
 * `@erp/contracts`, and the settings view is derived from the contract schema the settings service validates
 * what it shares over NATS (the REST view differs only by its masked secrets).
 */

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const instant = { type: 'string', format: 'date-time' } as const;
const nullableInstant = { type: ['string', 'null'], format: 'date-time' } as const;
const integer = { type: 'integer' } as const;
const boolean = { type: 'boolean' } as const;

function object(properties: Record<string, JsonSchema>, required: string[] = Object.keys(properties)): JsonSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}

/** `{ sucesso: true, dados }` (plus `mensagem` where the route sends one). */
export function success(dados: JsonSchema, withMessage = false): JsonSchema {
  return withMessage ? object({ sucesso: { const: true }, mensagem: text, dados }) : object({ sucesso: { const: true }, dados });
}

// ---- ingestion ----

const campoDescritor = object(
  { campo: text, rotulo: text, obrigatorio: boolean, tipo: text, descricao: text, exemplo: text },
  ['campo', 'rotulo', 'obrigatorio', 'exemplo'],
);

const linhaResultado: JsonSchema = {
  oneOf: [
    object(
      {
        linha: { type: 'integer', minimum: 1 },
        status: { const: 'OK' },
        id: text,
        acao: { enum: ['CRIADO', 'ATUALIZADO', 'INALTERADO', 'DUPLICADO'] },
        duplicado: boolean,
        aviso: text,
      },
      ['linha', 'status', 'id', 'acao', 'duplicado'],
    ),
    object({ linha: { type: 'integer', minimum: 1 }, status: { const: 'ERRO' }, erros: { type: 'array', items: text, minItems: 1 } }),
  ],
};

// ---- settings ----

const regraVencimento = {
  type: ['object', 'null'],
  properties: { dia: { type: 'integer', minimum: 1, maximum: 31 }, ajuste: { enum: [...AjustesVencimento] } },
} as const;

const configuracaoEntrada = {
  type: 'object',
  description:
    'Substitui a configuração: campo omitido volta ao padrão; segredos omitidos ou enviados como a máscara são mantidos, null os remove. ' +
    'Os campos somente leitura do GET são aceitos de volta e ignorados; qualquer outro campo desconhecido é recusado.',
  properties: {
    ambiente: { type: 'string', examples: [...Ambientes] },
    seriePadrao: { type: 'integer', minimum: 0, maximum: 999 },
    series: { type: 'array', items: { type: 'integer', minimum: 0, maximum: 999 }, minItems: 1, maxItems: 50 },
    emissaoAutomatica: boolean,
    timeoutSegundos: { type: 'integer', minimum: 5, maximum: 120 },
    prazosCancelamento: {
      type: 'object',
      properties: { nfeHoras: { type: ['integer', 'null'] }, nfceMinutos: { type: ['integer', 'null'] }, cteHoras: { type: ['integer', 'null'] }, nfseDias: { type: ['integer', 'null'] } },
    },
    vencimentos: {
      type: 'object',
      description:
        'Dias de vencimento próprios, usados pela simulação de impostos: ICMS e ISS (null: dia 10 e dia 15, prorrogados); ' +
        'CBS, IBS e IS (null: sem vencimento, não viram título a pagar até que a empresa o informe).',
      properties: Object.fromEntries(TributosVencimentoEmpresa.map((tributo) => [tributo, regraVencimento])),
    },
    aliquotasReferencia: {
      type: ['array', 'null'],
      description:
        'Alíquotas da CBS (referência, 2027 em diante) e do IBS (2029 em diante) por ano, em percentual, enquanto o Senado não as fixa; ' +
        'usadas pela simulação de impostos (null: premissa de 8,8% para a CBS; IBS não calculável).',
      items: {
        type: 'object',
        properties: { ano: { type: 'integer', minimum: 2027, maximum: 2040 }, cbs: { type: ['number', 'null'] }, ibsUf: { type: ['number', 'null'] }, ibsMun: { type: ['number', 'null'] } },
      },
    },
    certificadoA1: {
      type: ['object', 'null'],
      description: 'Envio do A1: `arquivoBase64` (o .pfx, até 64 KiB) e `senha`.',
      properties: { arquivoBase64: { type: 'string', contentEncoding: 'base64' }, senha: text },
    },
    nfse: {
      type: 'object',
      description:
        'NFS-e: `provedor` NACIONAL (Sefin Nacional) ou ABRASF_2_04; `endpoint` https (NACIONAL: vazio usa a Sefin do ambiente); `codigoCidade` (IBGE), ' +
        '`inscricaoMunicipal`, `codigoServico` (LC 116) e `codigoServicoNacional` (cTribNac), `codigoNbs` (9 dígitos, exigido com o grupo IBSCBS), ' +
        '`algoritmoAssinatura` (RSA-SHA1 padrão, RSA-SHA256) e `canonicalizacao` (C14N padrão, C14N_EXCLUSIVA). O prazo de cancelamento do município ' +
        'é `prazosCancelamento.nfseDias` (padrão: até o fim do mês de competência).',
      examples: [EXEMPLO_NFSE_NACIONAL, EXEMPLO_NFSE_ABRASF],
    },
    empresa: { type: 'object' },
  },
} as const;

// ---- fiscal documents ----

const inutilizacao = object({
  id: text,
  modelo: { enum: ['NFE', 'NFCE'] },
  serie: integer,
  de: integer,
  ate: integer,
  ambiente: { enum: [...Ambientes] },
  situacao: { enum: ['INUTILIZADA', 'PENDENTE', 'RECUSADA'] },
  origem: { enum: [...OrigensInutilizacao] },
  justificativa: text,
  cStat: { ...nullableText, description: '102 inutilizada; 206/563 já inutilizada (adotada).' },
  motivo: nullableText,
  protocolo: nullableText,
  criadoEm: instant,
  inutilizadaEm: nullableInstant,
  aguardaDecisao: { type: 'boolean', description: 'Recusada pela SEFAZ na tarefa agendada e com os números ainda queimados: alguém precisa decidir (inutilizar sob demanda) antes do dia 10 do mês seguinte.' },
});

const inutilizacaoEntrada = {
  type: 'object',
  required: ['modelo', 'serie', 'de', 'ate', 'justificativa'],
  additionalProperties: false,
  properties: {
    modelo: { enum: ['NFE', 'NFCE'], description: 'O CT-e 4.00 não tem inutilização.' },
    serie: { type: 'integer', minimum: 0, maximum: 999 },
    de: { type: 'integer', minimum: 1, maximum: 999999999 },
    ate: { type: 'integer', minimum: 1, maximum: 999999999, description: 'de <= ate; até 1.000 números por pedido.' },
    justificativa: { type: 'string', minLength: 15, maxLength: 255 },
  },
} as const;

/** `components.schemas` besides the error codes. */
export function bodySchemas(): Record<string, JsonSchema> {
  return {
    Entidades: object({
      token: object({ nome: text, prefixo: text, modo: { enum: [...TokenModes] } }),
      maxLinhasPorRequisicao: integer,
      entidades: {
        type: 'array',
        items: object({ entidade: { enum: [...IngestionEntities] }, nome: text, endpoint: text, campos: { type: 'array', items: campoDescritor } }),
      },
    }),
    Lote: {
      type: 'object',
      description: 'Linhas do lote, cada uma um objeto de campos da entidade (GET /entidades descreve os campos).',
      required: ['linhas'],
      properties: { linhas: { type: 'array', minItems: 1, maxItems: 500, items: { type: 'object' } } },
    },
    ResultadoLote: object({
      entidade: { enum: [...IngestionEntities] },
      modo: { enum: [...TokenModes] },
      preview: boolean,
      loteId: { type: 'string', format: 'uuid' },
      totalLinhas: integer,
      gravadas: integer,
      recusadas: integer,
      duplicadas: integer,
      resultados: { type: 'array', items: linhaResultado },
    }),
    ConfiguracaoFiscal: joiToJsonSchema(configuracaoFiscalSchema),
    ConfiguracaoFiscalEntrada: configuracaoEntrada,
    DocumentoFiscal: joiToJsonSchema(documentoFiscalSchema),
    EmissaoDocumento: { ...joiToJsonSchema(emissaoDocumentoSchema), examples: [EXEMPLO_EMISSAO_NFSE] },
    PaginaDocumentos: object({ itens: { type: 'array', items: { $ref: '#/components/schemas/DocumentoFiscal' } }, proximo: nullableText }),
    Cancelamento: object(
      {
        justificativa: { type: 'string', minLength: 15, maxLength: 255 },
        chNFeRef: {
          type: 'string',
          pattern: '^([0-9]{6}[0-9A-Z]{12}[0-9]{26}|[0-9]{50}|[0-9]{7}-[0-9]{1,15}-[0-9A-Za-z]{1,9})$',
          description:
            'Cancelamento por substituição. NFC-e (evento 110112): a chave da NFC-e autorizada da empresa que substitui esta (até 168 h após a autorização). ' +
            'NFS-e (evento 105102): a chave (50 dígitos) da NFS-e autorizada emitida com `chaveNfseSubstituida` = esta, no prazo de cancelamento do município; ' +
            'num município ABRASF, a chave `<município>-<número>-<código de verificação>` da NFS-e emitida pelo SubstituirNfse (o cancelamento só é lido de volta).',
        },
        motivo: { type: 'string', enum: ['1', '2', '9'], description: 'NFS-e: o motivo do cancelamento (1 erro na emissão, 2 serviço não prestado, 9 outros; padrão 9).' },
      },
      ['justificativa'],
    ),
    Inutilizacao: inutilizacao,
    CartaCorrecao: joiToJsonSchema(cartaCorrecaoSchema),
    CartaCorrecaoEntrada: joiToJsonSchema(cartaCorrecaoEntradaSchema),
    InutilizacaoEntrada: inutilizacaoEntrada,
    SimulacaoEntrada: joiToJsonSchema(simulacaoEntradaSchema),
    SimulacaoImposto: joiToJsonSchema(simulacaoImpostoSchema),
  };
}
