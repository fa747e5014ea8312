import type { EntidadeIngestao } from '../api/operations/entities';

/** The display name of an entity id; the id itself when the list is not loaded (or the entity left it). */
export function entityName(entidades: readonly EntidadeIngestao[], id: string): string {
  return entidades.find((e) => e.entidade === id)?.nome ?? id;
}
