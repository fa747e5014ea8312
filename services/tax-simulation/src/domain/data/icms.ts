import { type Fracao, percentual } from '../fraction';
import { type Vigente } from '../validity';
import { type Uf } from '../input';

/**
 * The general (modal) internal ICMS rate of each state: the rate of its own law for goods with no rate of their
 * own; product-specific rates, reductions and ICMS-ST are outside this table. `fcpGeral` is a poverty-fund surcharge
 * (ADCT art. 82 §1º) the state charges with ICMS on every internal operation: only RJ's FECP is general; the other
 * states' funds apply to goods listed in their laws, and a caller gives that rate as `aliquotaFcp` (see
 * `FCP_PRODUTOS_LISTADOS`). `confirmacao` says how far each rate was checked for 2026: `LEI` read in the state law's
 * text (as published), `SECUNDARIA` only in consultancy lists (the research's 2025 rates [S18], none of which a
 * 2026 search found changed except AL's); confirm those in each RICMS.
 */
export interface AliquotaInternaIcms extends Vigente {
  readonly uf: Uf;
  readonly aliquota: Fracao;
  readonly fcpGeral: Fracao;
  readonly confirmacao: 'LEI' | 'SECUNDARIA';
}

const SECUNDARIA_2025 =
  'alíquota modal em vigor em 2025 segundo levantamentos de consultorias (jtaxmind, lobeconsultoria) — NÃO conferida no texto da lei estadual; ' +
  'nenhuma alteração para 2026 encontrada na pesquisa de 2026-11 (só AL mudou)';

function secundaria(uf: Uf, aliquota: string, vigenciaInicio = '2025-01-01', lei = 'lei estadual do ICMS'): AliquotaInternaIcms {
  return { uf, aliquota: percentual(aliquota), fcpGeral: percentual('0'), vigenciaInicio, vigenciaFim: null, fonte: `${lei}; ${SECUNDARIA_2025}`, confirmacao: 'SECUNDARIA' };
}

export const ALIQUOTAS_INTERNAS_ICMS: readonly AliquotaInternaIcms[] = [
  secundaria('AC', '19'),
  {
    uf: 'AL',
    aliquota: percentual('19'),
    fcpGeral: percentual('0'),
    vigenciaInicio: '2025-01-01',
    vigenciaFim: '2026-03-31',
    fonte: 'Lei AL 5.900/1996 art. 17 I b, redação anterior à Lei AL 9.776/2025 (19%, segundo as mesmas consultorias — NÃO conferida no texto da lei)',
    confirmacao: 'SECUNDARIA',
  },
  {
    uf: 'AL',
    aliquota: percentual('20.5'),
    fcpGeral: percentual('0'),
    vigenciaInicio: '2026-04-01',
    vigenciaFim: null,
    fonte: 'Lei AL 9.776 de 22/12/2025 (DOE-AL 23/12/2025) art. 1º, nova redação da Lei AL 5.900/1996 art. 17 I b: 20,5% a partir de 1º/4/2026',
    confirmacao: 'LEI',
  },
  secundaria('AM', '20'),
  secundaria('AP', '18'),
  secundaria('BA', '20.5'),
  secundaria('CE', '20'),
  secundaria('DF', '20'),
  secundaria('ES', '17'),
  secundaria('GO', '19'),
  secundaria('MA', '23', '2025-02-23', 'lei estadual do MA (23% a partir de 23/02/2025)'),
  secundaria('MG', '18'),
  secundaria('MS', '17'),
  secundaria('MT', '17'),
  secundaria('PA', '19'),
  secundaria('PB', '20'),
  secundaria('PE', '20.5'),
  secundaria('PI', '22.5', '2025-04-01', 'lei estadual do PI (22,5% a partir de 01/04/2025)'),
  secundaria('PR', '19.5'),
  { ...secundaria('RJ', '20', '2025-01-01', 'lei estadual do RJ; mais 2% de FECP em toda operação interna (Lei RJ 4.056/2002)'), fcpGeral: percentual('2') },
  secundaria('RN', '20', '2025-03-20', 'lei estadual do RN (20% a partir de 20/03/2025)'),
  secundaria('RO', '19.5'),
  secundaria('RR', '20'),
  secundaria('RS', '17'),
  secundaria('SC', '17'),
  secundaria('SE', '19'),
  secundaria('SP', '18'),
  secundaria('TO', '20'),
];

/**
 * Where a state's poverty fund is charged only on goods its law lists, what was found about it. The engine cannot
 * tell a listed product from its NCM, so the caller gives the rate (`aliquotaFcp`, at most 2 points, ADCT art. 82
 * §1º); states not named here were not surveyed.
 */
export const FCP_PRODUTOS_LISTADOS: Readonly<Partial<Record<Uf, string>>> = {
  AC: 'não instituído (levantamento de escritoriodominio.com.br, SECUNDÁRIA)',
  AL: 'FECOEP, adicional de 2% sobre as mercadorias listadas (Lei AL 6.558/2004 arts. 2º e 2º-A; Decreto 2.845/2005), segundo escritoriodominio.com.br (SECUNDÁRIA)',
  SE: 'Fundo Estadual de Combate e Erradicação da Pobreza, pontos percentuais sobre produtos e serviços listados (Lei SE 4.731/2002, redação da Lei SE 9.177/2023)',
};

/** The most the poverty-fund surcharge may add to the ICMS rate (ADCT art. 82 §1º, EC 31/2000 and 42/2003). */
export const FCP_MAXIMO = percentual('2');

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
