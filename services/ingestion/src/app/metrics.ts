import { counter, histogram } from '@erp/kit';

/**
 * What the ingestion did, by entity (the closed list of entity definitions): rows of stored batches by result,
 * batches by kind, the requests the per-token rate limit refused, and the time of each step of a stored batch (what
 * the service adds around its bulk write: `npm run bench` prints it). Never a token or a company as a label.
 */
export const ingestionMetrics = {
  rows: counter('ingestion_rows_total', 'Rows of stored batches, by entity and result (gravada, recusada, duplicada)', ['entity', 'result']),
  batches: counter('ingestion_batches_total', 'Batches received, by entity and kind (write, preview)', ['entity', 'kind']),
  /** Steps: rate_limit, validate, lookup, decide, write, history (a closed set, `BatchStep`). */
  step: histogram('ingestion_batch_step_seconds', 'Each step of a stored batch, seconds (rate_limit, validate, lookup, decide, write, history)', ['step'], [
    0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
  ]),
  rateLimited: counter('ingestion_rate_limit_refusals_total', 'Requests refused by the per-token rate limit (429 LIMITE_REQUISICOES)'),
};

export type BatchStep = 'rate_limit' | 'validate' | 'lookup' | 'decide' | 'write' | 'history';

/** Runs one step of a batch and records its time (`ingestion_batch_step_seconds`). */
export async function timedStep<T>(step: BatchStep, run: () => Promise<T> | T): Promise<T> {
  const end = ingestionMetrics.step.startTimer({ step });
  try {
    return await run();
  } finally {
    end();
  }
}
