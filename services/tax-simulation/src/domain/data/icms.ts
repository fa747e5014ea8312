import { type Fracao, percentual } from '../fraction';
import { type Vigente } from '../validity';
import { type Uf } from '../input';

/**
 * Internal (modal) ICMS rate of each state: the general rate of its own law; products with their own
 * rates, ICMS-ST and DIFAL are outside this table. `fcp` is the poverty-fund surcharge charged with ICMS
 * on every internal operation (only RJ's FECP is general; AL's and SE's 1% apply to listed products and
 * are left out). Values are the 2025 rates in force as collected from consultancy lists (SECONDARY: the
 * research warns that code tables on GitHub disagree, so confirm each in the state's RICMS). Where the
 * start of a rate was not researched, `vigenciaInicio` is the first day it is known to be in force.
 */
export interface AliquotaInternaIcms extends Vigente {
  readonly uf: Uf;
  readonly aliquota: Fracao;
  readonly fcp: Fracao;
}

const FONTE_2025 = 'lei estadual do ICMS; alíquota modal em vigor em 2025 segundo levantamentos de consultorias (jtaxmind, lobeconsultoria)';

function modal(uf: Uf, aliquota: string, fonte = FONTE_2025, vigenciaInicio = '2025-01-01', fcp = '0'): AliquotaInternaIcms {
  return { uf, aliquota: percentual(aliquota), fcp: percentual(fcp), vigenciaInicio, vigenciaFim: null, fonte };
}

export const ALIQUOTAS_INTERNAS_ICMS: readonly AliquotaInternaIcms[] = [
  modal('AC', '19'),
  modal('AL', '19'),
  modal('AM', '20'),
  modal('AP', '18'),
  modal('BA', '20.5'),
  modal('CE', '20'),
  modal('DF', '20'),
  modal('ES', '17'),
  modal('GO', '19'),
  modal('MA', '23', 'lei estadual do MA; 23% a partir de 23/02/2025', '2025-02-23'),
  modal('MG', '18'),
  modal('MS', '17'),
  modal('MT', '17'),
  modal('PA', '19'),
  modal('PB', '20'),
  modal('PE', '20.5'),
  modal('PI', '22.5', 'lei estadual do PI; 22,5% a partir de 01/04/2025', '2025-04-01'),
  modal('PR', '19.5'),
  modal('RJ', '20', `${FONTE_2025}; mais 2% de FECP (Lei RJ 4.056/2002)`, '2025-01-01', '2'),
  modal('RN', '20', 'lei estadual do RN; 20% a partir de 20/03/2025', '2025-03-20'),
  modal('RO', '19.5'),
  modal('RR', '20'),
  modal('RS', '17'),
  modal('SC', '17'),
  modal('SE', '19'),
  modal('SP', '18'),
  modal('TO', '20'),
];

/** Interstate rates set by the Senate (CF art. 155 §2º IV). */
export interface AliquotaInterestadual extends Vigente {
  readonly aliquota: Fracao;
}

/** 12% in general; 7% from the South and Southeast (except ES) to the North, Northeast, Center-West and ES. */
export const INTERESTADUAL_GERAL: AliquotaInterestadual = {
  aliquota: percentual('12'),
  vigenciaInicio: '1989-06-01',
  vigenciaFim: null,
  fonte: 'Res. Senado Federal 22/1989 art. 1º',
};

export const INTERESTADUAL_SUL_SUDESTE_PARA_DEMAIS: AliquotaInterestadual = {
  aliquota: percentual('7'),
  vigenciaInicio: '1990-01-01',
  vigenciaFim: null,
  fonte: 'Res. Senado Federal 22/1989 art. 1º parágrafo único, II',
};

/** Goods imported or with import content above 40% (not transport services). */
export const INTERESTADUAL_IMPORTADOS: AliquotaInterestadual = {
  aliquota: percentual('4'),
  vigenciaInicio: '2013-01-01',
  vigenciaFim: null,
  fonte: 'Res. Senado Federal 13/2012',
};
