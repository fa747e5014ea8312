import { signDevSession } from '@erp/kit';
import type { SessionRole } from '@erp/contracts';

/**
 * Where the throw-away stack started by jest's global setup listens. Every test talks to it over real
 * connections: HTTP through the gateway, or FerretDB/NATS directly for raw checks.
 */
export const stackEnv = {
  get gatewayUrl(): string {
    return need('TEST_GATEWAY_URL');
  },
  get mongodbUrl(): string {
    return need('TEST_MONGODB_URL');
  },
  get natsUrl(): string {
    return need('TEST_NATS_URL');
  },
  get sessionSecret(): string {
    return need('TEST_SESSION_SECRET');
  },
  /** Direct URL of one service, bypassing the gateway (e.g. to prove a subgraph checks the session itself). */
  serviceUrl(service: 'token' | 'ingestion' | 'fiscal-document' | 'tax-simulation' | 'settings'): string {
    return need(`TEST_${service.toUpperCase().replace('-', '_')}_URL`);
  },
};

function need(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through jest (its global setup starts the stack)`);
  return value;
}

let counter = 0;
/** A company id nobody else in the run uses, so tests never see each other's data. */
export function newCompanyId(label = 'empresa'): string {
  counter += 1;
  return `${label}-${process.pid}-${Date.now().toString(36)}-${counter}`;
}

export function sessionFor(companyId: string, role: SessionRole = 'admin', userId = `user-${companyId}`): Promise<string> {
  return signDevSession(stackEnv.sessionSecret, { companyId, role, userId });
}

export interface GraphResult<T = Record<string, unknown>> {
  status: number;
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string; [key: string]: unknown } }[];
}

/** Sends a GraphQL operation through the gateway (or to `url`) with an optional session. */
export async function graphql<T = Record<string, any>>(
  query: string,
  variables: Record<string, unknown> = {},
  session?: string,
  url = `${stackEnv.gatewayUrl}/graphql`,
): Promise<GraphResult<T>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(session ? { authorization: `Bearer ${session}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as GraphResult<T>;
  return { ...body, status: response.status };
}

export interface RestReply {
  status: number;
  headers: Headers;
  body: any;
}

/** Sends raw bytes or text through the gateway, headers exactly as given (for gzip, bad types, bad JSON). */
export async function send(
  method: string,
  path: string,
  options: { bearer?: string; body?: string | Buffer; headers?: Record<string, string> } = {},
): Promise<RestReply> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  const response = await fetch(`${stackEnv.gatewayUrl}${path}`, { method, headers, body: options.body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // keep the raw text: a test may assert a non-JSON answer
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

/** Sends a REST request through the gateway. `body` objects are sent as JSON, strings as they are. */
export function rest(
  method: string,
  path: string,
  options: { bearer?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<RestReply> {
  if (options.body === undefined) return send(method, path, { bearer: options.bearer, headers: options.headers });
  return send(method, path, {
    bearer: options.bearer,
    body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
    headers: { 'content-type': 'application/json', ...(options.headers ?? {}) },
  });
}
