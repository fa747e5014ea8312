import { type Vigente } from '../validity';

/** What to do when the due day is not a business day. */
export type Ajuste = 'PRORROGAR' | 'ANTECIPAR';

/** Due on a fixed day of the month after the operation's month. */
export interface RegraMensal extends Vigente {
  readonly tipo: 'MENSAL';
  readonly dia: number;
  readonly ajuste: Ajuste;
}

/** Due on the last business day of the month after the end of the operation's quarter. */
export interface RegraTrimestral extends Vigente {
  readonly tipo: 'TRIMESTRAL';
}

export type RegraVencimento = RegraMensal | RegraTrimestral;

/** NCM of cigarettes, whose IPI falls due earlier than every other product's. */
export const NCM_CIGARROS = '24022000';

const TRIMESTRAL_IRPJ: RegraTrimestral = {
  tipo: 'TRIMESTRAL',
  vigenciaInicio: '1997-01-01',
  vigenciaFim: null,
  fonte: 'Lei 9.430/1996 art. 5º (quota única no último dia útil do mês seguinte ao trimestre)',
};

/**
 * Federal due days are law; ICMS and ISS days are the spec's defaults because each state and city sets its
 * own (the company overrides both in its fiscal settings). CBS, IBS and IS have no rule here: their
 * payment dates from 2027 were not found in force, so their due date is left empty unless the caller
 * gives one.
 */
export const REGRAS_VENCIMENTO = {
  DAS: [
    { tipo: 'MENSAL', dia: 20, ajuste: 'PRORROGAR', vigenciaInicio: '2018-01-01', vigenciaFim: null, fonte: 'Res. CGSN 140/2018 art. 40 caput e §3º' },
  ],
  PIS_COFINS: [
    {
      tipo: 'MENSAL',
      dia: 25,
      ajuste: 'ANTECIPAR',
      vigenciaInicio: '2009-04-29',
      vigenciaFim: '2026-12-31',
      fonte: 'MP 2.158-35/2001 art. 18, redação da Lei 11.933/2009',
    },
  ],
  IPI: [
    { tipo: 'MENSAL', dia: 25, ajuste: 'ANTECIPAR', vigenciaInicio: '2010-06-16', vigenciaFim: null, fonte: 'RIPI (Decreto 7.212/2010) art. 262, III e parágrafo único' },
  ],
  IPI_CIGARROS: [
    { tipo: 'MENSAL', dia: 10, ajuste: 'ANTECIPAR', vigenciaInicio: '2010-06-16', vigenciaFim: null, fonte: 'RIPI (Decreto 7.212/2010) art. 262 (código 2402.20.00) e parágrafo único' },
  ],
  ICMS: [
    {
      tipo: 'MENSAL',
      dia: 10,
      ajuste: 'PRORROGAR',
      vigenciaInicio: '2026-01-01',
      vigenciaFim: null,
      fonte: 'padrão da especificação (dia 10); o prazo real é da legislação de cada estado e pode ser configurado',
    },
  ],
  ISS: [
    {
      tipo: 'MENSAL',
      dia: 15,
      ajuste: 'PRORROGAR',
      vigenciaInicio: '2026-01-01',
      vigenciaFim: null,
      fonte: 'padrão da especificação (dia 15); o prazo real é da lei de cada município e pode ser configurado',
    },
  ],
  IRPJ: [TRIMESTRAL_IRPJ],
  CSLL: [{ ...TRIMESTRAL_IRPJ, fonte: 'Lei 9.430/1996 arts. 5º e 28 (quota única no último dia útil do mês seguinte ao trimestre)' }],
} as const satisfies Record<string, readonly RegraVencimento[]>;
