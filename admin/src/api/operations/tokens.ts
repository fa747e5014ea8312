import type * as G from '../generated';
import { operation } from '../operation';
import { ENTIDADE_INGESTAO_FIELDS } from './entities';

export type TokenIngestao = G.TokenIngestaoFieldsFragment;
export type StatusToken = G.StatusToken;

const TOKEN_INGESTAO_FIELDS = /* GraphQL */ `
  fragment TokenIngestaoFields on TokenIngestao { id nome prefixo modo status entidades expiraEm criadoEm ultimoUsoEm }`;

export const TOKENS_INGESTAO = operation<G.TokensIngestaoQuery, G.TokensIngestaoQueryVariables>(/* GraphQL */ `
  query TokensIngestao { tokensIngestao { ...TokenIngestaoFields } entidadesIngestaoComNome { ...EntidadeIngestaoFields } }
  ${TOKEN_INGESTAO_FIELDS} ${ENTIDADE_INGESTAO_FIELDS}`);

export const CRIAR_TOKEN_INGESTAO = operation<G.CriarTokenIngestaoMutation, G.CriarTokenIngestaoMutationVariables>(/* GraphQL */ `
  mutation CriarTokenIngestao($input: CriarTokenIngestaoInput!) {
    criarTokenIngestao(input: $input) { token tokenIngestao { ...TokenIngestaoFields } }
  }
  ${TOKEN_INGESTAO_FIELDS}`);

export const REVOGAR_TOKEN_INGESTAO = operation<G.RevogarTokenIngestaoMutation, G.RevogarTokenIngestaoMutationVariables>(/* GraphQL */ `
  mutation RevogarTokenIngestao($id: ID!) { revogarTokenIngestao(id: $id) { ...TokenIngestaoFields } }
  ${TOKEN_INGESTAO_FIELDS}`);

export const INATIVAR_TOKEN_INGESTAO = operation<G.InativarTokenIngestaoMutation, G.InativarTokenIngestaoMutationVariables>(/* GraphQL */ `
  mutation InativarTokenIngestao($id: ID!) { inativarTokenIngestao(id: $id) { ...TokenIngestaoFields } }
  ${TOKEN_INGESTAO_FIELDS}`);

export const REATIVAR_TOKEN_INGESTAO = operation<G.ReativarTokenIngestaoMutation, G.ReativarTokenIngestaoMutationVariables>(/* GraphQL */ `
  mutation ReativarTokenIngestao($id: ID!) { reativarTokenIngestao(id: $id) { ...TokenIngestaoFields } }
  ${TOKEN_INGESTAO_FIELDS}`);

export const RENOVAR_TOKEN_INGESTAO = operation<G.RenovarTokenIngestaoMutation, G.RenovarTokenIngestaoMutationVariables>(/* GraphQL */ `
  mutation RenovarTokenIngestao($id: ID!, $expiraEm: DateTime!) { renovarTokenIngestao(id: $id, expiraEm: $expiraEm) { ...TokenIngestaoFields } }
  ${TOKEN_INGESTAO_FIELDS}`);

export const DEFINIR_ESCOPO_TOKEN_INGESTAO = operation<G.DefinirEscopoTokenIngestaoMutation, G.DefinirEscopoTokenIngestaoMutationVariables>(/* GraphQL */ `
  mutation DefinirEscopoTokenIngestao($id: ID!, $entidades: [String!]!) {
    definirEscopoTokenIngestao(id: $id, entidades: $entidades) { ...TokenIngestaoFields }
  }
  ${TOKEN_INGESTAO_FIELDS}`);
