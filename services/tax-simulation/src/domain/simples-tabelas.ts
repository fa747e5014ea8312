import { aliquotaPublica } from './apuracao';
import { type FaixaSimples, type TabelaAnexo } from './data/simples-nacional';
import { aplicar, comparar, fracao, multiplicar, subtrair, type Fracao } from './fraction';
import { type ParcelaDas, type TributoPartilha } from './types';

export interface Parte {
  readonly tributo: TributoPartilha;
  /** This tax's rate on the operation value. */
  readonly fracao: Fracao;
}

/** The band of an RBT12 (exact centavos: in the first year it is an average); above the last band, the last one. */
export function faixaDe(tabela: TabelaAnexo, rbt12: Fracao): FaixaSimples {
  return tabela.faixas.find((f) => rbt12.n <= BigInt(f.limiteCentavos) * rbt12.d) ?? tabela.faixas[tabela.faixas.length - 1];
}

/**
 * Effective rate = (RBT12 x nominal - deduction) / RBT12 (LC 123 art. 18 §1º-A), kept as an exact fraction. In the
 * first band the deduction is zero and the rate is the nominal one (an RBT12 of zero only reaches here for a company
 * with no revenue in its last twelve months, the start of activity having its own rule).
 */
export function aliquotaEfetiva(faixa: FaixaSimples, rbt12: Fracao): Fracao {
  if (faixa.parcelaDeduzirCentavos === 0 || rbt12.n === 0n) return faixa.aliquotaNominal;
  const { n, d } = faixa.aliquotaNominal;
  // (R x n/d - P) / R with R = rbt12.n / rbt12.d: (rbt12.n x n - P x d x rbt12.d) / (rbt12.n x d).
  return fracao(rbt12.n * n - BigInt(faixa.parcelaDeduzirCentavos) * d * rbt12.d, rbt12.n * d);
}

/**
 * Each tax's rate on revenue inside the DAS: effective rate x its split percentage, with the band-5 ISS
 * cap of annexes III and IV (ISS at most 5%, the excess spread over the federal taxes by the annex's
 * redistribution percentages).
 */
export function partesDaAliquota(tabela: TabelaAnexo, faixa: FaixaSimples, efetiva: Fracao): Parte[] {
  const partes = faixa.partilha.map((p) => ({ tributo: p.tributo, fracao: multiplicar(efetiva, p.percentual) }));
  const teto = tabela.tetoIss;
  const iss = partes.find((p) => p.tributo === 'ISS');
  if (!teto || teto.faixa !== faixa.faixa || !iss || comparar(iss.fracao, teto.teto) <= 0) return partes;
  const resto = subtrair(efetiva, teto.teto);
  return [
    ...teto.redistribuicao.map((p) => ({ tributo: p.tributo, fracao: multiplicar(resto, p.percentual) })),
    { tributo: 'ISS' as const, fracao: teto.teto },
  ];
}

/**
 * The DAS split in centavos: each part rounded half up on its own, and the difference to the DAS (never
 * more than half a centavo per part) added to the part with the largest rate (the first one on a tie).
 * The largest part (most often the CPP) is the one least affected in relative terms, and a fixed rule
 * lets an accountant redo every other part by hand.
 */
export function repartir(valorCentavos: number, dasCentavos: number, partes: readonly Parte[]): ParcelaDas[] {
  const parcelas: ParcelaDas[] = partes.map((p) => ({ tributo: p.tributo, aliquota: aliquotaPublica(p.fracao), valorCentavos: aplicar(valorCentavos, p.fracao) }));
  const residuo = dasCentavos - parcelas.reduce((soma, p) => soma + p.valorCentavos, 0);
  if (residuo !== 0 && parcelas.length > 0) {
    let maior = 0;
    for (let i = 1; i < partes.length; i++) if (comparar(partes[i].fracao, partes[maior].fracao) > 0) maior = i;
    parcelas[maior] = { ...parcelas[maior], valorCentavos: parcelas[maior].valorCentavos + residuo, residuoCentavos: residuo };
  }
  return parcelas;
}

export const FONTE_DAS = 'DAS do Simples Nacional (LC 123/2006 arts. 13 e 18)';
export const FONTE_ISS_RETIDO = 'LC 123/2006 art. 21 §4º, redação da LC 155/2016';

/** Shares that leave this operation's DAS, and why each (the law's segregation of revenues). */
export interface ForaDoDas {
  readonly tributos: ReadonlySet<TributoPartilha>;
  readonly textos: readonly string[];
}


/** Shares that leave this operation's DAS, and why each (the law's segregation of revenues). */
export interface ForaDoDas {
  readonly tributos: ReadonlySet<TributoPartilha>;
  readonly textos: readonly string[];
}
