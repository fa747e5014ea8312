import { componente } from './apuracao';
import { AJUSTE_ANUAL_LC224, type AcrescimoPresuncao, type AjusteAnualLc224 } from './data/lucro-presumido';
import { trimestreDe } from './dates';
import { aplicar, arredondar, fracao, multiplicar, subtrair, type Fracao } from './fraction';
import { type EntradaNormalizada } from './input';
import { type ComponenteLinha } from './types';
import { emVigor } from './validity';

/** The part of [antes, antes + agora] above the limit. */
export function acimaDe(limite: number, antes: number, agora: number): number {
  return Math.max(0, antes + agora - limite) - Math.max(0, antes - limite);
}

export interface ExcessoLc224 {
  /** This document's revenue that takes the surcharge. */
  readonly excedente: number;
  /** In the year-end quarter: revenue surcharged earlier in the year that the year's total does not justify. */
  readonly sobreAcrescido: number;
  readonly ajuste: AjusteAnualLc224 | undefined;
}

/**
 * The revenue of this document above the LC 224/2025 limit. In the quarters before the year-end one, the room left
 * before it is the quarterly room accumulated up to its quarter (R$ 1.25 million x quarter number) less the revenue
 * of the year that used room (all of it but the part already surcharged), so room left unused carries forward and a
 * quarter that went over does not eat the next one's; and never more than what is left of the R$ 5 million of the
 * year. In the year-end quarter (IN RFB 2.306/2026) the year decides: the revenue surcharged by the end of this
 * document must be what is above R$ 5 million; when the quarters before surcharged more, the difference is
 * `sobreAcrescido`, whose tax is deducted here.
 */
export function excessoLc224(limites: AcrescimoPresuncao, e: EntradaNormalizada): ExcessoLc224 {
  const { valorCentavos: valor, receitaAcumuladaAnoCentavos: receita, receitaExcedenteAnoCentavos: jaAcrescida } = e;
  const ajuste = emVigor(AJUSTE_ANUAL_LC224, e.dataIso);
  if (ajuste && trimestreDe(e.mes) === ajuste.trimestre) {
    const parte = Math.max(0, receita + valor - limites.limiteAnualCentavos) - jaAcrescida;
    return { excedente: Math.max(0, parte), sobreAcrescido: Math.max(0, -parte), ajuste };
  }
  const folgaTrimestral = limites.limiteTrimestralCentavos * trimestreDe(e.mes) - (receita - jaAcrescida);
  const folga = Math.max(0, Math.min(folgaTrimestral, limites.limiteAnualCentavos - receita));
  return { excedente: Math.max(0, valor - folga), sobreAcrescido: 0, ajuste: undefined };
}

/**
 * The tax the earlier quarters paid on `sobreAcrescido`: its extra presumed base (revenue x presumption x 0.10,
 * rounded once) times each rate the quarter applied to it, each rounded on its own, as negative components.
 */
export function deducaoDoAjuste(
  sobreAcrescido: number,
  presuncao: Fracao,
  acrescimo: AcrescimoPresuncao,
  aliquotas: readonly { descricao: string; aliquota: Fracao }[],
): { valor: number; componentes: ComponenteLinha[] } {
  const baseExtra = arredondar(multiplicar(multiplicar(fracao(BigInt(sobreAcrescido)), presuncao), subtrair(acrescimo.fator, fracao(1n))));
  const componentes = aliquotas.map(({ descricao, aliquota }) => componente(`Ajuste anual da LC 224/2025: ${descricao}`, baseExtra, aliquota, -aplicar(baseExtra, aliquota)));
  return { valor: -componentes.reduce((soma, c) => soma + c.valorCentavos, 0), componentes };
}
