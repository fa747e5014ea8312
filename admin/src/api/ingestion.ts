import { ApiError } from './client';

/**
 * The ingestion API (`/api/ingestao-pub`), which takes an ingestion token (`ing_...`), not the session: the import
 * screen's CSV upload sends the rows with the token the person pastes, as any integration would. The token lives in
 * the screen's memory only (never stored, logged or put in a URL).
 */
const BASE = '/api/ingestao-pub';

export interface CampoEntidade {
  campo: string;
  /** With `*` when required (the discovery's form). */
  rotulo: string;
  obrigatorio: boolean;
  /** The field's type (texto, data, competencia, decimal...): how a spreadsheet's cell is written for it. */
  tipo?: string;
}

export interface EntidadeDoToken {
  entidade: string;
  nome: string;
  campos: CampoEntidade[];
}

export type ResultadoLinha = { linha: number; status: 'OK'; acao: string; duplicado: boolean; aviso?: string } | { linha: number; status: 'ERRO'; erros: string[] };

export interface ResultadoLote {
  preview: boolean;
  loteId: string;
  totalLinhas: number;
  gravadas: number;
  recusadas: number;
  duplicadas: number;
  resultados: ResultadoLinha[];
}

async function call<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${BASE}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('SEM_CONEXAO', 'Sem conexão com o servidor. Verifique a rede e tente de novo.');
  }
  const answer = (await response.json().catch(() => null)) as { dados?: T; codigo?: string; erro?: string } | null;
  if (!response.ok || !answer || answer.dados === undefined) throw new ApiError(answer?.codigo ?? 'ERRO', answer?.erro ?? `O servidor respondeu ${response.status}.`);
  return answer.dados;
}

/** The entities of the token's scope with their fields' labels (the API's discovery). */
export const entidadesDoToken = async (token: string) => (await call<{ entidades: EntidadeDoToken[] }>(token, 'GET', '/entidades')).entidades;

/** What the batch would do, row by row; nothing is written. */
export const preverLote = (token: string, entidade: string, linhas: Record<string, string>[]) => call<ResultadoLote>(token, 'POST', `/${encodeURIComponent(entidade)}/preview`, { linhas });

/** Writes the batch; the same `chave` (Idempotency-Key) sent again never writes it twice. */
export const enviarLote = (token: string, entidade: string, linhas: Record<string, string>[], chave: string) =>
  call<ResultadoLote>(token, 'POST', `/${encodeURIComponent(entidade)}`, { linhas }, { 'idempotency-key': chave });
