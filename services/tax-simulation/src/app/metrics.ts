import { counter } from '@erp/kit';

/** Versions of payable titles made by provisioning, by tax: each counted once, by the caller whose unique insert won. */
export const provisioningMetrics = {
  titles: counter('tax_provisioned_titles_total', 'Versions of payable titles provisioned from tax simulations, by tax', ['tributo']),
};
