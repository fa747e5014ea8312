import { type Fracao, percentual } from '../fraction';
import { type Vigente } from '../validity';

/**
 * The range of ISS rates a city may charge: at most 5% (LC 116/2003 art. 8º II) and, since LC 157/2016 inserted
 * art. 8º-A, at least 2%. `aliquotaIss` outside it is refused; without one the maximum is used.
 */
export interface LimitesIss extends Vigente {
  readonly minimo: Fracao;
  readonly maximo: Fracao;
}

export const LIMITES_ISS: readonly LimitesIss[] = [
  {
    minimo: percentual('2'),
    maximo: percentual('5'),
    vigenciaInicio: '2016-12-30',
    vigenciaFim: null,
    fonte: 'LC 116/2003 art. 8º II (máximo 5%) e art. 8º-A (mínimo 2%, inserido pela LC 157/2016)',
  },
];
