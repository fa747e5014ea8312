import Joi from 'joi';
import { Credores } from './finance';
import { RegimesTributarios } from './settings';
import { ModelosDocumento, Tributos } from './tax';

/**
 * The tax simulation's wire shapes, declared once: the input (REST body, GraphQL `SimularImpostosInput`) and the
 * simulation as REST and GraphQL show it. The OpenAPI document is derived from these (gateway `joiToJsonSchema`),
 * the GraphQL types are checked against them by a test (`test/e2e/wire-shapes.test.ts`), and the service reads the
 * list of input fields from them. The rules (ranges, coherence between fields, what the law needs) are the engine's,
 * reported as field errors `{ campo, regra, erro }`.
 */

const dia = () => Joi.string().pattern(/^\d{4}-\d{2}-\d{2}$/);
const reais = (descricao: string) => Joi.number().description(`Reais, até 2 casas. ${descricao}`.trim());
const percentual = (descricao: string) => Joi.number().description(`Percentual, até 4 casas. ${descricao}`.trim());

export const simulacaoEntradaSchema = Joi.object({
  tipoDocumento: Joi.string()
    .valid(...ModelosDocumento)
    .required()
    .example('NFE'),
  valor: reais('').required().example(10000),
  dataOperacao: dia().description('AAAA-MM-DD; padrão: hoje (America/Sao_Paulo).').example('2026-11-27'),
  regime: Joi.string()
    .valid(...RegimesTributarios)
    .description('Padrão: o regime das configurações fiscais da empresa.'),
  ufOrigem: Joi.string().description('Sigla da UF.').example('SP'),
  ufDestino: Joi.string().description('Sigla da UF.').example('SP'),
  ncm: Joi.string().description('8 dígitos.').example('94013000'),
  aliquotaIpi: percentual('Padrão: a da TIPI embutida para o NCM.'),
  cfop: Joi.string().example('5102'),
  aliquotaIss: percentual('De 2 a 5 (NFS-e).'),
  atividade: Joi.string().description('Classe de presunção do lucro presumido; padrão: SERVICOS na NFS-e, MERCADORIAS na NF-e e NFC-e, TRANSPORTE_CARGA no CT-e.'),
  anexoSimples: Joi.string().valid('I', 'II', 'III', 'IV', 'V'),
  receitaBruta12Meses: reais('Receita bruta dos 12 meses anteriores (Simples Nacional).'),
  comprasCreditaveis: reais('Compras que dão crédito (regime não cumulativo).'),
  baseAcumuladaTrimestre: reais('Base do IRPJ/CSLL já acumulada no trimestre (lucro presumido).'),
  receitaAcumuladaAno: reais('Receita já acumulada no ano (LC 224/2025).'),
  lucroRealTrimestre: reais('Lucro real do trimestre.'),
  receitaExcedenteAno: reais('Parte de receitaAcumuladaAno que já teve a presunção acrescida pela LC 224/2025; padrão 0.'),
  mercadoriaImportada: Joi.boolean(),
  produtoZonaFrancaManaus: Joi.boolean(),
  aliquotaIs: percentual('Imposto Seletivo (2027 em diante).'),
  aliquotaIcmsCompras: percentual('ICMS das compras; padrão: a alíquota interna da UF de origem.'),
  aliquotaReferenciaCbs: percentual('Alíquota de referência da CBS do ano (0 a 50): vale sobre a das configurações e sobre a premissa de 8,8%.'),
  aliquotaIbsUf: percentual('IBS estadual do ano (2029 em diante).'),
  aliquotaIbsMun: percentual('IBS municipal do ano (2029 em diante).'),
  issRetido: Joi.boolean().description(
    'Só NFS-e: ISS retido na fonte pelo tomador. No Simples Nacional a parte do ISS sai do DAS (LC 123/2006 art. 21 §4º); a linha ISS vem informativa com retidoPeloTomador e não vira título. Ignorado, com aviso, nos outros documentos.',
  ),
  codigoServico: Joi.string().description(
    'Só NFS-e: item da LC 116/2003 (NN.NN) ou código nacional de 6 dígitos; padrão: o das configurações NFS-e. Decide as receitas cumulativas do lucro real (Lei 10.833/2003 art. 10) e o ISS abaixo de 2% (itens 7.02, 7.05, 16.01).',
  ),
  exportacaoServico: Joi.boolean().description('Só NFS-e: exportação de serviço (resultado no exterior, pagamento com ingresso de divisas): sem ISS, PIS, COFINS, CBS e IBS; DAS sem essas parcelas.'),
  inicioAtividade: dia().description('Início de atividade; padrão: o das configurações fiscais. Simples Nacional: alíquota dos primeiros 12 meses (LC 123/2006 art. 18 §2º).'),
  receitaBrutaMes: reais('Receita do mês da operação, esta incluída (Simples Nacional no mês de início de atividade); padrão: a da operação.'),
  cst: Joi.string().description(
    'Situação do ICMS do item no regime normal (CST): 00, 10, 20, 51, 70, 90 com ICMS próprio (20 e 70 com reducaoBaseIcms, 51 com diferimentoIcms); 30, 40, 41, 50, 60, 61 sem; 10, 30, 70 com icmsSt; 02, 15, 53 recusados (SITUACAO_ICMS_NAO_MODELADA).',
  ),
  csosn: Joi.string().description(
    'Situação do ICMS do item no Simples Nacional (CSOSN): 101, 102, 201, 202, 900 com a parcela do ICMS no DAS (101 e 201: crédito do comprador, pCredSN, com anexoSimples e receitaBruta12Meses); 103, 203, 300, 400, 500 sem; 201-203 com icmsSt.',
  ),
  reducaoBaseIcms: percentual('pRedBC: redução da base do ICMS próprio; obrigatório com CST 20 e 70, recusado nas demais situações.').example(40),
  diferimentoIcms: percentual('pDif: parte diferida do ICMS da operação; obrigatório com CST 51.').example(33.33),
  icmsSt: Joi.object({
    mva: percentual('pMVAST (modBCST 4).'),
    base: reais('Base do ICMS-ST informada (pauta ou preço de lista, modBCST 5), em vez da MVA.'),
    aliquota: percentual('pICMSST: alíquota interna da UF de destino, sem o FCP; padrão: a modal da UF de destino.'),
    aliquotaFcp: percentual('pFCPST, até 2; padrão: o FCP geral da UF de destino (só RJ).'),
    reducaoBase: percentual('pRedBCST.'),
  })
    .description('ICMS-ST cobrado como substituto: obrigatório com CST 10, 30, 70 e CSOSN 201, 202, 203; o resultado vem nos avisos (base, alíquota, valor, FCP-ST).')
    .example({ mva: 40 }),
  aliquotaFcp: percentual('FCP do produto na UF da alíquota interna (a do emitente; a de destino no DIFAL), de 0 a 2.'),
  consumidorFinal: Joi.boolean().description('Destinatário consumidor final (indFinal 1); padrão false.'),
  destinatarioContribuinteIcms: Joi.boolean().description(
    'Destinatário contribuinte do ICMS (indIEDest 1); padrão true. false com consumidorFinal em outra UF: DIFAL (linhas ICMS_UF_DEST e FCP_UF_DEST, grupo difal).',
  ),
}).description('Dinheiro em reais (até 2 casas), alíquotas em percentual (até 4 casas). Campos desconhecidos são recusados (`CAMPO_DESCONHECIDO`).');

/** The names of the simulation's input fields, in the declaration's order (a REST body may carry anything else). */
export const CAMPOS_SIMULACAO: readonly string[] = Object.keys((simulacaoEntradaSchema.describe() as { keys: Record<string, unknown> }).keys);

const componenteSchema = Joi.object({
  descricao: Joi.string().required(),
  base: Joi.number().required(),
  aliquota: Joi.number().required(),
  valor: Joi.number().required().description('Negativo para um crédito.'),
});

export const linhaSimulacaoSchema = Joi.object({
  tributo: Joi.string()
    .valid(...Tributos)
    .required(),
  base: Joi.number().required(),
  aliquota: Joi.number().required(),
  valor: Joi.number().required(),
  informativo: Joi.boolean().required().description('Mostrada, não paga pela empresa (teste de 2026, ISS dentro do DAS, ISS retido pelo tomador).'),
  vencimento: dia().allow(null).required().description('Nulo quando nada se paga à parte ou o prazo não está definido.'),
  fundamento: Joi.string().required(),
  naoCalculavel: Joi.boolean().required().description('A lei pede um número que a entrada não trouxe: valor 0, fora do total.'),
  motivo: Joi.string().allow(null).required(),
  retidoPeloTomador: Joi.boolean().required(),
  componentes: Joi.array().items(componenteSchema).required(),
});

const tituloSchema = Joi.object({
  id: Joi.string().required().description('empresa:tributo:periodo.'),
  tributo: Joi.string()
    .valid(...Tributos)
    .required(),
  periodo: Joi.string().required().description('AAAA-MM (mensal), AAAA-Tn (IRPJ/CSLL trimestrais) ou AAAA-MM-DD (DIFAL, por operação).'),
  valor: Joi.number().required().description('Valor do título na sua versão mais recente (todas as simulações do período).'),
  contribuicao: Joi.number().required().description('A parte desta simulação (no lucro real, o IRPJ/CSLL do trimestre inteiro).'),
  versao: Joi.number().integer().required(),
  vencimento: dia().required(),
  competencia: Joi.string()
    .pattern(/^\d{4}-\d{2}$/)
    .required(),
  credor: Joi.string()
    .valid(...Credores)
    .required(),
  codigoReceita: Joi.string().allow(null).required(),
}).description('Um título a pagar: um por empresa, tributo e período de apuração.');

const parcelaDasSchema = Joi.object({
  tributo: Joi.string().valid('IRPJ', 'CSLL', 'COFINS', 'PIS', 'CPP', 'ICMS', 'IPI', 'ISS').required(),
  aliquota: Joi.number().required(),
  valor: Joi.number().required(),
  residuo: Joi.number().required(),
});

const difalSchema = Joi.object({
  base: Joi.number().required().description('vBCUFDest (reais).'),
  baseFcp: Joi.number().required().description('vBCFCPUFDest (reais; 0 sem FCP).'),
  aliquotaFcpDestino: Joi.number().required().description('pFCPUFDest.'),
  aliquotaInternaDestino: Joi.number().required().description('pICMSUFDest.'),
  aliquotaInterestadual: Joi.number().required().description('pICMSInter (4, 7 ou 12).'),
  percentualPartilhaDestino: Joi.number().required().description('pICMSInterPart (100 desde 2019).'),
  fcpDestino: Joi.number().required().description('vFCPUFDest (reais).'),
  icmsDestino: Joi.number().required().description('vICMSUFDest (reais).'),
  icmsRemetente: Joi.number().required().description('vICMSUFRemet (reais; 0 desde 2019).'),
}).description('Grupo ICMSUFDest da NF-e (venda a consumidor final não contribuinte de outra UF): reais e percentuais.');

export const simulacaoImpostoSchema = Joi.object({
  id: Joi.string().required(),
  tipoDocumento: Joi.string()
    .valid(...ModelosDocumento)
    .required(),
  regime: Joi.string()
    .valid(...RegimesTributarios)
    .required(),
  dataOperacao: dia().required(),
  valor: Joi.number().required(),
  linhas: Joi.array().items(linhaSimulacaoSchema).required(),
  totalDevido: Joi.number().required(),
  cargaEfetiva: Joi.number().required().description('Percentual: totalDevido / valor.'),
  completo: Joi.boolean().required().description('Falso quando uma linha não pôde ser calculada: o total é então um piso.'),
  criadaEm: Joi.date().required(),
  provisionada: Joi.boolean().required(),
  titulos: Joi.array().items(tituloSchema).required().description('Os títulos a pagar de que a simulação faz parte.'),
  pendentesDeVencimento: Joi.array()
    .items(Joi.string().valid(...Tributos))
    .required()
    .description('Tributos a pagar ainda sem título por falta de vencimento (CBS, IBS e IS a partir de 2027).'),
  partilhaDas: Joi.array().items(parcelaDasSchema).allow(null).required(),
  difal: difalSchema.allow(null).required(),
  avisos: Joi.array().items(Joi.string()).required(),
  premissas: Joi.array().items(Joi.string()).required(),
  comparacaoId: Joi.string().allow(null).required().description('O mesmo id nas três simulações de uma comparação de regimes.'),
});
