import { gql } from '@erp/kit';

/** The token subgraph: ingestion token administration and the company user directory. */
export const typeDefs = gql`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7")

  "Data e hora ISO-8601 (ex.: 2026-12-31T23:59:59Z)."
  scalar DateTime

  enum ModoIngestao {
    UPSERT
    INSERT
  }

  enum StatusToken {
    ATIVO
    INATIVO
    REVOGADO
    EXPIRADO
  }

  "Token de ingestão. O valor nunca aparece aqui: só o prefixo, para identificação."
  type TokenIngestao {
    id: ID!
    nome: String!
    prefixo: String!
    modo: ModoIngestao!
    status: StatusToken!
    entidades: [String!]!
    expiraEm: DateTime
    criadoEm: DateTime!
    ultimoUsoEm: DateTime
  }

  input CriarTokenIngestaoInput {
    nome: String!
    entidades: [String!]!
    modo: ModoIngestao
    expiraEm: DateTime
  }

  "Resposta da criação: o único momento em que o valor do token é mostrado."
  type TokenIngestaoCriado {
    token: String!
    tokenIngestao: TokenIngestao!
  }

  "Usuário da empresa, usado para avisar na ingestão quando um responsável não é usuário."
  type UsuarioEmpresa {
    id: ID!
    email: String!
    nome: String!
    criadoEm: DateTime!
  }

  type Query {
    tokensIngestao: [TokenIngestao!]!
    "As entidades que um escopo pode nomear (todas as da API de ingestão), para a tela de tokens."
    entidadesIngestao: [String!]!
    usuariosEmpresa: [UsuarioEmpresa!]!
  }

  type Mutation {
    criarTokenIngestao(input: CriarTokenIngestaoInput!): TokenIngestaoCriado!
    revogarTokenIngestao(id: ID!): TokenIngestao!
    inativarTokenIngestao(id: ID!): TokenIngestao!
    reativarTokenIngestao(id: ID!): TokenIngestao!
    renovarTokenIngestao(id: ID!, expiraEm: DateTime!): TokenIngestao!
    definirEscopoTokenIngestao(id: ID!, entidades: [String!]!): TokenIngestao!
    adicionarUsuarioEmpresa(email: String!, nome: String!): UsuarioEmpresa!
    removerUsuarioEmpresa(id: ID!): Boolean!
  }
`;
