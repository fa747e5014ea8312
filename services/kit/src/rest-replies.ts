import { CommonErrorCodes, Refusal } from '@erp/contracts';
import type { FastifyReply } from 'fastify';

/** The REST success body of every route: `{ sucesso: true, dados }`, with `mensagem` where the route says one. */
export function ok<T>(dados: T, mensagem?: string): { sucesso: true; mensagem?: string; dados: T } {
  return mensagem === undefined ? { sucesso: true, dados } : { sucesso: true, mensagem, dados };
}

/** The body a route reads as a JSON object; anything else (an array, a text, nothing) is CORPO_INVALIDO. */
export function objectBody(body: unknown, what = 'o corpo deve ser um objeto JSON'): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Refusal(CommonErrorCodes.CORPO_INVALIDO, what);
  return body as Record<string, unknown>;
}

/** A file a route answers with: its bytes or text, media type and name. */
export interface FileReply {
  conteudo: Buffer | string;
  tipo: string;
  nome: string;
}

/**
 * Answers a file: `inline` where a browser should show it (a PDF), `attachment` where it should save it (an XML).
 * The name is ours (keys, numbers), never the client's, so it needs no escaping beyond the quotes it has none of.
 */
export function sendFile(reply: FastifyReply, arquivo: FileReply, disposition: 'inline' | 'attachment'): Buffer | string {
  reply.type(arquivo.tipo).header('content-disposition', `${disposition}; filename="${arquivo.nome}"`);
  return arquivo.conteudo;
}
