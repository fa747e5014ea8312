import type { EntityDefinition } from '../types';
import { ativoInformacao } from './ativo-informacao';
import { consumoEnergia } from './consumo-energia';
import { emissao } from './emissao';
import { incidenteSeguranca } from './incidente-seguranca';
import { riscoCorporativo } from './risco-corporativo';

/** In the order of `IngestionEntities` (contracts), which a unit test checks. */
export const entityDefinitions: readonly EntityDefinition[] = [
  incidenteSeguranca,
  ativoInformacao,
  riscoCorporativo,
  consumoEnergia,
  emissao,
];

const byName = new Map(entityDefinitions.map((def) => [def.entidade as string, def]));

export function findEntity(name: string): EntityDefinition | undefined {
  return byName.get(name);
}
