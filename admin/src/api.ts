/**
 * The page talks to the federated graph (`/graphql`) and, only where the graph has no operation, to the REST
 * paths (the DANFE and XML files of a document). Every request carries the session as a Bearer header.
 */

/** One field refused by the API: settings and documents send `{campo, regra, erro}`, tax simulation `{campo, codigo, mensagem}`. */
export interface CampoComErro {
  campo: string;
  regra: string;
  erro: string;
}

export class ErroApi extends Error {
  constructor(
    readonly codigo: string,
    message: string,
    readonly campos: CampoComErro[] = [],
    readonly extras: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

interface GraphError {
  message: string;
  extensions?: { code?: string; campos?: unknown; [chave: string]: unknown };
}

function camposDe(valor: unknown): CampoComErro[] {
  if (!Array.isArray(valor)) return [];
  return valor.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const c = item as Record<string, unknown>;
    const campo = typeof c.campo === 'string' ? c.campo : '';
    const regra = typeof c.regra === 'string' ? c.regra : typeof c.codigo === 'string' ? c.codigo : '';
    const erro = typeof c.erro === 'string' ? c.erro : typeof c.mensagem === 'string' ? c.mensagem : '';
    return [{ campo, regra, erro }];
  });
}

export interface Api {
  graphql<T>(query: string, variaveis?: Record<string, unknown>): Promise<T>;
  /** A REST file of the stack (DANFE, XML), fetched with the session: its bytes when 200, else the API's refusal. */
  arquivo(caminho: string): Promise<RespostaArquivo>;
}

export type RespostaArquivo =
  | { status: 200; blob: Blob }
  /** `codigo` and `erro` of the refusal body; empty when the answer had none (a proxy's error page). */
  | { status: number; blob: null; codigo: string; erro: string };

export function criarApi(token: () => string | null, aoPerderSessao: () => void): Api {
  const cabecalhos = (): Record<string, string> => {
    const valor = token();
    return valor ? { authorization: `Bearer ${valor}` } : {};
  };

  return {
    async graphql<T>(query: string, variaveis: Record<string, unknown> = {}): Promise<T> {
      let resposta: Response;
      try {
        resposta = await fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...cabecalhos() },
          body: JSON.stringify({ query, variables: variaveis }),
        });
      } catch {
        throw new ErroApi('SEM_CONEXAO', 'Sem conexão com o servidor. Verifique a rede e tente de novo.');
      }
      let corpo: { data?: T | null; errors?: GraphError[]; codigo?: string; erro?: string };
      try {
        corpo = (await resposta.json()) as typeof corpo;
      } catch {
        throw new ErroApi('RESPOSTA_INVALIDA', `O servidor respondeu ${resposta.status} sem um corpo legível.`);
      }
      const erro = corpo.errors?.[0];
      if (erro) {
        const codigo = erro.extensions?.code ?? 'ERRO';
        if (codigo === 'UNAUTHENTICATED') aoPerderSessao();
        const { code: _code, campos, ...extras } = erro.extensions ?? {};
        throw new ErroApi(codigo, erro.message, camposDe(campos), extras);
      }
      if (!resposta.ok || corpo.data == null) {
        throw new ErroApi(corpo.codigo ?? 'ERRO', corpo.erro ?? `O servidor respondeu ${resposta.status}.`);
      }
      return corpo.data;
    },

    async arquivo(caminho) {
      let resposta: Response;
      try {
        resposta = await fetch(caminho, { headers: cabecalhos() });
      } catch {
        throw new ErroApi('SEM_CONEXAO', 'Sem conexão com o servidor. Verifique a rede e tente de novo.');
      }
      if (resposta.status === 200) return { status: 200, blob: await resposta.blob() };
      if (resposta.status === 401) aoPerderSessao();
      // A GET, not a HEAD: only a body says why a file does not exist (`{ codigo, erro }`).
      const corpo = (await resposta.json().catch(() => null)) as { codigo?: unknown; erro?: unknown } | null;
      return {
        status: resposta.status,
        blob: null,
        codigo: typeof corpo?.codigo === 'string' ? corpo.codigo : '',
        erro: typeof corpo?.erro === 'string' ? corpo.erro : '',
      };
    },
  };
}

/** A message for people, from any failure. */
export function mensagemDeErro(erro: unknown): string {
  if (erro instanceof ErroApi) return erro.message;
  if (erro instanceof Error) return erro.message;
  return String(erro);
}

/** Offers bytes as a download under a file name. */
export function salvarArquivo(blob: Blob, nome: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = nome;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
