import { type Fracao, percentual } from '../fraction';
import { type Vigente } from '../validity';

/**
 * A small subset of the TIPI (Decreto 11.158/2022, with the 2022 rate cuts), for callers that send an NCM
 * without `aliquotaIpi`. Read from a third-party CSV extraction of the TIPI (GitHub eliabeleite/inf-extensao,
 * `tipi-atual.csv` @ ad4a9074, uploaded March 2025) and not yet re-checked against the official table:
 * SECONDARY. Any NCM not listed needs `aliquotaIpi`.
 */
export interface AliquotaTipi extends Vigente {
  readonly ncm: string;
  readonly descricao: string;
  readonly aliquota: Fracao;
}

const FONTE = 'TIPI (Decreto 11.158/2022 e alterações de 2022), extração de terceiros — conferir na TIPI oficial';

function tipi(ncm: string, descricao: string, aliquota: string): AliquotaTipi {
  return { ncm, descricao, aliquota: percentual(aliquota), vigenciaInicio: '2022-08-01', vigenciaFim: null, fonte: FONTE };
}

export const TIPI_EMBUTIDA: readonly AliquotaTipi[] = [
  tipi('22021000', 'Águas, incluindo as minerais e as gaseificadas, adicionadas de açúcar ou edulcorantes', '2.6'),
  tipi('22030000', 'Cervejas de malte', '3.9'),
  tipi('33030010', 'Perfumes (extratos)', '27.3'),
  tipi('61091000', 'Camisetas de malha, de algodão', '0'),
  tipi('85165000', 'Fornos de micro-ondas', '35'),
  tipi('85171300', 'Telefones inteligentes (smartphones)', '15'),
];

/**
 * Products whose IPI is not the TIPI rate on the operation's value but a special regime with inputs of its own; the
 * engine refuses them (`REGIME_ESPECIAL_IPI`) while IPI is charged, rather than put a TIPI rate on the price.
 */
export interface RegimeEspecialIpi extends Vigente {
  readonly ncm: string;
  readonly descricao: string;
  /** What the regime's computation needs that the operation does not carry. */
  readonly falta: string;
}

export const REGIMES_ESPECIAIS_IPI: readonly RegimeEspecialIpi[] = [
  {
    ncm: '24022000',
    descricao: 'cigarros que contenham tabaco',
    falta:
      'o preço de venda no varejo por vintena (base da alíquota ad valorem de 66,7%) e o número de vintenas (R$ 2,25 por vintena)',
    vigenciaInicio: '2011-12-15',
    vigenciaFim: null,
    fonte: 'regime especial da Lei 12.546/2011 arts. 14 a 20, alíquotas do Decreto 12.127/2024 (lei e decreto não relidos aqui)',
  },
];
