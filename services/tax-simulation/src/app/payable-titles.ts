import type { Credor } from '@erp/contracts';
import { vencimentoPelaRegraAtual, type LinhaSimulacao, type OpcoesSimulacao, type Regime, type ResultadoSimulacao, type Tributo } from '../domain';

/** Who is paid each tax: the União for federal taxes (the DAS included), the state, or the municipality. */
export const CREDOR_POR_TRIBUTO: Readonly<Record<Tributo, Credor>> = {
  DAS: 'UNIAO',
  PIS: 'UNIAO',
  COFINS: 'UNIAO',
  CSLL: 'UNIAO',
  IRPJ: 'UNIAO',
  IPI: 'UNIAO',
  CBS: 'UNIAO',
  IS: 'UNIAO',
  ICMS: 'ESTADO',
  // The DIFAL is the destination state's.
  ICMS_UF_DEST: 'ESTADO',
  FCP_UF_DEST: 'ESTADO',
  IBS_UF: 'ESTADO',
  ISS: 'MUNICIPIO',
  IBS_MUN: 'MUNICIPIO',
};

/**
 * Federal revenue codes (DARF "código de receita") this service can source, by tax and regime. Every other
 * combination is null on purpose (docs/tax-simulation.md, "Service"): the DAS is paid by its own document,
 * state and municipal taxes by their own guides, the IRPJ of the Lucro Real depends on whether the company is
 * obliged to that regime (0220) or chose it (3373), the IPI code depends on the product, and no code for the
 * CBS or the IS was found published.
 */
const CODIGOS_RECEITA: Readonly<Partial<Record<Tributo, Partial<Record<Regime, string>>>>> = {
  // PIS cumulative (LP): 8109, widely published (e.g. Valor Consulting's roster of PIS DARF codes), not read in
  // the official table here; non-cumulative (LR): 6912 (Lefisc, "PIS/PASEP cobrança não-cumulativa").
  PIS: { LUCRO_PRESUMIDO: '8109', LUCRO_REAL: '6912' },
  // COFINS cumulative (LP): 2172; non-cumulative (LR): 5856 (Lefisc; codigoscontabeis.com.br "DARF 5856").
  COFINS: { LUCRO_PRESUMIDO: '2172', LUCRO_REAL: '5856' },
  // Receita Federal, DCTF code tables: IRPJ 2089/01 "IRPJ - Lucro Presumido" (quarterly).
  IRPJ: { LUCRO_PRESUMIDO: '2089' },
  // Receita Federal, DCTF code tables: CSLL 2372/01 "Lucro Presumido ou Arbitrado"; 6012/01 "Lucro Real -
  // Entidade não financeira - Apuração Trimestral" (a financial entity would use 2030).
  CSLL: { LUCRO_PRESUMIDO: '2372', LUCRO_REAL: '6012' },
};

export function codigoReceita(tributo: Tributo, regime: Regime): string | null {
  return CODIGOS_RECEITA[tributo]?.[regime] ?? null;
}

/** A line the company pays on its own: not informative, computable, above zero. */
export function ehPagavel(linha: LinhaSimulacao): boolean {
  return !linha.informativo && !linha.naoCalculavel && linha.valorCentavos > 0;
}

/**
 * How a simulation's line makes up its period's title. `SOMA`: the line is this operation's share of the period
 * (monthly taxes, the DAS, the Lucro Presumido's quarterly IRPJ/CSLL, which carry the running quarter base), so the
 * title is the sum of the simulations provisioned. `TOTAL`: the line is already the whole period's (the Lucro Real's
 * IRPJ/CSLL, computed on the quarter's profit), so the title is the figure of the newest simulation.
 */
export type Composicao = 'SOMA' | 'TOTAL';

/** One simulation's line, bound for its period's title. */
export interface Lancamento {
  tituloId: string;
  tributo: Tributo;
  periodo: string;
  competencia: string;
  composicao: Composicao;
  /** The line's value: its share (SOMA) or the period's figure (TOTAL). */
  valorCentavos: number;
  vencimento: string;
  credor: Credor;
  codigoReceita: string | null;
}

const TRIMESTRAIS: ReadonlySet<Tributo> = new Set(['IRPJ', 'CSLL']);
const POR_OPERACAO: ReadonlySet<Tributo> = new Set(['ICMS_UF_DEST', 'FCP_UF_DEST']);

/**
 * The period of assessment of a tax for an operation of `dataIso`: the quarter of IRPJ and CSLL (`2026-T2`), the
 * operation itself for the DIFAL, paid per operation (`2026-05-14`), the month otherwise (`2026-05`); and the
 * month that closes it (`competencia`).
 */
export function periodoDe(tributo: Tributo, dataIso: string): { periodo: string; competencia: string } {
  const ano = dataIso.slice(0, 4);
  const mes = Number(dataIso.slice(5, 7));
  if (TRIMESTRAIS.has(tributo)) {
    const trimestre = Math.ceil(mes / 3);
    return { periodo: `${ano}-T${trimestre}`, competencia: `${ano}-${String(trimestre * 3).padStart(2, '0')}` };
  }
  if (POR_OPERACAO.has(tributo)) return { periodo: dataIso, competencia: dataIso.slice(0, 7) };
  return { periodo: dataIso.slice(0, 7), competencia: dataIso.slice(0, 7) };
}

/**
 * The title a line lands on: the company, the tax and the period (`acme:ICMS:2026-05`); a per-operation tax also
 * names the simulation, so each operation's DIFAL is its own title.
 */
export function tituloIdDe(companyId: string, tributo: Tributo, periodo: string, simulacaoId: string): string {
  const base = `${companyId}:${tributo}:${periodo}`;
  return POR_OPERACAO.has(tributo) ? `${base}:${simulacaoId}` : base;
}

/**
 * The lines of a kept simulation that go to payable titles: each payable line with a due date, plus, for a
 * whole-period line (`TOTAL`), a computable zero (a newer figure of the quarter that owes nothing restates the
 * title). A line kept without a due date (the CBS, IBS and IS from 2027, whose payment dates are not regulated,
 * when the company had set no date of its own) takes the date the company's current rule (`regrasAtuais`) gives, if
 * there is one; the rest cannot become titles yet.
 */
export function lancamentosDaSimulacao(
  companyId: string,
  simulacaoId: string,
  resultado: ResultadoSimulacao,
  regrasAtuais: OpcoesSimulacao['vencimentos'] = null,
): Lancamento[] {
  return resultado.linhas.flatMap((linha) => {
    const composicao: Composicao = resultado.regime === 'LUCRO_REAL' && TRIMESTRAIS.has(linha.tributo) ? 'TOTAL' : 'SOMA';
    const entra = ehPagavel(linha) || (composicao === 'TOTAL' && !linha.informativo && !linha.naoCalculavel);
    const vencimento = linha.vencimento ?? vencimentoPelaRegraAtual(linha.tributo, resultado.dataOperacao, regrasAtuais)?.data ?? null;
    if (!entra || vencimento === null) return [];
    const { periodo, competencia } = periodoDe(linha.tributo, resultado.dataOperacao);
    return [
      {
        tituloId: tituloIdDe(companyId, linha.tributo, periodo, simulacaoId),
        tributo: linha.tributo,
        periodo,
        competencia,
        composicao,
        valorCentavos: linha.valorCentavos,
        vencimento,
        credor: CREDOR_POR_TRIBUTO[linha.tributo],
        codigoReceita: codigoReceita(linha.tributo, resultado.regime),
      },
    ];
  });
}

/** The payable lines of a simulation that were kept without a due date, by tax. */
export function semVencimento(resultado: ResultadoSimulacao): Tributo[] {
  return resultado.linhas.filter((linha) => ehPagavel(linha) && linha.vencimento === null).map((linha) => linha.tributo);
}

/** What is still not a title for want of a due date: the payable lines kept without one and not titled since. */
export function pendentesDeVencimento(resultado: ResultadoSimulacao, titulados: readonly Tributo[]): Tributo[] {
  return semVencimento(resultado).filter((tributo) => !titulados.includes(tributo));
}
