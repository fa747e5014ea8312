// Company user directory contract (owned by the token service). Filled in by the token-service work.
export {};
