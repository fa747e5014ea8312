import { FiscalDocumentErrorCodes as Codes, Refusal } from '@erp/contracts';

/** Opaque page cursor: the last document's creation instant and id, base64url. */
export function encodeCursor(posicao: { criadoEm: Date; id: string }): string {
  return Buffer.from(JSON.stringify([posicao.criadoEm.toISOString(), posicao.id])).toString('base64url');
}

export function decodeCursor(texto: string): { criadoEm: Date; id: string } {
  try {
    const [instante, id] = JSON.parse(Buffer.from(texto, 'base64url').toString('utf8')) as unknown[];
    const criadoEm = new Date(String(instante));
    if (typeof id === 'string' && /^[0-9a-f]{32}$/.test(id) && !Number.isNaN(criadoEm.getTime())) return { criadoEm, id };
  } catch {
    // falls through to the refusal
  }
  throw new Refusal(Codes.CURSOR_INVALIDO, 'cursor "depois" inválido; use o valor de "proximo" de uma página desta mesma consulta');
}

export const PRIMEIROS_MAX = 200;

export function primeirosValido(primeiros: number): number {
  if (!Number.isInteger(primeiros) || primeiros < 1 || primeiros > PRIMEIROS_MAX) {
    throw new Refusal(Codes.PRIMEIROS_INVALIDO, `primeiros deve estar entre 1 e ${PRIMEIROS_MAX}`);
  }
  return primeiros;
}
