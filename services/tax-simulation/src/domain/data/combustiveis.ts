import { type Vigente } from '../validity';

/**
 * Fuels taxed once at the producer or importer ("monofásico"), which the engine computes for their resale only
 * (`atividade` COMBUSTIVEIS): the reseller's sale carries no PIS/COFINS (rate zero), no ICMS (single-phase ICMS
 * charged before, CST 61) and no CBS/IBS of its own from 2027 (single incidence), and fuels are immune to IPI.
 * Their producer or importer pays per litre or kilogram (ad rem rates), which the engine does not have.
 */
export interface CombustivelMonofasico extends Vigente {
  readonly ncm: string;
  readonly descricao: string;
  /** PIS/COFINS at rate zero on the resale (distributors and retailers). */
  readonly pisCofins: string;
  /** Single-phase ICMS: the reseller's operation carries none. */
  readonly icms: Vigente;
}

const PIS_COFINS =
  'MP 2.158-35/2001 art. 42 I (alíquota zero na revenda por distribuidores e comerciantes varejistas); incidência concentrada no produtor e no importador: Lei 9.718/1998 art. 4º';

export const COMBUSTIVEIS_MONOFASICOS: readonly CombustivelMonofasico[] = [
  {
    ncm: '27101259',
    descricao: 'gasolina automotiva (exceto de aviação)',
    pisCofins: PIS_COFINS,
    icms: { vigenciaInicio: '2023-06-01', vigenciaFim: null, fonte: 'LC 192/2022; Convênio ICMS 15/2023 (ICMS monofásico da gasolina desde 1º/6/2023)' },
    vigenciaInicio: '2023-06-01',
    vigenciaFim: null,
    fonte: `${PIS_COFINS}; LC 192/2022 e Convênio ICMS 15/2023`,
  },
  {
    ncm: '27101921',
    descricao: 'óleo diesel',
    pisCofins: PIS_COFINS,
    icms: { vigenciaInicio: '2023-05-01', vigenciaFim: null, fonte: 'LC 192/2022; Convênio ICMS 199/2022 (ICMS monofásico do diesel desde 1º/5/2023)' },
    vigenciaInicio: '2023-05-01',
    vigenciaFim: null,
    fonte: `${PIS_COFINS}; LC 192/2022 e Convênio ICMS 199/2022`,
  },
  {
    ncm: '27111910',
    descricao: 'gás liquefeito de petróleo (GLP)',
    pisCofins: PIS_COFINS,
    icms: { vigenciaInicio: '2023-05-01', vigenciaFim: null, fonte: 'LC 192/2022; Convênio ICMS 199/2022 (ICMS monofásico do GLP desde 1º/5/2023)' },
    vigenciaInicio: '2023-05-01',
    vigenciaFim: null,
    fonte: `${PIS_COFINS}; LC 192/2022 e Convênio ICMS 199/2022`,
  },
];

/**
 * NCM prefixes of fuels (gasolines, kerosenes, gas oils, oils with biodiesel, petroleum gases, ethanol, biodiesel).
 * Any of them outside the table above is refused (`COMBUSTIVEL_NAO_MODELADO`): ethanol is single-phase for PIS/COFINS
 * (Lei 9.718/1998 art. 5º) but not for ICMS, aviation fuels and natural gas have rules of their own, and charging them
 * the general rates would be wrong.
 */
export const PREFIXOS_COMBUSTIVEIS: readonly string[] = ['271012', '2710191', '2710192', '271020', '2711', '220710', '220720', '38260000'];

/** Fuels are immune to every tax on their operations but ICMS, II and IE (CF art. 155 §3º): no IPI. */
export const IMUNIDADE_IPI_COMBUSTIVEIS = 'CF art. 155 §3º (derivados de petróleo e combustíveis: só ICMS, II e IE)';

/** From 2027, CBS and IBS on fuels are charged once, at the producer or importer; resale carries none. */
export const INCIDENCIA_UNICA_CBS_IBS = 'LC 214/2025 art. 172 e seguintes (IBS e CBS em incidência única sobre combustíveis)';
