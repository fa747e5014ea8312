/**
 * A GraphQL operation as the page sends it (its text), carrying the TypeScript types of its answer and of its
 * variables. The types are generated from the supergraph (`generated/`, written by `npm run codegen`), so a call
 * is checked against the graph it talks to, and the text stays a plain string: no GraphQL library in the bundle.
 */
export type Operation<Result, Variables> = string & { readonly __result?: Result; readonly __variables?: Variables };

export function operation<Result, Variables>(text: string): Operation<Result, Variables> {
  return text;
}
