/** An ingestion entity as the graph describes it (`entidadesIngestaoComNome`, the ingestion service's discovery). */
export interface EntidadeIngestao {
  entidade: string;
  nome: string;
}

export const CAMPOS_ENTIDADES = 'entidadesIngestaoComNome { entidade nome }';

/** The display name of an entity id; the id itself when the list is not loaded (or the entity left it). */
export function nomeEntidade(entidades: readonly EntidadeIngestao[], id: string): string {
  return entidades.find((e) => e.entidade === id)?.nome ?? id;
}
