import Joi from 'joi';
import { failureReplySchema, type FailureReply } from './codec';
import type { CampoInvalido } from './refusal';
import { RegimesTributarios, type RegimeTributario } from './settings';
import { CodigosCampoSimulacao } from './tax-codes';

/** Fiscal document models (GraphQL `ModeloDocumento`), shared by tax simulation and fiscal documents. */
export const ModelosDocumento = ['NFE', 'NFCE', 'CTE', 'NFSE'] as const;
export type ModeloDocumento = (typeof ModelosDocumento)[number];
/**
 * The models the documents' search filters on (GraphQL `ModeloBusca`, REST `modelo`): the documents' models and
 * `CTEOS`, the CT-e OS (model 67), which is a `CTE` with its `cteOs` group; `CTE` is then model 57 only.
 */
export const ModelosBusca = ['NFE', 'NFCE', 'CTE', 'CTEOS', 'NFSE'] as const;
export type ModeloBusca = (typeof ModelosBusca)[number];

/**
 * Every tax a simulation line or a payable title may name. `ICMS_UF_DEST` and `FCP_UF_DEST` are the DIFAL of a sale
 * to a final consumer who is not an ICMS taxpayer in another state (EC 87/2015), owed by the issuer to the
 * destination state: the NF-e's `vICMSUFDest` and `vFCPUFDest`.
 */
export const Tributos = [
  'DAS',
  'PIS',
  'COFINS',
  'CSLL',
  'IRPJ',
  'ICMS',
  'ICMS_UF_DEST',
  'FCP_UF_DEST',
  'IPI',
  'ISS',
  'CBS',
  'IBS_UF',
  'IBS_MUN',
  'IS',
] as const;
export type Tributo = (typeof Tributos)[number];

/** Ceiling of operations in one `tax.v1.calculate` request: an NF-e holds at most 990 items. */
export const TAX_CALCULATE_MAX_OPERACOES = 990;

/**
 * One operation to tax, as the simulation input describes it (money in reais with at most 2 decimals, rates in
 * percent). Absent fields take the company's fiscal settings (regime, UF, DAS rate) or the engine's defaults.
 */
export interface OperacaoTributavel {
  tipoDocumento: ModeloDocumento;
  valor: number;
  /** `YYYY-MM-DD`. */
  dataOperacao: string;
  regime?: RegimeTributario;
  ufOrigem?: string;
  ufDestino?: string;
  ncm?: string;
  aliquotaIpi?: number;
  cfop?: string;
  aliquotaIss?: number;
  atividade?: string;
  /** Simples Nacional annex (I..V) for the official effective-rate formula, with `receitaBruta12Meses`. */
  anexoSimples?: string;
  receitaBruta12Meses?: number;
  comprasCreditaveis?: number;
  baseAcumuladaTrimestre?: number;
  receitaAcumuladaAno?: number;
  lucroRealTrimestre?: number;
  /** Part of `receitaAcumuladaAno` that already took the LC 224/2025 surcharge. */
  receitaExcedenteAno?: number;
  mercadoriaImportada?: boolean;
  produtoZonaFrancaManaus?: boolean;
  aliquotaIs?: number;
  aliquotaIcmsCompras?: number;
  /** Reference rates of the operation's year, over the company's settings (CBS 2027 on, IBS 2029 on). */
  aliquotaReferenciaCbs?: number;
  aliquotaIbsUf?: number;
  aliquotaIbsMun?: number;
  /**
   * NFS-e: the service taker withholds the ISS. Under the Simples Nacional the ISS share leaves the DAS (LC 123/2006
   * art. 21 §4º); the ISS line comes back informative with `retidoPeloTomador`. Ignored, with a note, on other documents.
   */
  issRetido?: boolean;
  /** NFS-e: LC 116/2003 item (`NN.NN`) or national code; default the company's `nfse.codigoServico`. */
  codigoServico?: string;
  /** NFS-e: export of the service (result abroad, payment in foreign currency): no ISS, PIS, COFINS, CBS, IBS. */
  exportacaoServico?: boolean;
  /** `YYYY-MM-DD`, over the company's `empresa.inicioAtividade`: the Simples Nacional rate of the first 12 months. */
  inicioAtividade?: string;
  /** Revenue of the operation's month, this operation included (the Simples Nacional first month); default the document's. */
  receitaBrutaMes?: number;
  /** The item's ICMS situation, regime normal (Convênio s/nº de 1970, Tabela B): `00`, `40`, `60`, ... */
  cst?: string;
  /** The item's ICMS situation, Simples Nacional (Ajuste SINIEF 07/2005, CSOSN): `102`, `500`, ... */
  csosn?: string;
  /** FCP percentage the law of the UF whose internal rate applies charges on the product (0 to 2, ADCT art. 82 §1º). */
  aliquotaFcp?: number;
  /** NF-e `indFinal`: the recipient is the final consumer. Default false (an operation between taxpayers). */
  consumidorFinal?: boolean;
  /** NF-e `indIEDest` 1 (true) or 9 (false). Default true. False with `consumidorFinal` in another state: DIFAL. */
  destinatarioContribuinteIcms?: boolean;
  /** pRedBC: percentage by which the own ICMS base is reduced (CST 20 and 70), 0 to 100. */
  reducaoBaseIcms?: number;
  /** pDif: percentage of the own ICMS deferred (CST 51), 0 to 100. */
  diferimentoIcms?: number;
  /** ICMS-ST the issuer charges as substitute (CST 10, 30, 70; CSOSN 201, 202, 203). */
  icmsSt?: IcmsStEntrada;
}

/**
 * What the ICMS-ST of an item needs from the caller: the MVA of the goods (ST conventions / the destination's RICMS)
 * or the ST base itself (a list price, PMC or pauta), never both; the destination's internal rate when it is not the
 * modal rate of the engine's table; the FCP-ST rate the destination charges on the goods; the reduction of the ST base.
 */
export interface IcmsStEntrada {
  /** pMVAST, percent (modBCST 4). */
  mva?: number;
  /** The ST base in reais (modBCST 5, pauta / list price), instead of the MVA. */
  base?: number;
  /** pICMSST: the destination's internal rate for the goods, without FCP; default the modal rate of the destination. */
  aliquota?: number;
  /** pFCPST, 0 to 2 (ADCT art. 82 §1º). */
  aliquotaFcp?: number;
  /** pRedBCST, percent. */
  reducaoBase?: number;
}

/**
 * The ICMS figures of an item beyond the ICMS line (money in centavos, rates in percent), as the NF-e groups carry
 * them: base reduction (ICMS20/70), deferral (ICMS51), ICMS-ST (ICMS10/30/70, ICMSSN201/202) and the Simples
 * Nacional credit the buyer may take (ICMSSN101/201).
 */
export interface IcmsCalculado {
  /** pRedBC applied to the own ICMS base. */
  reducaoBase: number | null;
  /** CST 51: vICMSOp (the ICMS of the operation before deferral), pDif, vICMSDif. */
  diferimento: { icmsOperacaoCentavos: number; percentual: number; diferidoCentavos: number } | null;
  /** The own ICMS the ST deducts (vICMS of the group; under the Simples Nacional the ICMS at the normal rate). */
  st: {
    /** 4 MVA, 5 pauta / list price (modBCST). */
    modalidade: 4 | 5;
    mva: number | null;
    reducaoBase: number | null;
    baseCentavos: number;
    aliquota: number;
    valorCentavos: number;
    baseFcpCentavos: number;
    aliquotaFcp: number;
    fcpCentavos: number;
    /** The own ICMS deducted from the ST (CST 30 / CSOSN 203: the ICMS the operation would bear at the normal rate). */
    icmsProprioCentavos: number;
  } | null;
  /** CSOSN 101 / 201: pCredSN and vCredICMSSN (LC 123/2006 art. 23 §§1º-2º). */
  creditoSimples: { aliquota: number; valorCentavos: number } | null;
}

/**
 * The NF-e `ICMSUFDest` group of one item: the DIFAL of a sale to a final consumer who is not an ICMS taxpayer in
 * another state (EC 87/2015; LC 87/1996 art. 4º §2º II and art. 13 X with §7º, LC 190/2022). Money in centavos,
 * rates in percent (the NF-e's own fields named beside each).
 */
export interface DifalCalculado {
  /** vBCUFDest: the operation's value (base única), IPI included (sale to a final consumer). */
  baseCentavos: number;
  /** vBCFCPUFDest: the same base when the destination charges an FCP on the item, else 0. */
  baseFcpCentavos: number;
  /** pFCPUFDest. */
  aliquotaFcpDestino: number;
  /** pICMSUFDest: the destination's internal rate for the product, without its FCP. */
  aliquotaInternaDestino: number;
  /** pICMSInter: 4, 7 or 12. */
  aliquotaInterestadual: number;
  /** pICMSInterPart: the destination's share, 100 since 2019 (ADCT art. 99 V). */
  percentualPartilhaDestino: number;
  /** vFCPUFDest. */
  fcpDestinoCentavos: number;
  /** vICMSUFDest. */
  icmsDestinoCentavos: number;
  /** vICMSUFRemet: 0 since 2019. */
  icmsRemetenteCentavos: number;
}

/**
 * Request on `tax.v1.calculate`: the engine of the tax-simulation service without storing anything. The operations
 * are the items of one document, in order: the Lucro Presumido figures that run through a quarter or a year
 * (`baseAcumuladaTrimestre`, `receitaAcumuladaAno`, `receitaExcedenteAno`, each item's own being the figure before
 * the document) carry what the earlier items added, so the items' IRPJ and CSLL add up to the whole document's.
 */
export interface TaxCalculateRequest {
  companyId: string;
  operacoes: OperacaoTributavel[];
}

/** One tax line, money in integer centavos (exact), the rate in percent for display. */
export interface LinhaImpostoCalculada {
  tributo: Tributo;
  baseCentavos: number;
  aliquota: number;
  valorCentavos: number;
  informativo: boolean;
  /** `YYYY-MM-DD` or null. */
  vencimento: string | null;
  fundamento: string;
  /**
   * True when the law needs a figure the operation did not carry (the Lucro Real IRPJ/CSLL without the quarter's
   * profit, the IBS from 2029 without its rate): `valorCentavos` is then 0 meaning unknown, not "no tax".
   */
  naoCalculavel: boolean;
  /** Why it is not computable; null otherwise. */
  motivo: string | null;
  /** The ISS withheld and paid by the service taker (`issRetido`): informative, not the company's to pay. */
  retidoPeloTomador?: boolean;
}

export interface ResultadoCalculo {
  /** The regime the figures were computed under (the operation's, else the company's settings). */
  regime: RegimeTributario;
  linhas: LinhaImpostoCalculada[];
  /** The lines that are paid and computable; a floor when `completo` is false. */
  totalDevidoCentavos: number;
  /** False when a payable line is `naoCalculavel`. */
  completo: boolean;
  /** The `ICMSUFDest` figures when the operation carries a DIFAL; absent otherwise. */
  difal?: DifalCalculado;
  /** Base reduction, deferral, ICMS-ST and the Simples Nacional credit, when the item has any; absent otherwise. */
  icms?: IcmsCalculado;
}

export const TaxErrorCodes = {
  SIMULACAO_INVALIDA: 'SIMULACAO_INVALIDA',
  SIMULACAO_NAO_ENCONTRADA: 'SIMULACAO_NAO_ENCONTRADA',
  /**
   * 409: another regime of the same `compararRegimes` was already provisioned (the company pays its taxes under one
   * regime; a second set of titles would double them). `simulacaoProvisionada` names the one provisioned.
   */
  COMPARACAO_JA_PROVISIONADA: 'COMPARACAO_JA_PROVISIONADA',
  /**
   * 409: the simulation's regime is not the company's (fiscal settings, when provisioning): a what-if, never titles.
   * `regimeSimulacao` and `regimeEmpresa` (null when the settings name none) say which.
   */
  REGIME_DIFERENTE_DA_EMPRESA: 'REGIME_DIFERENTE_DA_EMPRESA',
} as const;

export type TaxCalculateReply =
  | { ok: true; resultados: ResultadoCalculo[] }
  | { ok: false; codigo: typeof TaxErrorCodes.SIMULACAO_INVALIDA; erro: string; campos: CampoInvalido[] }
  | FailureReply;

const operacaoSchema = Joi.object<OperacaoTributavel>({
  tipoDocumento: Joi.string()
    .valid(...ModelosDocumento)
    .required(),
  valor: Joi.number().required(),
  dataOperacao: Joi.string().required(),
  regime: Joi.string().valid(...RegimesTributarios),
  ufOrigem: Joi.string(),
  ufDestino: Joi.string(),
  ncm: Joi.string(),
  aliquotaIpi: Joi.number(),
  cfop: Joi.string(),
  aliquotaIss: Joi.number(),
  atividade: Joi.string(),
  anexoSimples: Joi.string(),
  receitaBruta12Meses: Joi.number(),
  comprasCreditaveis: Joi.number(),
  baseAcumuladaTrimestre: Joi.number(),
  receitaAcumuladaAno: Joi.number(),
  lucroRealTrimestre: Joi.number(),
  receitaExcedenteAno: Joi.number(),
  mercadoriaImportada: Joi.boolean(),
  produtoZonaFrancaManaus: Joi.boolean(),
  aliquotaIs: Joi.number(),
  aliquotaIcmsCompras: Joi.number(),
  aliquotaReferenciaCbs: Joi.number(),
  aliquotaIbsUf: Joi.number(),
  aliquotaIbsMun: Joi.number(),
  issRetido: Joi.boolean(),
  codigoServico: Joi.string(),
  exportacaoServico: Joi.boolean(),
  inicioAtividade: Joi.string(),
  receitaBrutaMes: Joi.number(),
  cst: Joi.string(),
  csosn: Joi.string(),
  aliquotaFcp: Joi.number(),
  consumidorFinal: Joi.boolean(),
  destinatarioContribuinteIcms: Joi.boolean(),
  reducaoBaseIcms: Joi.number(),
  diferimentoIcms: Joi.number(),
  icmsSt: Joi.object({ mva: Joi.number(), base: Joi.number(), aliquota: Joi.number(), aliquotaFcp: Joi.number(), reducaoBase: Joi.number() }),
});

export const taxCalculateRequestSchema = Joi.object<TaxCalculateRequest>({
  companyId: Joi.string().min(1).max(200).required(),
  operacoes: Joi.array().items(operacaoSchema).min(1).max(TAX_CALCULATE_MAX_OPERACOES).required(),
});

const linhaSchema = Joi.object<LinhaImpostoCalculada>({
  tributo: Joi.string()
    .valid(...Tributos)
    .required(),
  baseCentavos: Joi.number().integer().required(),
  aliquota: Joi.number().required(),
  valorCentavos: Joi.number().integer().required(),
  informativo: Joi.boolean().required(),
  vencimento: Joi.string().allow(null).required(),
  fundamento: Joi.string().allow('').required(),
  naoCalculavel: Joi.boolean().required(),
  motivo: Joi.string().allow(null).required(),
  retidoPeloTomador: Joi.boolean(),
});

const centavos = Joi.number().integer().min(0).required();
const percentual = Joi.number().min(0).required();
const difalSchema = Joi.object<DifalCalculado>({
  baseCentavos: centavos,
  baseFcpCentavos: centavos,
  aliquotaFcpDestino: percentual,
  aliquotaInternaDestino: percentual,
  aliquotaInterestadual: percentual,
  percentualPartilhaDestino: percentual,
  fcpDestinoCentavos: centavos,
  icmsDestinoCentavos: centavos,
  icmsRemetenteCentavos: centavos,
});

const icmsSchema = Joi.object<IcmsCalculado>({
  reducaoBase: Joi.number().min(0).allow(null).required(),
  diferimento: Joi.object({ icmsOperacaoCentavos: centavos, percentual, diferidoCentavos: centavos }).allow(null).required(),
  st: Joi.object({
    modalidade: Joi.valid(4, 5).required(),
    mva: Joi.number().min(0).allow(null).required(),
    reducaoBase: Joi.number().min(0).allow(null).required(),
    baseCentavos: centavos,
    aliquota: percentual,
    valorCentavos: centavos,
    baseFcpCentavos: centavos,
    aliquotaFcp: percentual,
    fcpCentavos: centavos,
    icmsProprioCentavos: centavos,
  })
    .allow(null)
    .required(),
  creditoSimples: Joi.object({ aliquota: percentual, valorCentavos: centavos }).allow(null).required(),
});

export const taxCalculateReplySchema = Joi.alternatives<TaxCalculateReply>().try(
  Joi.object({
    ok: Joi.valid(true).required(),
    resultados: Joi.array()
      .items(
        Joi.object({
          regime: Joi.string()
            .valid(...RegimesTributarios)
            .required(),
          linhas: Joi.array().items(linhaSchema).required(),
          totalDevidoCentavos: Joi.number().integer().required(),
          completo: Joi.boolean().required(),
          difal: difalSchema,
          icms: icmsSchema,
        }),
      )
      .required(),
  }),
  Joi.object({
    ok: Joi.valid(false).required(),
    codigo: Joi.valid(TaxErrorCodes.SIMULACAO_INVALIDA).required(),
    erro: Joi.string().required(),
    campos: Joi.array()
      .items(
        Joi.object({
          campo: Joi.string().allow('').required(),
          regra: Joi.string()
            .valid(...CodigosCampoSimulacao)
            .required(),
          erro: Joi.string().required(),
        }),
      )
      .required(),
  }),
  failureReplySchema,
);
