import {
  AjustesVencimento,
  Ambientes,
  configuracaoCompartilhadaSchema,
  documentoFiscalSchema,
  emissaoDocumentoSchema,
  Credores,
  IngestionEntities,
  ModelosDocumento,
  OrigensInutilizacao,
  RegimesTributarios,
  TokenModes,
  Tributos,
  TributosVencimentoEmpresa,
} from '@erp/contracts';
import { joiToJsonSchema, type JsonSchema } from './joi-schema';

/** The taxes a DAS is split into (LC 123/2006 annexes): the CPP is a part, not a tax line of its own. */
const PARTES_DAS = ['IRPJ', 'CSLL', 'COFINS', 'PIS', 'CPP', 'ICMS', 'IPI', 'ISS'] as const;

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
const number = { type: 'number' } as const;
const boolean = { type: 'boolean' } as const;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

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

/** The shared (NATS) view with the secrets shown as masks instead of `senhaConfigurada`. */
function configuracaoFiscal(): JsonSchema {
  const shared = joiToJsonSchema(configuracaoCompartilhadaSchema) as { properties: Record<string, JsonSchema> };
  const nfse = shared.properties.nfse as { properties: Record<string, JsonSchema>; required: string[] };
  const { senhaConfigurada: _dropped, ...nfseProperties } = nfse.properties;
  // `{ type: ['object', 'null'], ... }`: the certificate's metadata, or null without one.
  const certificado = shared.properties.certificadoA1 as { properties: Record<string, JsonSchema>; required: string[] };
  const mask = { type: 'string', description: 'Máscara (`••••••••`): a senha nunca sai do serviço.' };
  return {
    ...shared,
    properties: {
      ...shared.properties,
      certificadoA1: { ...certificado, properties: { ...certificado.properties, senha: mask }, required: [...certificado.required, 'senha'] },
      nfse: {
        ...nfse,
        properties: { ...nfseProperties, senha: { type: ['string', 'null'], description: 'Máscara quando configurada, senão null.' } },
        required: [...nfse.required.filter((name) => name !== 'senhaConfigurada'), 'senha'],
      },
    },
  };
}

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
    nfse: { type: 'object' },
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

// ---- tax simulation ----

const simulacaoEntrada = {
  type: 'object',
  required: ['tipoDocumento', 'valor'],
  additionalProperties: false,
  description: 'Dinheiro em reais (até 2 casas), alíquotas em percentual (até 4 casas). Campos desconhecidos são recusados (`CAMPO_DESCONHECIDO`).',
  properties: {
    tipoDocumento: { enum: [...ModelosDocumento] },
    valor: number,
    dataOperacao: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Padrão: hoje (America/Sao_Paulo).' },
    regime: { enum: [...RegimesTributarios] },
    ufOrigem: text,
    ufDestino: text,
    ncm: text,
    aliquotaIpi: number,
    cfop: text,
    aliquotaIss: number,
    atividade: text,
    anexoSimples: { enum: ['I', 'II', 'III', 'IV', 'V'] },
    receitaBruta12Meses: number,
    comprasCreditaveis: number,
    baseAcumuladaTrimestre: number,
    receitaAcumuladaAno: number,
    lucroRealTrimestre: number,
    receitaExcedenteAno: number,
    mercadoriaImportada: boolean,
    produtoZonaFrancaManaus: boolean,
    aliquotaIs: number,
    aliquotaIcmsCompras: number,
    aliquotaReferenciaCbs: number,
    aliquotaIbsUf: number,
    aliquotaIbsMun: number,
    issRetido: {
      type: 'boolean',
      description:
        'Só NFS-e: ISS retido na fonte pelo tomador. No Simples Nacional a parte do ISS sai do DAS (LC 123/2006 art. 21 §4º); a linha ISS vem informativa com retidoPeloTomador e não vira título. Ignorado, com aviso, nos outros documentos.',
    },
    codigoServico: {
      type: 'string',
      description: 'Só NFS-e: item da LC 116/2003 (NN.NN) ou código nacional de 6 dígitos; padrão: o das configurações NFS-e. Decide as receitas cumulativas do lucro real (Lei 10.833/2003 art. 10) e o ISS abaixo de 2% (itens 7.02, 7.05, 16.01).',
    },
    exportacaoServico: {
      type: 'boolean',
      description: 'Só NFS-e: exportação de serviço (resultado no exterior, pagamento com ingresso de divisas): sem ISS, PIS, COFINS, CBS e IBS; DAS sem essas parcelas.',
    },
    inicioAtividade: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Início de atividade; padrão: o das configurações fiscais. Simples Nacional: alíquota dos primeiros 12 meses (LC 123/2006 art. 18 §2º).' },
    receitaBrutaMes: { type: 'number', description: 'Receita do mês da operação, esta incluída (Simples Nacional no mês de início de atividade); padrão: a da operação.' },
    cst: { type: 'string', description: 'Situação do ICMS do item no regime normal (CST): 00 e 90 com ICMS próprio; 40, 41, 50, 60, 61 sem; os demais recusados (SITUACAO_ICMS_NAO_MODELADA).' },
    csosn: { type: 'string', description: 'Situação do ICMS do item no Simples Nacional (CSOSN): 101, 102, 900 com a parcela do ICMS no DAS; 103, 300, 400, 500 sem; 201-203 recusados.' },
    aliquotaFcp: { type: 'number', description: 'FCP do produto na UF da alíquota interna (a do emitente; a de destino no DIFAL), percentual de 0 a 2.' },
    consumidorFinal: { type: 'boolean', description: 'Destinatário consumidor final (indFinal 1); padrão false.' },
    destinatarioContribuinteIcms: {
      type: 'boolean',
      description: 'Destinatário contribuinte do ICMS (indIEDest 1); padrão true. false com consumidorFinal em outra UF: DIFAL (linhas ICMS_UF_DEST e FCP_UF_DEST, grupo difal).',
    },
  },
} as const;

const linhaSimulacao = object({
  tributo: { enum: [...Tributos] },
  base: number,
  aliquota: number,
  valor: number,
  informativo: boolean,
  vencimento: { type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
  fundamento: text,
  naoCalculavel: boolean,
  motivo: nullableText,
  retidoPeloTomador: boolean,
  componentes: { type: 'array', items: object({ descricao: text, base: number, aliquota: number, valor: number }) },
});

const simulacaoImposto = object({
  id: { type: 'string', format: 'uuid' },
  tipoDocumento: { enum: [...ModelosDocumento] },
  regime: { enum: [...RegimesTributarios] },
  dataOperacao: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
  valor: number,
  linhas: { type: 'array', items: ref('LinhaSimulacao') },
  totalDevido: number,
  cargaEfetiva: number,
  completo: boolean,
  criadaEm: instant,
  provisionada: boolean,
  titulos: {
    type: 'array',
    description: 'Os títulos a pagar de que a simulação faz parte: um por empresa, tributo e período de apuração.',
    items: object({
      id: text,
      tributo: { enum: [...Tributos] },
      periodo: { type: 'string', description: 'AAAA-MM (mensal), AAAA-Tn (IRPJ/CSLL trimestrais) ou AAAA-MM-DD (DIFAL, por operação).' },
      valor: { type: 'number', description: 'Valor do título na sua versão mais recente (todas as simulações do período).' },
      contribuicao: { type: 'number', description: 'A parte desta simulação (no lucro real, o IRPJ/CSLL do trimestre inteiro).' },
      versao: integer,
      vencimento: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
      competencia: { type: 'string', pattern: '^\\d{4}-\\d{2}$' },
      credor: { enum: [...Credores] },
      codigoReceita: nullableText,
    }),
  },
  pendentesDeVencimento: { type: 'array', items: { enum: [...Tributos] } },
  partilhaDas: { type: ['array', 'null'], items: object({ tributo: { enum: [...PARTES_DAS] }, aliquota: number, valor: number, residuo: number }) },
  difal: {
    type: ['object', 'null'],
    description: 'Grupo ICMSUFDest da NF-e (venda a consumidor final não contribuinte de outra UF): reais e percentuais.',
    required: ['base', 'baseFcp', 'aliquotaFcpDestino', 'aliquotaInternaDestino', 'aliquotaInterestadual', 'percentualPartilhaDestino', 'fcpDestino', 'icmsDestino', 'icmsRemetente'],
    properties: {
      base: number,
      baseFcp: number,
      aliquotaFcpDestino: number,
      aliquotaInternaDestino: number,
      aliquotaInterestadual: number,
      percentualPartilhaDestino: number,
      fcpDestino: number,
      icmsDestino: number,
      icmsRemetente: number,
    },
    additionalProperties: false,
  },
  avisos: { type: 'array', items: text },
  premissas: { type: 'array', items: text },
  comparacaoId: nullableText,
});

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
    ConfiguracaoFiscal: configuracaoFiscal(),
    ConfiguracaoFiscalEntrada: configuracaoEntrada,
    DocumentoFiscal: joiToJsonSchema(documentoFiscalSchema),
    EmissaoDocumento: joiToJsonSchema(emissaoDocumentoSchema),
    Cancelamento: object(
      {
        justificativa: { type: 'string', minLength: 15, maxLength: 255 },
        chNFeRef: {
          type: 'string',
          pattern: '^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$',
          description: 'Só NFC-e: cancelamento por substituição (evento 110112); a chave da NFC-e autorizada da empresa que substitui esta (até 168 h após a autorização).',
        },
      },
      ['justificativa'],
    ),
    Inutilizacao: inutilizacao,
    InutilizacaoEntrada: inutilizacaoEntrada,
    SimulacaoEntrada: simulacaoEntrada,
    LinhaSimulacao: linhaSimulacao,
    SimulacaoImposto: simulacaoImposto,
  };
}
