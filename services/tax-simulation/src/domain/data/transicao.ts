import { type Fracao, percentual } from '../fraction';
import { type Vigente } from '../validity';

/**
 * The tax reform year by year, by the date of the operation, as EC 132/2023 (ADCT arts. 125-130) and
 * LC 214/2025 set it.
 */
export interface FaseTransicao extends Vigente {
  /** PIS and COFINS still charged. */
  readonly pisCofins: boolean;
  /** Share of their own rates at which ICMS and ISS are charged; null once both are extinct. */
  readonly fatorIcmsIss: Fracao | null;
  /** IPI rates zero except products incentivised in the Manaus free-trade zone. */
  readonly ipiZeradoExcetoZfm: boolean;
  readonly impostoSeletivo: boolean;
  readonly cbsIbs: CbsIbsDaFase;
}

export type CbsIbsDaFase =
  /** 2026: fixed test rates, informative (compensable, dispensed when obligations are met), not for SN. */
  | { readonly modo: 'TESTE'; readonly cbs: Fracao; readonly ibsUf: Fracao; readonly ibsMun: Fracao }
  /** 2027-2028: CBS = reference rate minus 0.1 p.p.; IBS fixed by law. */
  | { readonly modo: 'REFERENCIA_MENOS_REDUCAO'; readonly reducaoCbs: Fracao; readonly ibsUf: Fracao; readonly ibsMun: Fracao }
  /** 2029 on: CBS at the reference rate; IBS rates fixed each year by Senate resolution. */
  | { readonly modo: 'REFERENCIA' };

export const FASES_TRANSICAO: readonly FaseTransicao[] = [
  {
    vigenciaInicio: '2026-01-01',
    vigenciaFim: '2026-12-31',
    pisCofins: true,
    fatorIcmsIss: { n: 1n, d: 1n },
    ipiZeradoExcetoZfm: false,
    impostoSeletivo: false,
    cbsIbs: { modo: 'TESTE', cbs: percentual('0.9'), ibsUf: percentual('0.1'), ibsMun: percentual('0') },
    fonte: 'ADCT art. 125 (EC 132/2023); LC 214/2025 arts. 343, 346 e 348',
  },
  {
    vigenciaInicio: '2027-01-01',
    vigenciaFim: '2028-12-31',
    pisCofins: false,
    fatorIcmsIss: { n: 1n, d: 1n },
    ipiZeradoExcetoZfm: true,
    impostoSeletivo: true,
    cbsIbs: { modo: 'REFERENCIA_MENOS_REDUCAO', reducaoCbs: percentual('0.1'), ibsUf: percentual('0.05'), ibsMun: percentual('0.05') },
    fonte: 'ADCT arts. 126 e 127 (EC 132/2023); LC 214/2025 arts. 344 e 454',
  },
  ...[9n, 8n, 7n, 6n].map((decimos, i) => ({
    vigenciaInicio: `${2029 + i}-01-01`,
    vigenciaFim: `${2029 + i}-12-31`,
    pisCofins: false,
    fatorIcmsIss: { n: decimos, d: 10n },
    ipiZeradoExcetoZfm: true,
    impostoSeletivo: true,
    cbsIbs: { modo: 'REFERENCIA' as const },
    fonte: 'ADCT arts. 128 e 130 (EC 132/2023); LC 87/1996 art. 31-A e LC 116/2003 art. 8º-B, inseridos pela LC 214/2025',
  })),
  {
    vigenciaInicio: '2033-01-01',
    vigenciaFim: null,
    pisCofins: false,
    fatorIcmsIss: null,
    ipiZeradoExcetoZfm: true,
    impostoSeletivo: true,
    cbsIbs: { modo: 'REFERENCIA' },
    fonte: 'ADCT art. 129 (ICMS e ISS extintos); art. 126 III (IPI zerado, exceto ZFM)',
  },
];

/**
 * ASSUMPTION, not law: the CBS reference rate. It is fixed by Senate resolution on TCU's calculation
 * (LC 214 art. 349) and was not found in force. 8.8% is the CBS part of the 26.5% standard rate that tools
 * use (the Receita's own calculator example passes cbs 8.8), never stated in an official document. Callers
 * override it per year with `aliquotasReferencia`.
 */
export interface PremissaReferenciaCbs extends Vigente {
  readonly aliquota: Fracao;
}

export const PREMISSA_REFERENCIA_CBS: readonly PremissaReferenciaCbs[] = [
  {
    aliquota: percentual('8.8'),
    vigenciaInicio: '2027-01-01',
    vigenciaFim: null,
    fonte: 'PREMISSA: alíquota de referência da CBS ilustrativa (8,8% de 26,5%), não fixada pelo Senado',
  },
];

/**
 * From 2027 on, IPI stays only for products incentivised in the Manaus free-trade zone, and even for those
 * not when their TIPI rate is below this one.
 */
export interface AliquotaMinimaIpiZfm extends Vigente {
  readonly aliquota: Fracao;
}

export const IPI_ZFM_ALIQUOTA_MINIMA: readonly AliquotaMinimaIpiZfm[] = [
  { aliquota: percentual('6.5'), vigenciaInicio: '2027-01-01', vigenciaFim: null, fonte: 'LC 214/2025 art. 454' },
];
