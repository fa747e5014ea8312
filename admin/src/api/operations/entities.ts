import type { EntidadeIngestaoFieldsFragment, EntidadesIngestaoQuery, EntidadesIngestaoQueryVariables } from '../generated';
import { operation } from '../operation';

/** An ingestion entity as the graph describes it (`entidadesIngestaoComNome`, the ingestion service's discovery). */
export type EntidadeIngestao = EntidadeIngestaoFieldsFragment;

export const ENTIDADE_INGESTAO_FIELDS = /* GraphQL */ `fragment EntidadeIngestaoFields on EntidadeIngestao { entidade nome campos { campo rotulo } }`;

export const ENTIDADES_INGESTAO = operation<EntidadesIngestaoQuery, EntidadesIngestaoQueryVariables>(/* GraphQL */ `
  query EntidadesIngestao { entidadesIngestaoComNome { ...EntidadeIngestaoFields } }
  ${ENTIDADE_INGESTAO_FIELDS}`);
