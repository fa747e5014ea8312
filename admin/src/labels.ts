import type { RegimeTributario } from './api/operations/simulation';

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

/**
 * An ingestion token's mode in words, the API's name after it (integrators read UPSERT / INSERT in the API's docs):
 * UPSERT writes a row whose key exists over the stored record; INSERT refuses it as a duplicate.
 */
export const MODOS_INGESTAO: Record<string, string> = {
  UPSERT: 'Inserir ou atualizar (UPSERT)',
  INSERT: 'Só inserir (INSERT)',
};

export const modoIngestaoLabel = (modo: string): string => MODOS_INGESTAO[modo] ?? modo;

/** A fiscal environment (SEFAZ, Sefin) in words. */
export const AMBIENTES: Record<string, string> = {
  HOMOLOGAÇÃO: 'Homologação (testes, sem valor fiscal)',
  PRODUÇÃO: 'Produção (com valor fiscal)',
};

export const ambienteLabel = (ambiente: string): string => AMBIENTES[ambiente] ?? ambiente;

/** Who a provisioned tax is paid to (a title's `credor`), in words. */
export const CREDORES: Record<string, string> = {
  UNIAO: 'União',
  ESTADO: 'Estado',
  MUNICIPIO: 'Município',
};

export const credorLabel = (credor: string): string => CREDORES[credor] ?? credor;

/** The tax regimes by their names (settings, simulation). */
export const REGIMES: Record<RegimeTributario, string> = { SIMPLES_NACIONAL: 'Simples Nacional', LUCRO_PRESUMIDO: 'Lucro Presumido', LUCRO_REAL: 'Lucro Real' };
