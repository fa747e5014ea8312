import { gzipSync } from 'node:zlib';
import { graphql, send, type GraphResult, type RestReply } from '../support/env';
import { createToken, newAdmin, type Admin, type TokenView } from './token-helpers';

/** Shared by the ingestion e2e tests: an integration (admin + its own token, so rate limits never collide). */
export interface Integration {
  admin: Admin;
  token: string;
  tokenIngestao: TokenView;
  post: (entidade: string, body: unknown, headers?: Record<string, string>) => Promise<Reply>;
  preview: (entidade: string, body: unknown) => Promise<Reply>;
}

export type Reply = RestReply;

export const BASE = '/api/ingestao-pub';

export function json(bearer: string | undefined, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return send(method, path, {
    bearer,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
  });
}

export function gzipJson(value: unknown): Buffer {
  return gzipSync(Buffer.from(JSON.stringify(value)));
}

export async function newIntegration(
  input: { entidades?: string[]; modo?: 'UPSERT' | 'INSERT'; expiraEm?: string; label?: string; admin?: Admin } = {},
): Promise<Integration> {
  const admin = input.admin ?? (await newAdmin(input.label ?? 'ing'));
  const { token, tokenIngestao } = await createToken(admin, {
    entidades: input.entidades ?? ['incidente_seguranca', 'ativo_informacao'],
    ...(input.modo ? { modo: input.modo } : {}),
    ...(input.expiraEm ? { expiraEm: input.expiraEm } : {}),
  });
  return {
    admin,
    token,
    tokenIngestao,
    post: (entidade, body, headers = {}) => json(token, 'POST', `${BASE}/${entidade}`, body, headers),
    preview: (entidade, body) => json(token, 'POST', `${BASE}/${entidade}/preview`, body),
  };
}

export const HISTORICO = `query ($entidade: String, $primeiros: Int, $depois: String) {
  historicoImportacoes(entidade: $entidade, primeiros: $primeiros, depois: $depois) {
    itens { loteId entidade origem prefixoToken modo totalLinhas gravadas recusadas duplicadas recebidoEm duracaoMs
            linhasRecusadas { linha valores erros } }
    proximo
  }
}`;

export const REGISTROS = `query ($entidade: String!, $primeiros: Int, $depois: String) {
  registrosIngeridos(entidade: $entidade, primeiros: $primeiros, depois: $depois) {
    itens { id chave valores vinculos loteId criadoEm atualizadoEm }
    proximo
  }
}`;

export async function records(admin: Admin, entidade: string): Promise<{ id: string; chave: string; valores: Record<string, unknown>; vinculos: Record<string, string> | null }[]> {
  const result: GraphResult<any> = await graphql(REGISTROS, { entidade, primeiros: 200 }, admin.session);
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data.registrosIngeridos.itens.map((item: any) => ({
    ...item,
    valores: JSON.parse(item.valores),
    vinculos: item.vinculos ? JSON.parse(item.vinculos) : null,
  }));
}

export async function history(admin: Admin, variables: Record<string, unknown> = {}): Promise<GraphResult<any>> {
  return graphql(HISTORICO, variables, admin.session);
}

/** A valid `incidente_seguranca` row. */
export function incidente(codigo: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { codigo, titulo: `Incidente ${codigo}`, tipo: 'Confidencialidade', severidade: 'Alta', ...extra };
}

/** Starts a burst only with enough of the minute left, so the fixed window cannot roll over mid-test. */
export async function awaitFreshWindow(neededSeconds = 20): Promise<void> {
  const left = 60 - (Math.floor(Date.now() / 1000) % 60);
  if (left < neededSeconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 200));
}
