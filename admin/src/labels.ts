/** Each tax by the name a person reads, not its code. */
export const TRIBUTOS: Record<string, string> = {
  DAS: 'DAS (Simples Nacional)',
  PIS: 'PIS',
  COFINS: 'COFINS',
  CSLL: 'CSLL',
  IRPJ: 'IRPJ',
  ICMS: 'ICMS',
  ICMS_UF_DEST: 'ICMS do estado de destino (DIFAL)',
  FCP_UF_DEST: 'FCP do estado de destino',
  IPI: 'IPI',
  ISS: 'ISS',
  CBS: 'CBS',
  IBS_UF: 'IBS estadual',
  IBS_MUN: 'IBS municipal',
  IS: 'Imposto Seletivo',
};

/** A tax's name for people (its code when unknown). */
export const tributoLabel = (tributo: string): string => TRIBUTOS[tributo] ?? tributo;
