import { counter } from '@erp/kit';

/**
 * Documents by model (`NFE`, `NFCE`, `CTE`, `NFSE`): authorized, and cancelled at the authorizer. Counted where the
 * outcome and its event are recorded, once per document by whoever records it.
 */
export const documentMetrics = {
  issued: counter('fiscal_documents_issued_total', 'Fiscal documents authorized, by model', ['model']),
  cancelled: counter('fiscal_documents_cancelled_total', 'Fiscal documents cancelled, by model', ['model']),
  /** Numbers (not requests) whose voiding the authorizer registered, by model and origin (AUTOMATICA, MANUAL). */
  voided: counter('fiscal_numbers_voided_total', 'Numbers voided at the authorizer (inutilizacao), by model and origin', ['model', 'origin']),
};
