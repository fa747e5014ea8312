import { counter } from '@erp/kit';

/** Payable titles created by provisioning, by tax: each counted once, by the caller whose unique insert won. */
export const provisioningMetrics = {
  titles: counter('tax_provisioned_titles_total', 'Payable titles provisioned from tax simulations, by tax', ['tributo']),
};
