// Fiscal settings contract (owned by the settings service). Filled in by the settings-service work.
export {};
