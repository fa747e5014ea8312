import { gql, requireSession, type GraphContext } from '@erp/kit';

/**
 * Minimal subgraph so the fiscal-document service is part of the graph from the start; the documents,
 * issue and cancel operations are added by their own issue.
 */
export const typeDefs = gql`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@shareable"])

  type Query {
    "Whether the fiscal-document service is reachable for the session's company."
    documentoFiscalDisponivel: Boolean!
  }
`;

export const resolvers = {
  Query: {
    documentoFiscalDisponivel: (_: unknown, __: unknown, context: GraphContext) => {
      requireSession(context);
      return true;
    },
  },
};
