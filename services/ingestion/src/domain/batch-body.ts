import { IngestionErrorCodes as Codes } from '@erp/contracts';
import type { BatchBodyCheck } from './types';

/** Rows per request (spec section 8); reported to clients as `maxLinhasPorRequisicao`. */
export const MAX_LINHAS_POR_REQUISICAO = 500;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function invalido(erro: string): BatchBodyCheck {
  return { ok: false, status: 400, codigo: Codes.CORPO_INVALIDO, erro };
}

/**
 * The body of a preview or write (spec 4.1, 7 and 8): an object whose `linhas` is a non-empty array of
 * objects, at most `maximo` of them. The size is checked before any row is looked at, so an oversized
 * batch costs nothing.
 */
export function parseBatchBody(body: unknown, maximo = MAX_LINHAS_POR_REQUISICAO): BatchBodyCheck {
  if (!isPlainObject(body)) {
    return invalido('O corpo deve ser um objeto JSON no formato { "linhas": [ {...}, ... ] }.');
  }
  if (!Object.prototype.hasOwnProperty.call(body, 'linhas')) {
    return invalido('O corpo não tem a chave "linhas": envie { "linhas": [ {...}, ... ] }.');
  }
  const linhas = body.linhas;
  if (!Array.isArray(linhas)) {
    return invalido('"linhas" deve ser uma lista de objetos: envie { "linhas": [ {...}, ... ] }.');
  }
  if (linhas.length === 0) {
    return { ok: false, status: 400, codigo: Codes.LOTE_VAZIO, erro: 'O lote está vazio: "linhas" precisa de ao menos uma linha.' };
  }
  if (linhas.length > maximo) {
    return {
      ok: false,
      status: 413,
      codigo: Codes.LOTE_GRANDE_DEMAIS,
      erro: `O lote tem ${linhas.length} linhas; o máximo por requisição é ${maximo}. Divida o envio em lotes menores.`,
      extra: { maximo, recebidas: linhas.length },
    };
  }
  for (let i = 0; i < linhas.length; i += 1) {
    if (!isPlainObject(linhas[i])) {
      return invalido(`A linha ${i + 1} não é um objeto: cada item de "linhas" deve ser um objeto com os campos da entidade.`);
    }
  }
  return { ok: true, linhas: linhas as Record<string, unknown>[] };
}
