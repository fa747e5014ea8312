import type { FuzzContext, ServiceName } from './context';
import { toJsonText, type Random } from './random';

/** One generated request. `raw` requests are written byte for byte on a socket (framing attacks). */
export interface FuzzRequest {
  index: number;
  category: string;
  /** What the request is, in words, with the roles of its credentials (`token:revoked`, `session:forgedKey`). */
  description: string;
  target: 'gateway' | ServiceName;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  raw?: Buffer;
  /** Outcomes this request must have beyond the general rules (no 5xx, the error shape, a known code). */
  expect?: { status?: number[]; codes?: string[] };
}

export type Draft = Omit<FuzzRequest, 'index' | 'category'>;

export const ING = '/api/ingestao-pub';
export const SETTINGS = '/api/erp/faturamento/configuracao';
export const DOCUMENTS = '/api/erp/faturamento/documentos';
export const SIMULATIONS = '/api/erp/faturamento/impostos/simulacoes';
export const VOIDINGS = '/api/erp/faturamento/inutilizacoes';
export const JSON_TYPE = { 'content-type': 'application/json' };

export const json = (value: unknown) => Buffer.from(toJsonText(value));
export const bearer = (value: string) => ({ authorization: `Bearer ${value}` });

/** A session of a random role on a REST call: its role, the header (none for `none`) and whether it is a valid one. */
export function session(random: Random, context: FuzzContext): [string, string | undefined, boolean] {
  const role = random.weighted<keyof FuzzContext['sessions'] | 'none' | 'garbage'>([
    [5, 'admin'],
    [2, 'user'],
    [1, 'foreign'],
    [1, 'forgedKey'],
    [1, 'expired'],
    [1, 'algNone'],
    [1, 'noCompany'],
    [1, 'oddRole'],
    [1, 'none'],
    [1, 'garbage'],
  ]);
  if (role === 'none') return [role, undefined, false];
  if (role === 'garbage') return [role, `Bearer ${random.pick(['a.b.c', 'x', '...', 'e30.e30.', context.tokens.valid[0]])}`, false];
  const valid = ['admin', 'user', 'foreign'].includes(role);
  return [role, `Bearer ${context.sessions[role]}`, valid];
}
