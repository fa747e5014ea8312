import { type Fracao, percentual } from '../fraction';
import { type Vigente } from '../validity';

/** A federal rate with its validity and legal source. */
export interface AliquotaDatada extends Vigente {
  readonly aliquota: Fracao;
}

function datada(aliquota: string, vigenciaInicio: string, vigenciaFim: string | null, fonte: string): AliquotaDatada {
  return { aliquota: percentual(aliquota), vigenciaInicio, vigenciaFim, fonte };
}

/** PIS and COFINS end on 31/12/2026: extinct once the CBS is charged (ADCT art. 126 II, EC 132/2023). */
const FIM_PIS_COFINS = '2026-12-31';

export const PIS_CUMULATIVO = [datada('0.65', '1999-02-01', FIM_PIS_COFINS, 'Lei 9.715/1998 art. 8º I; Lei 9.718/1998 (regime cumulativo)')];
export const COFINS_CUMULATIVA = [datada('3', '1999-02-01', FIM_PIS_COFINS, 'Lei 9.718/1998 art. 8º (regime cumulativo)')];
export const PIS_NAO_CUMULATIVO = [datada('1.65', '2002-12-01', FIM_PIS_COFINS, 'Lei 10.637/2002 art. 2º (não cumulativo, créditos do art. 3º)')];
export const COFINS_NAO_CUMULATIVA = [datada('7.6', '2004-02-01', FIM_PIS_COFINS, 'Lei 10.833/2003 art. 2º (não cumulativa, créditos do art. 3º)')];

export const IRPJ = [datada('15', '1996-01-01', null, 'Lei 9.249/1995 art. 3º')];
/** The IRPJ additional: its rate on the part of the quarter's profit above R$ 20,000 a month (R$ 60,000). */
export interface AdicionalIrpj extends AliquotaDatada {
  readonly limiteTrimestralCentavos: number;
}

export const IRPJ_ADICIONAL: readonly AdicionalIrpj[] = [
  { ...datada('10', '1997-01-01', null, 'Lei 9.249/1995 art. 3º §1º, redação da Lei 9.430/1996 art. 4º'), limiteTrimestralCentavos: 60_000_00 },
];
export const CSLL = [datada('9', '2015-10-01', null, 'Lei 7.689/1988 art. 3º III, redação da Lei 13.169/2015')];
