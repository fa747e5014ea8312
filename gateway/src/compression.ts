import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from '@erp/kit';

/**
 * Compresses what the gateway answers (the page's script and styles, the API docs, GraphQL and REST JSON, the
 * XML files) when the client asks for it, brotli first, then gzip (`Accept-Encoding`); below 1 KiB, or for a body
 * already compressed (a PDF, a PNG), it is sent as is. @fastify/compress's own brotli level (4, its recommended
 * default, not zlib's 11) keeps a dynamic answer cheap on a small machine.
 *
 * Requests are NOT decompressed here (`globalDecompression: false`): the REST paths are forwarded unread to their
 * service, which reads its own `Content-Encoding` (ingestion's gzip bodies, with their ceiling on the inflated
 * size); inflating them at the gateway would lift that ceiling.
 *
 * Registered before any route: the plugin hooks each route as it is declared.
 */
export async function mountCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], globalDecompression: false, threshold: 1024 });
}
