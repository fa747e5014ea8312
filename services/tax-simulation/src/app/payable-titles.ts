import type { ContaPagarSolicitada, Credor } from '@erp/contracts';
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

export type TituloCalculado = Omit<ContaPagarSolicitada, 'companyId' | 'solicitadoEm'>;

/**
 * The payable titles of a kept simulation: one per payable line with a due date. A line kept without one (the
 * CBS, IBS and IS from 2027, whose payment dates are not regulated, when the company had set no date of its own)
 * takes the date the company's current rule (`regrasAtuais`, its fiscal settings now) gives, if there is one;
 * the rest cannot become titles yet. The ids are deterministic (`${simulacaoId}:${tributo}`), so every
 * provisioning of the same simulation asks for the same titles, and a later one only adds the lines that got a
 * date meanwhile.
 */
export function titulosDaSimulacao(
  simulacaoId: string,
  resultado: ResultadoSimulacao,
  regrasAtuais: OpcoesSimulacao['vencimentos'] = null,
): TituloCalculado[] {
  const competencia = resultado.dataOperacao.slice(0, 7);
  return resultado.linhas.filter(ehPagavel).flatMap((linha) => {
    const vencimento = linha.vencimento ?? vencimentoPelaRegraAtual(linha.tributo, resultado.dataOperacao, regrasAtuais)?.data ?? null;
    if (vencimento === null) return [];
    return [
      {
        tituloId: `${simulacaoId}:${linha.tributo}`,
        simulacaoId,
        tributo: linha.tributo,
        valorCentavos: linha.valorCentavos,
        vencimento,
        competencia,
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
