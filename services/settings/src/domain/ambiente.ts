import type { Ambiente } from '@erp/contracts';

/** Accepts `HOMOLOGAÇÃO`/`PRODUÇÃO` with or without accents, in any case; returns the spec's spelling. */
export function interpretarAmbiente(texto: string): Ambiente | null {
  const simples = texto.trim().normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
  if (simples === 'HOMOLOGACAO') return 'HOMOLOGAÇÃO';
  if (simples === 'PRODUCAO') return 'PRODUÇÃO';
  return null;
}
