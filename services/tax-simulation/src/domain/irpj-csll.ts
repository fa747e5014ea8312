import { type Apuracao, componente } from './apuracao';
import { textoPercentual, textoReais } from './text';
import { ACRESCIMO_LC224_CSLL, ACRESCIMO_LC224_IRPJ, PRESUNCOES, type AcrescimoPresuncao } from './data/lucro-presumido';
import { CSLL, IRPJ, IRPJ_ADICIONAL } from './data/tributos-federais';
import { acimaDe, deducaoDoAjuste, excessoLc224 } from './ajuste-lc224';
import { aplicar, arredondar, fracao, multiplicar, somar, type Fracao } from './fraction';
import { type ComponenteLinha } from './types';
import { emVigor, vigenteObrigatorio } from './validity';

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
  const excesso = acrescimoIrpj ? excessoLc224(acrescimoIrpj, e) : { excedente: 0, sobreAcrescido: 0, ajuste: undefined };
  const { excedente, sobreAcrescido } = excesso;
  const irpjBase = basePresumida(e.valorCentavos, presuncao.irpj, acrescimoIrpj, excedente);
  const irpj = irpjComAdicional(irpjBase.base, e.baseAcumuladaTrimestreCentavos, e.dataIso);
  const irpjAliquota = vigenteObrigatorio(IRPJ, e.dataIso);
  const fundamentoIrpj =
    `IRPJ no lucro presumido (${presuncao.descricao}), presunção de ${textoPercentual(presuncao.irpj)} da receita ` +
    `(${presuncao.fonte})${textoAcrescimo(irpjBase.excedente, acrescimoIrpj)}; ${irpj.fonte}; apuração trimestral (Lei 9.430/1996 art. 1º)`;
  const textoAjuste = excesso.ajuste
    ? `; ajuste anual: ${textoReais(sobreAcrescido)} de receita acrescida nos trimestres anteriores sem que o ano passe de ${textoReais(acrescimoIrpj!.limiteAnualCentavos)}, imposto deduzido aqui (${excesso.ajuste.fonte})`
    : '';
  const adicional = vigenteObrigatorio(IRPJ_ADICIONAL, e.dataIso);
  // A quarter that took the surcharge had more than its R$ 1.25 million of room; at presumptions of 4.8% or more that
  // is a base above R$ 60,000, so the additional fell on the surcharge. At 1.6% it may not have: unknown.
  const adicionalIncerto =
    acrescimoIrpj !== undefined && aplicar(acrescimoIrpj.limiteTrimestralCentavos, presuncao.irpj) < adicional.limiteTrimestralCentavos;
  if (sobreAcrescido > 0 && adicionalIncerto) {
    a.naoCalculavel('IRPJ', irpjAliquota.aliquota, `${fundamentoIrpj}${textoAjuste}.`, 'O ajuste anual deduz o IRPJ pago a mais nos trimestres anteriores, com ou sem o adicional de 10% conforme a base de cada um, que a entrada não traz nesta presunção.');
  } else {
    const deducao = sobreAcrescido > 0 && acrescimoIrpj
      ? deducaoDoAjuste(sobreAcrescido, presuncao.irpj, acrescimoIrpj, [
          { descricao: 'IRPJ 15%', aliquota: irpjAliquota.aliquota },
          { descricao: 'adicional de 10%', aliquota: adicional.aliquota },
        ])
      : null;
    if (deducao) a.premissa('Ajuste anual da LC 224: a receita acrescida nos trimestres anteriores é da mesma atividade e sofreu o adicional de 10% do IRPJ (base do trimestre acima de R$ 60.000).');
    adicionarComDeducao(a, 'IRPJ', irpjBase.base, irpjAliquota.aliquota, irpj.valor, irpj.componentes, deducao, `${fundamentoIrpj}${textoAjuste}.`);
  }

  a.acumulados = {
    baseTrimestreCentavos: e.baseAcumuladaTrimestreCentavos + irpjBase.base,
    receitaAnoCentavos: e.receitaAcumuladaAnoCentavos + e.valorCentavos,
    receitaExcedenteAnoCentavos: e.receitaExcedenteAnoCentavos + excedente - sobreAcrescido,
  };

  const csll = vigenteObrigatorio(CSLL, e.dataIso);
  const csllBase = basePresumida(e.valorCentavos, presuncao.csll, acrescimoCsll, excedente);
  const fundamentoCsll =
    `CSLL no lucro presumido, presunção de ${textoPercentual(presuncao.csll)} da receita (${presuncao.fonte})` +
    `${textoAcrescimo(csllBase.excedente, acrescimoCsll)}; ${csll.fonte}${textoAjuste}.`;
  if (sobreAcrescido > 0 && acrescimoCsll && e.ano === 2026) {
    a.naoCalculavel('CSLL', csll.aliquota, fundamentoCsll, 'Em 2026 a receita acrescida no 1º trimestre não teve o acréscimo da CSLL (só a partir do 2º), e receitaExcedenteAno não separa os trimestres: a CSLL a deduzir no ajuste anual não se determina.');
    return;
  }
  const deducaoCsll = sobreAcrescido > 0 && acrescimoCsll ? deducaoDoAjuste(sobreAcrescido, presuncao.csll, acrescimoCsll, [{ descricao: 'CSLL 9%', aliquota: csll.aliquota }]) : null;
  adicionarComDeducao(a, 'CSLL', csllBase.base, csll.aliquota, aplicar(csllBase.base, csll.aliquota), undefined, deducaoCsll, fundamentoCsll);
}

/**
 * A Lucro Presumido line, less the year-end deduction when there is one (floored at zero: a larger deduction is
 * refunded or offset, with Selic, IN RFB 2.306/2026).
 */
function adicionarComDeducao(
  a: Apuracao,
  tributo: 'IRPJ' | 'CSLL',
  base: number,
  aliquota: Fracao,
  valor: number,
  componentes: ComponenteLinha[] | undefined,
  deducao: { valor: number; componentes: ComponenteLinha[] } | null,
  fundamento: string,
): void {
  if (deducao && deducao.valor > valor) {
    a.aviso(`${tributo}: o ajuste anual da LC 224 (${textoReais(deducao.valor)}) supera o imposto deste documento; o saldo é restituído ou compensado, com Selic.`);
  }
  const proprios = componentes ?? (deducao ? [componente(`${tributo} do documento`, base, aliquota, valor)] : undefined);
  a.adicionar({
    tributo,
    baseCentavos: base,
    aliquota,
    valorCentavos: Math.max(0, valor - (deducao?.valor ?? 0)),
    fundamento,
    componentes: deducao ? [...(proprios ?? []), ...deducao.componentes] : proprios,
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
