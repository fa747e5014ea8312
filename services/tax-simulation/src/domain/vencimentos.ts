import { VENCIMENTO_DIFAL } from './data/difal';
import { NCM_CIGARROS, REGRAS_VENCIMENTO, type Ajuste, type RegraVencimento } from './data/vencimentos';
import { antecipar, prorrogar, ultimoDiaUtilDoMes } from './calendar';
import { diaDe, diasNoMes, lerIso, mesSeguinte, paraIso, trimestreDe } from './dates';
import { type ChaveVencimentoLocal, type EntradaNormalizada, type RegraLocal } from './input';
import { type OpcoesSimulacao, type Tributo } from './types';
import { emVigor } from './validity';

export interface Vencimento {
  /** `YYYY-MM-DD`, or null when no rule applies. */
  readonly data: string | null;
  readonly fonte: string;
}

/**
 * Day `dia` of the month after (ano, mes), moved to a business day. A day past the end of a short month
 * (31 in April) means that month's last day, which is what a "day 31" rule can only mean there.
 */
export function vencimentoMensal(ano: number, mes: number, dia: number, ajuste: Ajuste): string {
  const seguinte = mesSeguinte(ano, mes);
  const d = diaDe(seguinte.ano, seguinte.mes, Math.min(dia, diasNoMes(seguinte.ano, seguinte.mes)));
  return paraIso(ajuste === 'PRORROGAR' ? prorrogar(d) : antecipar(d));
}

/** Last business day of the month after the end of the quarter holding (ano, mes). */
export function vencimentoTrimestral(ano: number, mes: number): string {
  const fimDoTrimestre = trimestreDe(mes) * 3;
  const seguinte = mesSeguinte(ano, fimDoTrimestre);
  return paraIso(ultimoDiaUtilDoMes(seguinte.ano, seguinte.mes));
}

function aplicarRegra(regra: RegraVencimento, e: EntradaNormalizada): Vencimento {
  const data = regra.tipo === 'MENSAL' ? vencimentoMensal(e.ano, e.mes, regra.dia, regra.ajuste) : vencimentoTrimestral(e.ano, e.mes);
  return { data, fonte: regra.fonte };
}

function regraDaLei(lista: readonly RegraVencimento[], e: EntradaNormalizada): Vencimento {
  const regra = emVigor(lista, e.dataIso);
  return regra ? aplicarRegra(regra, e) : { data: null, fonte: 'sem regra de vencimento em vigor na data' };
}

function regraDaEmpresa(regra: RegraLocal, ano: number, mes: number): Vencimento {
  const verbo = regra.ajuste === 'PRORROGAR' ? 'prorrogado' : 'antecipado';
  return {
    data: vencimentoMensal(ano, mes, regra.dia, regra.ajuste),
    fonte: `prazo configurado pela empresa: dia ${regra.dia} do mês seguinte, ${verbo} se não for dia útil`,
  };
}

function regraLocal(chave: ChaveVencimentoLocal, e: EntradaNormalizada): Vencimento | null {
  const propria = e.vencimentos[chave];
  return propria ? regraDaEmpresa(propria, e.ano, e.mes) : null;
}

/** The taxes whose due date only the company's own rule gives (none found in force), by their settings key. */
const SO_REGRA_DA_EMPRESA: Partial<Record<Tributo, ChaveVencimentoLocal>> = { CBS: 'CBS', IBS_UF: 'IBS', IBS_MUN: 'IBS', IS: 'IS' };

/**
 * The due date the company's current rule gives a line kept without one (the CBS, IBS and IS from 2027, when
 * the company had no rule yet), for an operation of `dataIso`; null when the company still has none. The
 * rules come from the fiscal settings, already validated by their contract (day 1..31, PRORROGAR|ANTECIPAR).
 */
export function vencimentoPelaRegraAtual(tributo: Tributo, dataIso: string, regras: OpcoesSimulacao['vencimentos']): Vencimento | null {
  const chave = SO_REGRA_DA_EMPRESA[tributo];
  const regra = chave ? regras?.[chave] : null;
  const data = lerIso(dataIso);
  return regra && data ? regraDaEmpresa(regra, data.ano, data.mes) : null;
}

const SEM_PRAZO: Vencimento = {
  data: null,
  fonte: 'prazo de recolhimento não encontrado em norma vigente; configure-o nas opções da empresa',
};

/** The due date of a tax line for an operation, by the rules in force on the operation's date. */
export function vencimentoDe(tributo: Tributo, e: EntradaNormalizada): Vencimento {
  switch (tributo) {
    case 'DAS':
      return regraDaLei(REGRAS_VENCIMENTO.DAS, e);
    case 'PIS':
    case 'COFINS':
      return regraDaLei(REGRAS_VENCIMENTO.PIS_COFINS, e);
    case 'IPI':
      return regraDaLei(e.ncm === NCM_CIGARROS ? REGRAS_VENCIMENTO.IPI_CIGARROS : REGRAS_VENCIMENTO.IPI, e);
    case 'IRPJ':
      return regraDaLei(REGRAS_VENCIMENTO.IRPJ, e);
    case 'CSLL':
      return regraDaLei(REGRAS_VENCIMENTO.CSLL, e);
    case 'ICMS':
      return regraLocal('ICMS', e) ?? regraDaLei(REGRAS_VENCIMENTO.ICMS, e);
    case 'ICMS_UF_DEST':
    case 'FCP_UF_DEST':
      // Paid per operation, before the goods leave.
      return { data: e.dataIso, fonte: VENCIMENTO_DIFAL };
    case 'ISS':
      return regraLocal('ISS', e) ?? regraDaLei(REGRAS_VENCIMENTO.ISS, e);
    case 'CBS':
      return regraLocal('CBS', e) ?? SEM_PRAZO;
    case 'IBS_UF':
    case 'IBS_MUN':
      return regraLocal('IBS', e) ?? SEM_PRAZO;
    case 'IS':
      return regraLocal('IS', e) ?? SEM_PRAZO;
  }
}
