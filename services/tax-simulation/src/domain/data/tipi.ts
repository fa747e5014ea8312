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
  tipi('24022000', 'Cigarros que contenham tabaco', '300'),
  tipi('33030010', 'Perfumes (extratos)', '27.3'),
  tipi('61091000', 'Camisetas de malha, de algodão', '0'),
  tipi('85165000', 'Fornos de micro-ondas', '35'),
  tipi('85171300', 'Telefones inteligentes (smartphones)', '15'),
];
