import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { newCompanyId, sessionFor, stackEnv } from '../support/env';
import { gzipJson, incidente, newIntegration } from './ingestion-api-helpers';

/**
 * The gateway compresses what it serves when asked (br, else gzip): the page's script, the API document, GraphQL
 * answers. Read with node:http, which (unlike fetch) hands back the bytes as they came, so the encoding is seen.
 */
interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
}

function raw(method: string, pathname: string, headers: Record<string, string>, body?: string | Buffer): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${stackEnv.gatewayUrl}${pathname}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The page's script as built (admin/dist/assets/index-<hash>.js). */
function scriptOfThePage(): { url: string; size: number } {
  const dir = path.resolve(__dirname, '..', '..', 'admin', 'dist', 'assets');
  const file = fs.readdirSync(dir).find((name) => name.endsWith('.js'))!;
  return { url: `/admin/assets/${file}`, size: fs.statSync(path.join(dir, file)).size };
}

describe('gateway - compression', () => {
  it('gateway compression - the page script asked with gzip comes gzipped, a fraction of its size, and inflates to the file', async () => {
    const script = scriptOfThePage();
    const answer = await raw('GET', script.url, { 'accept-encoding': 'gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    const inflated = zlib.gunzipSync(answer.bytes);
    expect(inflated.length).toBe(script.size);
    // Measured: about 300 KB of script to about 90 KB.
    expect(answer.bytes.length).toBeLessThan(script.size / 2);
    console.log(`page script: ${script.size} B, gzip ${answer.bytes.length} B`);

    const plain = await raw('GET', script.url, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBe(script.size);
  });

  it('gateway compression - the API document with br, a GraphQL answer and a REST JSON answer (the documents list) with gzip', async () => {
    const docs = await raw('GET', '/api/openapi.json', { 'accept-encoding': 'br, gzip' });
    expect(docs.headers['content-encoding']).toBe('br');
    const document = JSON.parse(zlib.brotliDecompressSync(docs.bytes).toString('utf8')) as { openapi: string };
    expect(document.openapi).toMatch(/^3\./);
    console.log(`openapi.json: ${zlib.brotliDecompressSync(docs.bytes).length} B, br ${docs.bytes.length} B`);

    const session = await sessionFor(newCompanyId('compressao'));
    const introspection = JSON.stringify({ query: '{ __schema { types { name fields { name } } } }' });
    const graph = await raw('POST', '/graphql', { 'accept-encoding': 'gzip', 'content-type': 'application/json', authorization: `Bearer ${session}` }, introspection);
    expect(graph.status).toBe(200);
    expect(graph.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(graph.bytes).toString('utf8'))).toHaveProperty('data.__schema.types');

    // A REST answer is forwarded as a stream (its length unknown to the gateway): compressed whatever its size.
    const list = await raw('GET', '/api/erp/faturamento/documentos', { 'accept-encoding': 'gzip', authorization: `Bearer ${session}` });
    expect(list.status).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(list.bytes).toString('utf8'))).toEqual({ sucesso: true, dados: { itens: [], proximo: null } });
    // Not asked, not compressed.
    const plain = await raw('GET', '/api/erp/faturamento/documentos', { authorization: `Bearer ${session}` });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.bytes.toString('utf8'))).toHaveProperty('sucesso', true);
  });

  it('gateway compression - a gzipped request body still reaches its service compressed (ingestion reads it, with its own ceiling)', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'], label: 'compressao' });
    const corpo = gzipJson({ linhas: [incidente('GZ-1')] });
    const answer = await raw('POST', '/api/ingestao-pub/incidente_seguranca', {
      authorization: `Bearer ${ing.token}`,
      'content-type': 'application/json',
      'content-encoding': 'gzip',
      'accept-encoding': 'gzip',
    }, corpo);
    expect(answer.status).toBe(200);
    const body = JSON.parse((answer.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(answer.bytes) : answer.bytes).toString('utf8'));
    expect(body).toMatchObject({ dados: { gravadas: 1 } });
  });
});
