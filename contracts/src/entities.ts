/**
 * The ingestion entities that exist. Token scopes name them (token service) and the ingestion service
 * defines their fields; both must agree, so the identifiers live here.
 */
export const IngestionEntities = [
  'incidente_seguranca',
  'ativo_informacao',
  'risco_corporativo',
  'consumo_energia',
  'emissao',
] as const;
export type IngestionEntity = (typeof IngestionEntities)[number];

export function isIngestionEntity(name: string): name is IngestionEntity {
  return (IngestionEntities as readonly string[]).includes(name);
}
