import { type Fracao, percentual } from '../fraction';
import { type AnexoSimples, type TributoPartilha } from '../types';
import { type Vigente } from '../validity';

/**
 * Simples Nacional annexes I to V of LC 123/2006 as worded by LC 155/2016 (in force since 01/01/2018):
 * the six bands of 12-month gross revenue (RBT12), the nominal rate and the deduction of each band, and the
 * split of the effective rate among the taxes the DAS carries. Read from reproductions of the official
 * annexes (econeteditora, liracontabilidade, ceribellicontabilidade, condororg, legisweb); every band's
 * split adds up to 100%, which the unit tests check.
 */
export interface ParteDaPartilha {
  readonly tributo: TributoPartilha;
  readonly percentual: Fracao;
}

export interface FaixaSimples {
  readonly faixa: number;
  /** Upper bound of the band's RBT12, inclusive. */
  readonly limiteCentavos: number;
  readonly aliquotaNominal: Fracao;
  readonly parcelaDeduzirCentavos: number;
  readonly partilha: readonly ParteDaPartilha[];
}

/**
 * Band 5 of annexes III and IV: the ISS part of the effective rate is capped at 5% of revenue and the excess
 * goes to the federal taxes in these proportions (footnote (*) of each annex).
 */
export interface TetoIss {
  readonly faixa: number;
  readonly teto: Fracao;
  readonly redistribuicao: readonly ParteDaPartilha[];
}

export interface TabelaAnexo extends Vigente {
  readonly anexo: AnexoSimples;
  readonly descricao: string;
  readonly faixas: readonly FaixaSimples[];
  readonly tetoIss: TetoIss | null;
}

type Linha = readonly [faixa: number, limiteReais: number, nominal: string, deduzirReais: number, ...partes: string[]];

function tabela(
  anexo: AnexoSimples,
  descricao: string,
  tributos: readonly TributoPartilha[],
  linhas: readonly Linha[],
  tetoIss: TetoIss | null = null,
): TabelaAnexo {
  const faixas = linhas.map(([faixa, limite, nominal, deduzir, ...partes]) => ({
    faixa,
    limiteCentavos: limite * 100,
    aliquotaNominal: percentual(nominal),
    parcelaDeduzirCentavos: deduzir * 100,
    // A '-' in the official table: the tax is not paid in the DAS in that band (ICMS/ISS above the sublimit).
    partilha: partes.flatMap((p, i) => (p === '-' ? [] : [{ tributo: tributos[i], percentual: percentual(p) }])),
  }));
  return {
    anexo,
    descricao,
    faixas,
    tetoIss,
    vigenciaInicio: '2018-01-01',
    vigenciaFim: null,
    fonte: `LC 123/2006, Anexo ${anexo}, redação da LC 155/2016`,
  };
}

function partes(tributos: readonly TributoPartilha[], percentuais: readonly string[]): ParteDaPartilha[] {
  return percentuais.map((p, i) => ({ tributo: tributos[i], percentual: percentual(p) }));
}

const I: readonly TributoPartilha[] = ['IRPJ', 'CSLL', 'COFINS', 'PIS', 'CPP', 'ICMS'];
const II: readonly TributoPartilha[] = ['IRPJ', 'CSLL', 'COFINS', 'PIS', 'CPP', 'IPI', 'ICMS'];
const III_V: readonly TributoPartilha[] = ['IRPJ', 'CSLL', 'COFINS', 'PIS', 'CPP', 'ISS'];
const IV: readonly TributoPartilha[] = ['IRPJ', 'CSLL', 'COFINS', 'PIS', 'ISS'];

export const ANEXOS: Readonly<Record<AnexoSimples, TabelaAnexo>> = {
  I: tabela('I', 'Comércio', I, [
    [1, 180_000, '4', 0, '5.5', '3.5', '12.74', '2.76', '41.5', '34'],
    [2, 360_000, '7.3', 5_940, '5.5', '3.5', '12.74', '2.76', '41.5', '34'],
    [3, 720_000, '9.5', 13_860, '5.5', '3.5', '12.74', '2.76', '42', '33.5'],
    [4, 1_800_000, '10.7', 22_500, '5.5', '3.5', '12.74', '2.76', '42', '33.5'],
    [5, 3_600_000, '14.3', 87_300, '5.5', '3.5', '12.74', '2.76', '42', '33.5'],
    [6, 4_800_000, '19', 378_000, '13.5', '10', '28.27', '6.13', '42.1', '-'],
  ]),
  II: tabela('II', 'Indústria', II, [
    [1, 180_000, '4.5', 0, '5.5', '3.5', '11.51', '2.49', '37.5', '7.5', '32'],
    [2, 360_000, '7.8', 5_940, '5.5', '3.5', '11.51', '2.49', '37.5', '7.5', '32'],
    [3, 720_000, '10', 13_860, '5.5', '3.5', '11.51', '2.49', '37.5', '7.5', '32'],
    [4, 1_800_000, '11.2', 22_500, '5.5', '3.5', '11.51', '2.49', '37.5', '7.5', '32'],
    [5, 3_600_000, '14.7', 85_500, '5.5', '3.5', '11.51', '2.49', '37.5', '7.5', '32'],
    [6, 4_800_000, '30', 720_000, '8.5', '7.5', '20.96', '4.54', '23.5', '35', '-'],
  ]),
  III: tabela(
    'III',
    'Serviços e locação de bens móveis (art. 18 §5º-B)',
    III_V,
    [
      [1, 180_000, '6', 0, '4', '3.5', '12.82', '2.78', '43.4', '33.5'],
      [2, 360_000, '11.2', 9_360, '4', '3.5', '14.05', '3.05', '43.4', '32'],
      [3, 720_000, '13.5', 17_640, '4', '3.5', '13.64', '2.96', '43.4', '32.5'],
      [4, 1_800_000, '16', 35_640, '4', '3.5', '13.64', '2.96', '43.4', '32.5'],
      [5, 3_600_000, '21', 125_640, '4', '3.5', '12.82', '2.78', '43.4', '33.5'],
      [6, 4_800_000, '33', 648_000, '35', '15', '16.03', '3.47', '30.5', '-'],
    ],
    { faixa: 5, teto: percentual('5'), redistribuicao: partes(['IRPJ', 'CSLL', 'COFINS', 'PIS', 'CPP'], ['6.02', '5.26', '19.28', '4.18', '65.26']) },
  ),
  IV: tabela(
    'IV',
    'Serviços do art. 18 §5º-C (construção, limpeza, vigilância, advocacia; CPP paga fora do DAS)',
    IV,
    [
      [1, 180_000, '4.5', 0, '18.8', '15.2', '17.67', '3.83', '44.5'],
      [2, 360_000, '9', 8_100, '19.8', '15.2', '20.55', '4.45', '40'],
      [3, 720_000, '10.2', 12_420, '20.8', '15.2', '19.73', '4.27', '40'],
      [4, 1_800_000, '14', 39_780, '17.8', '19.2', '18.9', '4.1', '40'],
      [5, 3_600_000, '22', 183_780, '18.8', '19.2', '18.08', '3.92', '40'],
      [6, 4_800_000, '33', 828_000, '53.5', '21.5', '20.55', '4.45', '-'],
    ],
    { faixa: 5, teto: percentual('5'), redistribuicao: partes(['IRPJ', 'CSLL', 'COFINS', 'PIS'], ['31.33', '32', '30.13', '6.54']) },
  ),
  V: tabela('V', 'Serviços do art. 18 §5º-I (fator r abaixo de 28%)', III_V, [
    [1, 180_000, '15.5', 0, '25', '15', '14.1', '3.05', '28.85', '14'],
    [2, 360_000, '18', 4_500, '23', '15', '14.1', '3.05', '27.85', '17'],
    [3, 720_000, '19.5', 9_900, '24', '15', '14.92', '3.23', '23.85', '19'],
    [4, 1_800_000, '20.5', 17_100, '21', '15', '15.74', '3.41', '23.85', '21'],
    [5, 3_600_000, '23', 62_100, '23', '12.5', '14.1', '3.05', '23.85', '23.5'],
    [6, 4_800_000, '30.5', 540_000, '35', '15.5', '16.44', '3.56', '29.5', '-'],
  ]),
};

/**
 * The Simples Nacional's revenue limit, decided by the calendar year's gross revenue, not by RBT12 (LC 123/2006 art.
 * 3º II): a company whose revenue of the year passes it is excluded from the next 1 January when the excess is at most
 * 20% (art. 3º §9º-A; art. 31 V b), and from the month after the excess when it is larger (art. 30 IV; art. 31 V a).
 * Until then its DAS follows the annexes; an RBT12 above the last band's ceiling takes the last band (the annexes
 * have no higher one).
 */
export interface LimiteSimples extends Vigente {
  readonly limiteCentavos: number;
  /** The excess (fraction of the limit) up to which the exclusion waits for the next year. */
  readonly tolerancia: Fracao;
}

export const LIMITES_SIMPLES: readonly LimiteSimples[] = [
  {
    limiteCentavos: 4_800_000_00,
    tolerancia: percentual('20'),
    vigenciaInicio: '2018-01-01',
    vigenciaFim: null,
    fonte: 'LC 123/2006 art. 3º II e §9º-A, art. 30 IV, art. 31 V, redação da LC 155/2016',
  },
];

/**
 * The sublimit above which ICMS and ISS leave the DAS (LC 123/2006 arts. 13-A, 19 and 20), by calendar year: every
 * state and the DF adopted R$ 3.6 M for 2026 (Portaria CGSN 54, de 17/11/2025, DOU 19/11/2025, under Res. CGSN
 * 140/2018 art. 11 §2º). No portaria for a later year was found: R$ 3.6 M is then an ASSUMPTION (a state with up to
 * 1% of the GDP may opt for R$ 1.8 M, art. 19), named in the result. The annexes' band 6 (RBT12 above R$ 3.6 M)
 * carries no ICMS/ISS share, which is how the engine applies it.
 */
export interface SublimiteSimples extends Vigente {
  readonly sublimiteCentavos: number;
  readonly premissa: boolean;
}

export const SUBLIMITES_SIMPLES: readonly SublimiteSimples[] = [
  {
    sublimiteCentavos: 3_600_000_00,
    premissa: false,
    vigenciaInicio: '2026-01-01',
    vigenciaFim: '2026-12-31',
    fonte: 'LC 123/2006 art. 13-A; Portaria CGSN 54/2025: R$ 3.600.000,00 em todas as UFs em 2026',
  },
  {
    sublimiteCentavos: 3_600_000_00,
    premissa: true,
    vigenciaInicio: '2027-01-01',
    vigenciaFim: null,
    fonte: 'LC 123/2006 art. 13-A (R$ 3.600.000,00); PREMISSA: nenhuma portaria do CGSN para o ano encontrada (uma UF com até 1% do PIB pode optar por R$ 1.800.000,00, art. 19)',
  },
];

/**
 * The start of activity (LC 123/2006 art. 18 §2º; Res. CGSN 140/2018 art. 22): in the month the company starts, the
 * RBT12 of the rate is that month's revenue x 12; in the 11 months after, the average of the revenue of the months
 * before x 12 (the month of start counting as one). From the 13th month on, the plain RBT12.
 */
export const INICIO_ATIVIDADE_SIMPLES: Vigente = {
  vigenciaInicio: '2018-01-01',
  vigenciaFim: null,
  fonte: 'LC 123/2006 art. 18 §2º; Res. CGSN 140/2018 art. 22 (receita do mês × 12 no início; média dos meses anteriores × 12 nos 11 meses seguintes)',
};

/**
 * The split tables above carry PIS and COFINS, which are extinct from 1 January 2027 (ADCT art. 126 II),
 * and from 2027 the DAS also carries CBS and IBS (LC 214/2025). The new split was not researched, so the
 * shipped split applies to operations up to 31/12/2026 only.
 */
export const VIGENCIA_PARTILHA: Vigente = {
  vigenciaInicio: '2018-01-01',
  vigenciaFim: '2026-12-31',
  fonte: 'LC 123/2006 Anexos I-V (LC 155/2016); PIS/COFINS extintos em 2027 (ADCT art. 126 II)',
};

/** Default effective DAS rate when the company gives neither annex nor RBT12 (the spec's default). */
export const ALIQUOTA_DAS_PADRAO = percentual('6');
