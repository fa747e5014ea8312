import { type Fracao, percentual } from '../fraction';
import { type Vigente } from '../validity';
import { type Uf } from '../input';

/**
 * DIFAL of a sale to a final consumer who is not an ICMS taxpayer in another state (EC 87/2015: CF art. 155 §2º
 * VII and VIII b; LC 87/1996 art. 4º §2º II, art. 12 XVI and art. 13 X with §7º, inserted by LC 190/2022): the
 * issuer pays the destination state the difference between the destination's internal rate and the interstate
 * rate, plus the destination's poverty fund, on the operation's value ("base única": LC 87 art. 13 §7º takes the
 * interstate rate to set the base for both states). All of it to the destination since 2019 (ADCT art. 99 V).
 */
export interface PartilhaDifal extends Vigente {
  /** The destination's share (pICMSInterPart). */
  readonly destino: Fracao;
}

export const PARTILHA_DIFAL: readonly PartilhaDifal[] = [
  { destino: percentual('100'), vigenciaInicio: '2019-01-01', vigenciaFim: null, fonte: 'ADCT art. 99 V (EC 87/2015): 100% para a UF de destino a partir de 2019' },
];

export const FONTE_DIFAL =
  'EC 87/2015 (CF art. 155 §2º VII e VIII b); LC 87/1996 art. 4º §2º II, art. 12 XVI e art. 13 X e §7º, inseridos pela LC 190/2022';

/**
 * Destination states for which a consultancy list says their law computes this DIFAL "por dentro" ("base dupla": the
 * value net of the interstate ICMS grossed up by the destination's rate) instead of the LC's base única. Two lists of
 * the same consultancy (ajuda.contaazul.com.br, "Estados que adotam o DIFAL por dentro (base dupla)" and "Quais
 * estados adotam o DIFAL por dentro", read 2026-11) name these states, SECONDARY and not clear on whether they speak of
 * the non-taxpayer's DIFAL; a question to SEFAZ-MT shows MG charging it so. Each law's own formula (whether the FCP
 * enters the gross-up, whether the base carries IPI and freight) was not read, so the engine refuses these
 * destinations (`DIFAL_NAO_MODELADO`) rather than guess; the other states take the LC's base única.
 */
export const DESTINOS_BASE_DUPLA: ReadonlySet<Uf> = new Set<Uf>([
  'AL',
  'BA',
  'GO',
  'MA',
  'MG',
  'MS',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
]);

/**
 * Due at each operation, before the goods leave, by GNRE, unless the issuer is registered in the destination state
 * (then monthly, by that state's rule): Convênio ICMS 236/2021 (SECONDARY: the clause was not re-read).
 */
export const VENCIMENTO_DIFAL =
  'recolhido por operação, antes da saída, em GNRE, salvo inscrição estadual do remetente na UF de destino (Convênio ICMS 236/2021; cláusula não conferida)';
