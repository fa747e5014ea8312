import { counter } from '@erp/kit';

/**
 * What the ingestion did, by entity (the closed list of entity definitions): rows of stored batches by result,
 * batches by kind, and the requests the per-token rate limit refused. Never a token or a company as a label.
 */
export const ingestionMetrics = {
  rows: counter('ingestion_rows_total', 'Rows of stored batches, by entity and result (gravada, recusada, duplicada)', ['entity', 'result']),
  batches: counter('ingestion_batches_total', 'Batches received, by entity and kind (write, preview)', ['entity', 'kind']),
  rateLimited: counter('ingestion_rate_limit_refusals_total', 'Requests refused by the per-token rate limit (429 LIMITE_REQUISICOES)'),
};
