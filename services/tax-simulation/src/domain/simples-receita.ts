import { type Apuracao } from './apuracao';
import { INICIO_ATIVIDADE_SIMPLES, LIMITES_SIMPLES, SUBLIMITES_SIMPLES } from './data/simples-nacional';
import { aplicar, fracao, type Fracao } from './fraction';
import { textoPercentual, textoReais } from './text';
import { vigenteObrigatorio } from './validity';

/**
 * The revenue the Simples Nacional rate is read from: the RBT12 (as an exact fraction of centavos, since in the
 * first year it is an average), or null when the operation does not carry what the law needs.
 */
export interface ReceitaDaAliquota {
  readonly rbt12: Fracao;
  /** How it was obtained, for the DAS line's `fundamento`. */
  readonly texto: string;
}

/** Whole months from the start of activity's month to the operation's (0 in the month of start). */
function mesesDeAtividade(a: Apuracao): number | null {
  const { inicioAtividade: inicio, ano, mes } = a.entrada;
  return inicio === null ? null : (ano - inicio.ano) * 12 + (mes - inicio.mes);
}

/**
 * The RBT12 of the rate (`INICIO_ATIVIDADE_SIMPLES`): in the month of start, that month's revenue x 12
 * (`receitaBrutaMes`, else this operation's value, an assumption the result names); in the 11 months after, the
 * average of the months before x 12 (`receitaBruta12Meses` holds their sum); later the RBT12 itself. Without a start
 * date the company is taken to have twelve months or more of activity.
 */
export function receitaDaAliquota(a: Apuracao, rbt12Centavos: number | null): ReceitaDaAliquota | null {
  const e = a.entrada;
  const meses = mesesDeAtividade(a);
  if (meses === 0) {
    if (rbt12Centavos !== null && rbt12Centavos > 0) a.aviso('receitaBruta12Meses: no mês de início de atividade não há meses anteriores; ignorada.');
    const mes = e.receitaBrutaMesCentavos ?? e.valorCentavos;
    if (e.receitaBrutaMesCentavos === null) a.premissa('Mês de início de atividade: a receita do mês é a desta operação (informe receitaBrutaMes se houver outras).');
    return { rbt12: fracao(BigInt(mes) * 12n), texto: `início de atividade em ${e.inicioAtividade!.iso}: RBT12 = receita do mês ${textoReais(mes)} × 12 (${INICIO_ATIVIDADE_SIMPLES.fonte})` };
  }
  if (rbt12Centavos === null) return null;
  if (meses !== null && meses < 12) {
    return {
      rbt12: fracao(BigInt(rbt12Centavos) * 12n, BigInt(meses)),
      texto: `${meses} ${meses === 1 ? 'mês' : 'meses'} de atividade antes deste: RBT12 = ${textoReais(rbt12Centavos)} / ${meses} × 12 (${INICIO_ATIVIDADE_SIMPLES.fonte})`,
    };
  }
  if (meses === null) a.premissa('Simples Nacional: sem inicioAtividade, supõe-se que a empresa tem 12 meses ou mais de atividade (a RBT12 informada é a dos 12 meses anteriores).');
  return { rbt12: fracao(BigInt(rbt12Centavos)), texto: 'RBT12 informada' };
}

/**
 * The calendar year's revenue before this operation (`receitaAcumuladaAno`) against the limits, which the law
 * decides by year, not by RBT12. Returns why the DAS cannot be computed, or null. Above the limit by more than 20%
 * the company is out from the month after the excess; above the sublimit by more than 20%, ICMS and ISS leave the
 * DAS from the month after the excess, a split the engine does not have below band 6. Smaller excesses take effect
 * the next year, which the result notes.
 */
export function limitesDoAno(a: Apuracao, faixa: number): string | null {
  const e = a.entrada;
  const receita = e.receitaAcumuladaAnoCentavos;
  const limite = vigenteObrigatorio(LIMITES_SIMPLES, e.dataIso);
  const sublimite = vigenteObrigatorio(SUBLIMITES_SIMPLES, e.dataIso);
  if (sublimite.premissa) a.premissa(`Sublimite do ICMS e do ISS de ${textoReais(sublimite.sublimiteCentavos)} (${sublimite.fonte}).`);
  if (receita <= Math.min(limite.limiteCentavos, sublimite.sublimiteCentavos)) return null;
  const tolerado = (centavos: number) => centavos + aplicar(centavos, limite.tolerancia);
  if (receita > tolerado(limite.limiteCentavos)) {
    return (
      `A receita do ano antes desta operação (${textoReais(receita)}) passa do limite de ${textoReais(limite.limiteCentavos)} em mais de ${textoPercentual(limite.tolerancia)}: ` +
      `a empresa está excluída do Simples Nacional a partir do mês seguinte ao do excesso (${limite.fonte}); se o excesso foi neste mês, informe em receitaAcumuladaAno só a receita até o mês anterior.`
    );
  }
  if (receita > limite.limiteCentavos) {
    a.aviso(`A receita do ano passou de ${textoReais(limite.limiteCentavos)} em até ${textoPercentual(limite.tolerancia)}: exclusão do Simples Nacional a partir de 1º de janeiro seguinte (${limite.fonte}).`);
  }
  if (faixa < 6 && receita > tolerado(sublimite.sublimiteCentavos)) {
    return (
      `A receita do ano (${textoReais(receita)}) passa do sublimite de ${textoReais(sublimite.sublimiteCentavos)} em mais de ${textoPercentual(limite.tolerancia)}: ` +
      `ICMS e ISS saem do DAS a partir do mês seguinte ao do excesso (LC 123/2006 arts. 13-A e 20), e a partilha desse DAS abaixo da faixa 6 não está embutida.`
    );
  }
  if (receita > sublimite.sublimiteCentavos) {
    a.aviso(`A receita do ano passou do sublimite de ${textoReais(sublimite.sublimiteCentavos)}: ICMS e ISS fora do DAS a partir de 1º de janeiro seguinte (LC 123/2006 arts. 13-A e 20).`);
  }
  return null;
}

/** A Fracao of centavos compared with integer centavos, for the band lookup. */
export function ateLimite(receita: Fracao, limiteCentavos: number): boolean {
  return receita.n <= BigInt(limiteCentavos) * receita.d;
}
