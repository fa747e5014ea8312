import { fieldErrorsOf, type FieldError } from './field-errors';
import type { Operation } from './operation';

/**
 * The page talks to the federated graph (`/graphql`) and, only where the graph has no operation, to the REST
 * paths (the DANFE and XML files of a document). Every request carries the session as a Bearer header.
 */
export class ApiError extends Error {
  constructor(
    /** The API's stable code (`extensions.code` of GraphQL, `codigo` of REST). */
    readonly code: string,
    message: string,
    readonly fieldErrors: FieldError[] = [],
    /** The error's other extensions (a conflict's version, a limit). */
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

interface GraphError {
  message: string;
  extensions?: { code?: string; campos?: unknown; [key: string]: unknown };
}

/** Variables may be left out only when the operation has none that are required. */
type VariablesArgument<V> = Record<string, never> extends V ? [variables?: V] : [variables: V];

export interface ApiClient {
  graphql<R, V>(operation: Operation<R, V>, ...variables: VariablesArgument<V>): Promise<R>;
  /** A REST file of the stack (DANFE, XML), fetched with the session: its bytes when 200, else the API's refusal. */
  file(path: string): Promise<FileAnswer>;
  /** A REST POST of the stack with the session (a file link): its `dados`, else the refusal as an ApiError. */
  post<T>(path: string, body: unknown): Promise<T>;
}

export type FileAnswer =
  | { status: 200; blob: Blob }
  /** `codigo` and `erro` of the refusal body; empty when the answer had none (a proxy's error page). */
  | { status: number; blob: null; codigo: string; erro: string };

const OFFLINE = 'Sem conexão com o servidor. Verifique a rede e tente de novo.';

export function createApiClient(token: () => string | null, onSessionLost: () => void): ApiClient {
  const headers = (): Record<string, string> => {
    const value = token();
    return value ? { authorization: `Bearer ${value}` } : {};
  };

  return {
    async graphql<R, V>(operation: Operation<R, V>, ...[variables]: VariablesArgument<V>): Promise<R> {
      let response: Response;
      try {
        response = await fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers() },
          body: JSON.stringify({ query: operation, variables: variables ?? {} }),
        });
      } catch {
        throw new ApiError('SEM_CONEXAO', OFFLINE);
      }
      let body: { data?: R | null; errors?: GraphError[]; codigo?: string; erro?: string };
      try {
        body = (await response.json()) as typeof body;
      } catch {
        throw new ApiError('RESPOSTA_INVALIDA', `O servidor respondeu ${response.status} sem um corpo legível.`);
      }
      const error = body.errors?.[0];
      if (error) {
        const code = error.extensions?.code ?? 'ERRO';
        if (code === 'UNAUTHENTICATED') onSessionLost();
        const { code: _code, campos, ...extensions } = error.extensions ?? {};
        throw new ApiError(code, error.message, fieldErrorsOf(campos), extensions);
      }
      if (!response.ok || body.data == null) {
        throw new ApiError(body.codigo ?? 'ERRO', body.erro ?? `O servidor respondeu ${response.status}.`);
      }
      return body.data;
    },

    async post<T>(path: string, payload: unknown): Promise<T> {
      let response: Response;
      try {
        response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers() }, body: JSON.stringify(payload) });
      } catch {
        throw new ApiError('SEM_CONEXAO', OFFLINE);
      }
      if (response.status === 401) onSessionLost();
      const body = (await response.json().catch(() => null)) as { dados?: T; codigo?: string; erro?: string; campos?: unknown } | null;
      if (!response.ok || !body || body.dados === undefined) {
        throw new ApiError(body?.codigo ?? 'ERRO', body?.erro ?? `O servidor respondeu ${response.status}.`, fieldErrorsOf(body?.campos));
      }
      return body.dados;
    },

    async file(path) {
      let response: Response;
      try {
        response = await fetch(path, { headers: headers() });
      } catch {
        throw new ApiError('SEM_CONEXAO', OFFLINE);
      }
      if (response.status === 200) return { status: 200, blob: await response.blob() };
      if (response.status === 401) onSessionLost();
      // A GET, not a HEAD: only a body says why a file does not exist (`{ codigo, erro }`).
      const body = (await response.json().catch(() => null)) as { codigo?: unknown; erro?: unknown } | null;
      return {
        status: response.status,
        blob: null,
        codigo: typeof body?.codigo === 'string' ? body.codigo : '',
        erro: typeof body?.erro === 'string' ? body.erro : '',
      };
    },
  };
}

/** A message for people, from any failure. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
