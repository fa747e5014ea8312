import { type Vigente } from '../validity';

/**
 * Days that are not business days for paying a tax at a bank, nationwide. Only national holidays (and the
 * banks' own closing days) move a federal due date (ADE Codac 16/2020; Cosit SCI 16/2013); state and
 * municipal holidays are not in this table. Corpus Christi is not either: a federal optional day (ponto
 * facultativo), not a national holiday, and not among the days CMN Res. 4.880/2020 closes banks on; where a city
 * makes it a holiday it is a municipal one.
 */
export interface FeriadoFixo extends Vigente {
  readonly mes: number;
  readonly dia: number;
  readonly nome: string;
}

/** Counted in days from Easter Sunday of the same year. */
export interface FeriadoMovel extends Vigente {
  readonly deslocamentoPascoa: number;
  readonly nome: string;
}

const LEI_662 = 'Lei 662/1949 art. 1º, redação da Lei 10.607/2002';

export const FERIADOS_FIXOS: readonly FeriadoFixo[] = [
  { mes: 1, dia: 1, nome: 'Confraternização Universal', vigenciaInicio: '2002-12-19', vigenciaFim: null, fonte: LEI_662 },
  { mes: 4, dia: 21, nome: 'Tiradentes', vigenciaInicio: '2002-12-19', vigenciaFim: null, fonte: LEI_662 },
  { mes: 5, dia: 1, nome: 'Dia Mundial do Trabalho', vigenciaInicio: '2002-12-19', vigenciaFim: null, fonte: LEI_662 },
  { mes: 9, dia: 7, nome: 'Independência do Brasil', vigenciaInicio: '2002-12-19', vigenciaFim: null, fonte: LEI_662 },
  { mes: 10, dia: 12, nome: 'Nossa Senhora Aparecida', vigenciaInicio: '1980-06-30', vigenciaFim: null, fonte: 'Lei 6.802/1980' },
  { mes: 11, dia: 2, nome: 'Finados', vigenciaInicio: '2002-12-19', vigenciaFim: null, fonte: LEI_662 },
  { mes: 11, dia: 15, nome: 'Proclamação da República', vigenciaInicio: '2002-12-19', vigenciaFim: null, fonte: LEI_662 },
  {
    mes: 11,
    dia: 20,
    nome: 'Dia Nacional de Zumbi e da Consciência Negra',
    vigenciaInicio: '2024-01-01',
    vigenciaFim: null,
    fonte: 'Lei 14.759/2023 (feriado nacional a partir de 2024)',
  },
  { mes: 12, dia: 25, nome: 'Natal', vigenciaInicio: '2002-12-19', vigenciaFim: null, fonte: LEI_662 },
];

export const FERIADOS_MOVEIS: readonly FeriadoMovel[] = [
  {
    deslocamentoPascoa: -48,
    nome: 'Segunda-feira de Carnaval',
    vigenciaInicio: '2020-12-23',
    vigenciaFim: null,
    fonte: 'Res. CMN 4.880/2020: não é dia útil bancário (ponto facultativo federal)',
  },
  {
    deslocamentoPascoa: -47,
    nome: 'Terça-feira de Carnaval',
    vigenciaInicio: '2020-12-23',
    vigenciaFim: null,
    fonte: 'Res. CMN 4.880/2020: não é dia útil bancário (ponto facultativo federal)',
  },
  {
    deslocamentoPascoa: -2,
    nome: 'Sexta-feira da Paixão',
    vigenciaInicio: '1995-09-12',
    vigenciaFim: null,
    fonte: 'Lei 9.093/1995 art. 2º; listada como feriado nacional na Portaria anual do MGI',
  },
];

/**
 * Banks do not serve the public on the last business day of the year (31 December, or the weekday before
 * it when it falls on a weekend: Friday 30/12/2022 closed), so a payment due then moves like on a holiday.
 */
export const ULTIMO_DIA_UTIL_DO_ANO: Vigente = {
  vigenciaInicio: '2002-02-28',
  vigenciaFim: null,
  fonte: 'Res. CMN 2.932/2002 (sem expediente ao público no último dia útil do ano); orientação PGFN; RIPI art. 33 §3º',
};
