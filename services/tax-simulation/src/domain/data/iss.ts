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

/**
 * LC 116 items the 2% floor does not bind: the city may keep a lower effective rate for them (LC 116/2003 art. 8º-A
 * §1º, inserted by LC 157/2016): 7.02 and 7.05 (civil construction works and repairs) and 16.01 (municipal public
 * passenger transport). For these `aliquotaIss` goes from 0%.
 */
export interface ItensSemMinimoIss extends Vigente {
  readonly itens: readonly string[];
}

export const ITENS_SEM_MINIMO_ISS: readonly ItensSemMinimoIss[] = [
  { itens: ['07.02', '07.05', '16.01'], vigenciaInicio: '2016-12-30', vigenciaFim: null, fonte: 'LC 116/2003 art. 8º-A §1º (LC 157/2016)' },
];
