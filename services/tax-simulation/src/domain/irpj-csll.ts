import { type Apuracao, componente } from './apuracao';
import { textoPercentual, textoReais } from './text';
import { ACRESCIMO_LC224_CSLL, ACRESCIMO_LC224_IRPJ, PRESUNCOES, type AcrescimoPresuncao } from './data/lucro-presumido';
import { CSLL, IRPJ, IRPJ_ADICIONAL } from './data/tributos-federais';
import { trimestreDe } from './dates';
import { aplicar, arredondar, fracao, multiplicar, somar, type Fracao } from './fraction';
import { type ComponenteLinha } from './types';
import { emVigor, vigenteObrigatorio } from './validity';

/** The part of [antes, antes + agora] above the limit. */
function acimaDe(limite: number, antes: number, agora: number): number {
  return Math.max(0, antes + agora - limite) - Math.max(0, antes - limite);
}

/**
 * The part of this document's revenue above the LC 224/2025 limit. The room left before it is the quarterly
 * room accumulated up to its quarter (R$ 1.25 million x quarter number) less the revenue of the year that used
 * room (all of it but the part already surcharged, `excedenteAnterior`), so room left unused carries forward and
 * a quarter that went over does not eat the next one's; and never more than what is left of the R$ 5 million of
 * the year, so once the year passed it every real is surcharged. With nothing surcharged before, this is the
 * revenue above R$ 1.25 million x quarter number.
 */
function excedenteLc224(limites: AcrescimoPresuncao, valor: number, receitaAnterior: number, excedenteAnterior: number, mes: number): number {
  const folgaTrimestral = limites.limiteTrimestralCentavos * trimestreDe(mes) - (receitaAnterior - excedenteAnterior);
  const folga = Math.max(0, Math.min(folgaTrimestral, limites.limiteAnualCentavos - receitaAnterior));
  return Math.max(0, valor - folga);
}

/**
 * The presumed profit of this document: revenue x presumption, except that LC 224/2025 multiplies the
 * presumption by 1.10 on the part of it above the limit (`excedenteLc224`). Rounded half up once, as the base is
 * a figure of the IRPJ/CSLL return.
 */
function basePresumida(valor: number, presuncao: Fracao, acrescimo: AcrescimoPresuncao | undefined, excedente: number): { base: number; excedente: number } {
  if (!acrescimo) return { base: aplicar(valor, presuncao), excedente: 0 };
  const exata = somar(
    multiplicar(fracao(BigInt(valor - excedente)), presuncao),
    multiplicar(fracao(BigInt(excedente)), multiplicar(presuncao, acrescimo.fator)),
  );
  return { base: arredondar(exata), excedente };
}

/**
 * IRPJ 15% on a base plus 10% on the part of the quarter's base above R$ 60,000 that this base adds; each
 * part rounded on its own, as the return declares them apart.
 */
function irpjComAdicional(base: number, baseAnterior: number, dataIso: string): { valor: number; componentes: ComponenteLinha[] | undefined; fonte: string } {
  const normal = vigenteObrigatorio(IRPJ, dataIso);
  const adicional = vigenteObrigatorio(IRPJ_ADICIONAL, dataIso);
  const imposto = aplicar(base, normal.aliquota);
  const excedente = acimaDe(adicional.limiteTrimestralCentavos, baseAnterior, base);
  const valorAdicional = aplicar(excedente, adicional.aliquota);
  return {
    valor: imposto + valorAdicional,
    componentes:
      valorAdicional > 0
        ? [
            componente('IRPJ 15%', base, normal.aliquota, imposto),
            componente('Adicional de 10% sobre a parte acima de R$ 60.000 no trimestre', excedente, adicional.aliquota, valorAdicional),
          ]
        : undefined,
    fonte: `${normal.fonte}; adicional: ${adicional.fonte}`,
  };
}

function textoAcrescimo(excedente: number, acrescimo: AcrescimoPresuncao | undefined): string {
  if (excedente === 0 || !acrescimo) return '';
  return (
    `; presunção × 1,10 sobre ${textoReais(excedente)} de receita acima do limite de ${textoReais(acrescimo.limiteTrimestralCentavos)} ` +
    `por trimestre (folga não usada passa aos trimestres seguintes) e ${textoReais(acrescimo.limiteAnualCentavos)} no ano (${acrescimo.fonte})`
  );
}

/**
 * Lucro Presumido IRPJ and CSLL of this document, on the presumed base of its `atividade`; the additional
 * counts the base already accumulated in the quarter (`baseAcumuladaTrimestre`), so a document shows the
 * additional it adds. Due quarterly.
 */
export function apurarLucroPresumido(a: Apuracao): void {
  const e = a.entrada;
  const presuncao = vigenteObrigatorio(PRESUNCOES[e.atividade], e.dataIso);
  const acrescimoIrpj = emVigor(ACRESCIMO_LC224_IRPJ, e.dataIso);
  const acrescimoCsll = emVigor(ACRESCIMO_LC224_CSLL, e.dataIso);

  // The revenue above the limit is a fact of the revenue, the same for both taxes (the CSLL surcharge starts later).
  const excedente = acrescimoIrpj ? excedenteLc224(acrescimoIrpj, e.valorCentavos, e.receitaAcumuladaAnoCentavos, e.receitaExcedenteAnoCentavos, e.mes) : 0;
  const irpjBase = basePresumida(e.valorCentavos, presuncao.irpj, acrescimoIrpj, excedente);
  const irpj = irpjComAdicional(irpjBase.base, e.baseAcumuladaTrimestreCentavos, e.dataIso);
  a.adicionar({
    tributo: 'IRPJ',
    baseCentavos: irpjBase.base,
    aliquota: vigenteObrigatorio(IRPJ, e.dataIso).aliquota,
    valorCentavos: irpj.valor,
    fundamento:
      `IRPJ no lucro presumido (${e.atividade}: ${presuncao.descricao}), presunção de ${textoPercentual(presuncao.irpj)} da receita ` +
      `(${presuncao.fonte})${textoAcrescimo(irpjBase.excedente, acrescimoIrpj)}; ${irpj.fonte}; apuração trimestral (Lei 9.430/1996 art. 1º).`,
    componentes: irpj.componentes,
  });

  a.acumulados = {
    baseTrimestreCentavos: e.baseAcumuladaTrimestreCentavos + irpjBase.base,
    receitaAnoCentavos: e.receitaAcumuladaAnoCentavos + e.valorCentavos,
    receitaExcedenteAnoCentavos: e.receitaExcedenteAnoCentavos + excedente,
  };

  const csll = vigenteObrigatorio(CSLL, e.dataIso);
  const csllBase = basePresumida(e.valorCentavos, presuncao.csll, acrescimoCsll, excedente);
  a.adicionar({
    tributo: 'CSLL',
    baseCentavos: csllBase.base,
    aliquota: csll.aliquota,
    valorCentavos: aplicar(csllBase.base, csll.aliquota),
    fundamento:
      `CSLL no lucro presumido, presunção de ${textoPercentual(presuncao.csll)} da receita (${presuncao.fonte})` +
      `${textoAcrescimo(csllBase.excedente, acrescimoCsll)}; ${csll.fonte}.`,
  });
}

/**
 * Lucro Real IRPJ and CSLL on the quarter's adjusted profit (`lucroRealTrimestre`). Without it the lines
 * are shown as not computable: the real profit cannot be derived from one document.
 */
export function apurarLucroReal(a: Apuracao): void {
  const e = a.entrada;
  const irpjAliquota = vigenteObrigatorio(IRPJ, e.dataIso);
  const csll = vigenteObrigatorio(CSLL, e.dataIso);
  if (e.lucroRealTrimestreCentavos === null) {
    const motivo = 'O lucro real do trimestre não foi informado (lucroRealTrimestre); ele não se deduz de um documento.';
    a.naoCalculavel('IRPJ', irpjAliquota.aliquota, `IRPJ no lucro real: 15% mais adicional de 10% sobre o lucro ajustado do trimestre (${irpjAliquota.fonte}).`, motivo);
    a.naoCalculavel('CSLL', csll.aliquota, `CSLL no lucro real: 9% sobre o lucro ajustado do trimestre (${csll.fonte}).`, motivo);
    return;
  }
  const lucro = Math.max(0, e.lucroRealTrimestreCentavos);
  if (e.lucroRealTrimestreCentavos < 0) a.aviso('Lucro real: o trimestre tem prejuízo; não há IRPJ nem CSLL a pagar.');
  const irpj = irpjComAdicional(lucro, 0, e.dataIso);
  a.adicionar({
    tributo: 'IRPJ',
    baseCentavos: lucro,
    aliquota: irpjAliquota.aliquota,
    valorCentavos: irpj.valor,
    fundamento: `IRPJ no lucro real trimestral, sobre o lucro informado do trimestre inteiro (não só deste documento); ${irpj.fonte}.`,
    componentes: irpj.componentes,
  });
  a.adicionar({
    tributo: 'CSLL',
    baseCentavos: lucro,
    aliquota: csll.aliquota,
    valorCentavos: aplicar(lucro, csll.aliquota),
    fundamento: `CSLL no lucro real trimestral, sobre o lucro informado do trimestre inteiro; ${csll.fonte}.`,
  });
}
