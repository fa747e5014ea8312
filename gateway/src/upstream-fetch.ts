import http from 'node:http';
import https from 'node:https';
import fetch, { type RequestInit, type Response } from 'node-fetch';

export type UpstreamFetch = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * The one HTTP client of the gateway towards its subgraphs (the supergraph's SDL at start, every operation after):
 * keep-alive agents with a ceiling, so a slow subgraph cannot make the gateway open sockets without bound, and a
 * timeout on every request.
 */
export function upstreamFetch(maxSockets: number, timeoutMs: number): UpstreamFetch {
  const httpAgent = new http.Agent({ keepAlive: true, maxSockets });
  const httpsAgent = new https.Agent({ keepAlive: true, maxSockets });
  return (url, init = {}) =>
    fetch(url, {
      ...init,
      timeout: timeoutMs,
      agent: (parsed: URL) => (parsed.protocol === 'https:' ? httpsAgent : httpAgent),
    });
}
