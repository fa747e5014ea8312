// The types of the page's GraphQL operations (src/api/operations) in the supergraph. Written by `npm run codegen`: do not edit.

export type * from './enums';
export type * from './inputs';
export type * from './operations';
