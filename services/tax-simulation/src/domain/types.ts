/** The public shapes of the tax engine: what a caller sends and what it gets back. */
import { CodigosCampoSimulacao, Tributos, type CampoInvalido, type CodigoCampoSimulacao, type DifalCalculado, type IcmsCalculado, type Tributo as TributoContrato } from '@erp/contracts';
import { type Ajuste } from './data/vencimentos';

export type { Ajuste } from './data/vencimentos';

export const TIPOS_DOCUMENTO = ['NFE', 'NFCE', 'CTE', 'NFSE'] as const;
export type TipoDocumento = (typeof TIPOS_DOCUMENTO)[number];

export const REGIMES = ['SIMPLES_NACIONAL', 'LUCRO_PRESUMIDO', 'LUCRO_REAL'] as const;
export type Regime = (typeof REGIMES)[number];

/** One payable (or informative) tax, the contract's list; the provisioning keys its titles on this name. */
export const TRIBUTOS = Tributos;
export type Tributo = TributoContrato;

export const ANEXOS_SIMPLES = ['I', 'II', 'III', 'IV', 'V'] as const;
export type AnexoSimples = (typeof ANEXOS_SIMPLES)[number];

/**
 * The operation as the caller describes it (the GraphQL `SimularImpostosInput`): money in reais and
 * rates in percent, as JSON numbers; null and absent mean the same. Fields after `lucroRealTrimestre`
 * are extensions the law needs and the input lacks; all are optional.
 */
export interface EntradaSimulacao {
  tipoDocumento: TipoDocumento;
  /** Value of the goods or services (vProd / vServ), in reais, at most 2 decimals. */
  valor: number;
  /** `YYYY-MM-DD`; the service fills in today when the caller omits it (the domain has no clock). */
  dataOperacao: string;
  regime?: Regime | null;
  ufOrigem?: string | null;
  ufDestino?: string | null;
  ncm?: string | null;
  aliquotaIpi?: number | null;
  cfop?: string | null;
  aliquotaIss?: number | null;
  atividade?: string | null;
  anexoSimples?: AnexoSimples | null;
  receitaBruta12Meses?: number | null;
  comprasCreditaveis?: number | null;
  baseAcumuladaTrimestre?: number | null;
  receitaAcumuladaAno?: number | null;
  lucroRealTrimestre?: number | null;
  /**
   * The part of `receitaAcumuladaAno` that already took the LC 224/2025 surcharge (revenue above an earlier
   * quarter's room, or above R$ 5 million), default 0: the room left for this operation depends on it.
   */
  receitaExcedenteAno?: number | null;
  /** Imported goods (or import content above 40%): interstate ICMS 4% (Res. SF 13/2012). */
  mercadoriaImportada?: boolean | null;
  /** Product whose industrialisation is incentivised in the Manaus free-trade zone: keeps IPI from 2027. */
  produtoZonaFrancaManaus?: boolean | null;
  /** Imposto Seletivo rate in percent (2027 on); its rates are set by ordinary law, not shipped here. */
  aliquotaIs?: number | null;
  /** ICMS rate, in percent, charged on `comprasCreditaveis`; default the internal rate of the issuer's UF. */
  aliquotaIcmsCompras?: number | null;
  /**
   * Reference rates for the operation's year, in percent, over the company's (`opcoes.aliquotasReferencia`) and
   * the shipped assumption: the CBS reference (2027 on; in 2027-2028 charged minus 0.1 p.p.) and the IBS state
   * and municipal rates (2029 on, set each year by Senate resolution). Given for a year that does not use them,
   * they are ignored with a note.
   */
  aliquotaReferenciaCbs?: number | null;
  aliquotaIbsUf?: number | null;
  aliquotaIbsMun?: number | null;
  /**
   * NFS-e only: the service taker withholds the ISS at source and pays it to the city. Under the Simples Nacional
   * (bands 1-5) the ISS share leaves the DAS and is withheld at the band's effective ISS rate (LC 123/2006 art. 21
   * §4º); elsewhere the ISS at the city's rate (LC 116/2003 art. 6º). Either way the ISS line is not the company's
   * to pay. Ignored, with a note, on other documents.
   */
  issRetido?: boolean | null;
  /**
   * NFS-e: the service's LC 116/2003 item (`NN.NN`, or the 6-digit national code), over the company's: decides the
   * Lucro Real revenues that stay cumulative (Lei 10.833/2003 art. 10) and the items whose ISS may go below 2%.
   */
  codigoServico?: string | null;
  /**
   * NFS-e: the service is exported (provided to someone abroad, its result abroad, paid in foreign currency): no ISS
   * (LC 116/2003 art. 2º I), no PIS/COFINS (MP 2.158-35/2001 art. 14 III; Lei 10.637 art. 5º II; Lei 10.833 art. 6º
   * II), no CBS/IBS, and a DAS without those shares (LC 123/2006 art. 18 §4º-A IV and §14).
   */
  exportacaoServico?: boolean | null;
  /** `YYYY-MM-DD`, over the company's: the Simples Nacional rate of the first twelve months (LC 123 art. 18 §2º). */
  inicioAtividade?: string | null;
  /** Revenue of the operation's month, this one included: the Simples Nacional first month (default: the operation). */
  receitaBrutaMes?: number | null;
  /** The item's ICMS situation under the regime normal (CST of the Convênio s/nº de 1970, Tabela B). */
  cst?: string | null;
  /** The item's ICMS situation under the Simples Nacional (CSOSN). */
  csosn?: string | null;
  /** FCP rate, in percent (0 to 2), that the UF of the internal rate charges on this product, over its general one. */
  aliquotaFcp?: number | null;
  /** The recipient is the final consumer (NF-e indFinal 1); default false: an operation between taxpayers. */
  consumidorFinal?: boolean | null;
  /** The recipient is an ICMS taxpayer (NF-e indIEDest 1); default true. False: a non-taxpayer (indIEDest 9). */
  destinatarioContribuinteIcms?: boolean | null;
}

/** The company's fiscal settings that act as defaults. */
export interface DadosEmpresa {
  regime?: Regime | null;
  uf?: string | null;
  /** Effective DAS rate in percent when no annex and 12-month revenue are given (default 6). */
  aliquotaDas?: number | null;
  /** `YYYY-MM-DD`: when the company started its activity (the Simples Nacional first twelve months). */
  inicioAtividade?: string | null;
  /** The company's usual LC 116 item (its NFS-e settings), the default `codigoServico`. */
  codigoServico?: string | null;
}

export interface RegraVencimentoLocal {
  /** 1..31; a day past the month's end means the month's last day. */
  dia: number;
  ajuste: Ajuste;
}

/** The rates a caller may set for one year of the transition, in percent. */
export interface AliquotasReferenciaAno {
  /** CBS reference rate; in 2027-2028 the engine charges it minus 0.1 percentage point (ADCT art. 127). */
  cbs?: number | null;
  /** IBS state and municipal rates for 2029 on (set each year by Senate resolution, none shipped). */
  ibsUf?: number | null;
  ibsMun?: number | null;
}

export interface OpcoesSimulacao {
  empresa?: DadosEmpresa | null;
  /** The company's own due-day rules where states, cities or a future regulation set them. */
  vencimentos?: Partial<Record<'ICMS' | 'ISS' | 'CBS' | 'IBS' | 'IS', RegraVencimentoLocal | null>> | null;
  /** Keyed by year (`"2027"`), overriding the shipped assumption for that year. */
  aliquotasReferencia?: Record<string, AliquotasReferenciaAno | null> | null;
}

/** An exact rate: numerador/denominador of 1 (0.65% = 13/2000), plus a number for display. */
export interface Aliquota {
  numerador: string;
  denominador: string;
  /** Display only: the rate in percent, at most 6 decimals. */
  percentual: number;
}

/** One part of a line whose value is not a single base times a single rate. */
export interface ComponenteLinha {
  descricao: string;
  baseCentavos: number;
  aliquota: Aliquota;
  /** Negative for a credit. */
  valorCentavos: number;
}

export interface LinhaSimulacao {
  tributo: Tributo;
  baseCentavos: number;
  aliquota: Aliquota;
  valorCentavos: number;
  /** Shown for information, not paid by the company (2026 CBS/IBS test, the ISS share inside the DAS, the ISS withheld by the taker). */
  informativo: boolean;
  /** `YYYY-MM-DD`, or null when nothing is paid on its own or no due date is defined. */
  vencimento: string | null;
  fundamento: string;
  /** Present when the law needs a figure the caller did not give: valorCentavos is then 0. */
  naoCalculavel?: true;
  /** Present on the ISS the service taker withholds and pays (`issRetido`): always informative, never a title. */
  retidoPeloTomador?: true;
  motivo?: string;
  componentes?: ComponenteLinha[];
}

export type TributoPartilha = 'IRPJ' | 'CSLL' | 'COFINS' | 'PIS' | 'CPP' | 'ICMS' | 'IPI' | 'ISS';

/** One tax's part of the DAS (LC 123 annex split). */
export interface ParcelaDas {
  tributo: TributoPartilha;
  /** The part's rate on the operation value (effective rate x split percentage). */
  aliquota: Aliquota;
  valorCentavos: number;
  /** Centavos added (or removed) so the parts add up to the DAS exactly; only on one part. */
  residuoCentavos?: number;
}

/**
 * The Lucro Presumido running figures after an operation (its inputs plus what it adds), to carry into the
 * next operation of the same period: the quarter's IRPJ presumed base, the year's revenue, and the part of that
 * revenue surcharged by LC 224/2025.
 */
export interface AcumuladosLucroPresumido {
  baseTrimestreCentavos: number;
  receitaAnoCentavos: number;
  receitaExcedenteAnoCentavos: number;
}

export interface ResultadoSimulacao {
  tipoDocumento: TipoDocumento;
  regime: Regime;
  dataOperacao: string;
  valorCentavos: number;
  linhas: LinhaSimulacao[];
  /** Sum of the lines that are paid: not informative and computable. */
  totalDevidoCentavos: number;
  /** totalDevido / valor. */
  cargaEfetiva: Aliquota;
  /** False when a line could not be computed, so the total is a floor, not the full cost. */
  completo: boolean;
  partilhaDas: ParcelaDas[] | null;
  /** Lucro Presumido only (null otherwise, and on a shipment without revenue). */
  acumulados?: AcumuladosLucroPresumido | null;
  /** The NF-e `ICMSUFDest` figures of a sale to a non-taxpayer consumer in another state (EC 87/2015), else null. */
  difal: DifalCalculado | null;
  /** Base reduction, deferral, ICMS-ST and the Simples Nacional credit of the item, when any. */
  icms: IcmsCalculado | null;
  /** What the engine decided or ignored, in sentences. */
  avisos: string[];
  /** Assumptions (not law) the figures rest on. */
  premissas: string[];
}

/** The rule codes of a refused field: the contract's list (`@erp/contracts`, `CodigosCampoSimulacao`). */
export const CODIGOS_ERRO = CodigosCampoSimulacao;
export type CodigoErro = CodigoCampoSimulacao;

/** A refused field in the platform's one shape (`CampoInvalido`), its rule one of the contract's codes. */
export interface ErroCampo extends CampoInvalido {
  regra: CodigoErro;
}

export type Simulacao = { ok: true; resultado: ResultadoSimulacao } | { ok: false; erros: ErroCampo[] };
export type Comparacao = { ok: true; resultados: ResultadoSimulacao[] } | { ok: false; erros: ErroCampo[] };
/** The operations of one document: one result per operation, or the refused fields of each refused one. */
export type SimulacaoDocumento = { ok: true; resultados: ResultadoSimulacao[] } | { ok: false; erros: { indice: number; erros: ErroCampo[] }[] };
