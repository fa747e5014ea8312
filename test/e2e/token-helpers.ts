import mongoose, { type Connection } from 'mongoose';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { graphql, newCompanyId, sessionFor, stackEnv, type GraphResult } from '../support/env';

/** Shared by the token e2e tests: GraphQL documents, a fresh admin per test, raw connections for checks. */
export const TOKEN_FIELDS = 'id nome prefixo modo status entidades expiraEm criadoEm ultimoUsoEm';

export const CRIAR = `mutation ($input: CriarTokenIngestaoInput!) {
  criarTokenIngestao(input: $input) { token tokenIngestao { ${TOKEN_FIELDS} } }
}`;
export const LISTAR = `{ tokensIngestao { ${TOKEN_FIELDS} } }`;
export const REVOGAR = `mutation ($id: ID!) { revogarTokenIngestao(id: $id) { ${TOKEN_FIELDS} } }`;
export const INATIVAR = `mutation ($id: ID!) { inativarTokenIngestao(id: $id) { ${TOKEN_FIELDS} } }`;
export const REATIVAR = `mutation ($id: ID!) { reativarTokenIngestao(id: $id) { ${TOKEN_FIELDS} } }`;
export const RENOVAR = `mutation ($id: ID!, $expiraEm: DateTime!) { renovarTokenIngestao(id: $id, expiraEm: $expiraEm) { ${TOKEN_FIELDS} } }`;
export const ESCOPO = `mutation ($id: ID!, $entidades: [String!]!) { definirEscopoTokenIngestao(id: $id, entidades: $entidades) { ${TOKEN_FIELDS} } }`;

export interface TokenView {
  id: string;
  nome: string;
  prefixo: string;
  modo: 'UPSERT' | 'INSERT';
  status: 'ATIVO' | 'INATIVO' | 'REVOGADO' | 'EXPIRADO';
  entidades: string[];
  expiraEm: string | null;
  criadoEm: string;
  ultimoUsoEm: string | null;
}

export interface Admin {
  companyId: string;
  session: string;
  /** Runs an operation as this admin, through the gateway unless `url` says otherwise. */
  run: <T = Record<string, any>>(query: string, variables?: Record<string, unknown>, url?: string) => Promise<GraphResult<T>>;
}

export async function newAdmin(label = 'token'): Promise<Admin> {
  const companyId = newCompanyId(label);
  const session = await sessionFor(companyId, 'admin');
  return { companyId, session, run: (query, variables = {}, url) => graphql(query, variables, session, url) };
}

/** Creates a token and fails the test loudly if that did not work. */
export async function createToken(
  admin: Admin,
  input: { nome?: string; entidades?: string[]; modo?: 'UPSERT' | 'INSERT'; expiraEm?: string } = {},
): Promise<{ token: string; tokenIngestao: TokenView }> {
  const result = await admin.run<{ criarTokenIngestao: { token: string; tokenIngestao: TokenView } }>(CRIAR, {
    input: { nome: `integração ${Math.random().toString(36).slice(2)}`, entidades: ['incidente_seguranca'], ...input },
  });
  if (result.errors || !result.data) throw new Error(`criarTokenIngestao failed: ${JSON.stringify(result.errors)}`);
  return result.data.criarTokenIngestao;
}

export function errorCode(result: GraphResult): string | undefined {
  return result.errors?.[0]?.extensions?.code;
}

export function inSeconds(seconds: number): string {
  return new Date(Date.now() + seconds * 1000).toISOString();
}

/** The token service's own database in the test stack, for raw checks (the launcher leaves the default name). */
export const TOKEN_DB = process.env.MONGODB_DB ?? 'erp_token';

export function openTokenDb(): Promise<Connection> {
  return mongoose.createConnection(stackEnv.mongodbUrl, { dbName: TOKEN_DB, retryWrites: false }).asPromise();
}

export function openNats(): Promise<NatsConnection> {
  return connect({ servers: stackEnv.natsUrl, name: 'token-e2e' });
}
