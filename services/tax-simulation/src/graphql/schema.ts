import { gql, requireSession, type GraphContext } from '@erp/kit';

/**
 * Minimal subgraph so the tax-simulation service is part of the graph from the start; simulation and
 * provisioning are added by their own issue.
 */
export const typeDefs = gql`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@shareable"])

  type Query {
    "Whether the tax-simulation service is reachable for the session's company."
    simulacaoImpostoDisponivel: Boolean!
  }
`;

export const resolvers = {
  Query: {
    simulacaoImpostoDisponivel: (_: unknown, __: unknown, context: GraphContext) => {
      requireSession(context);
      return true;
    },
  },
};
