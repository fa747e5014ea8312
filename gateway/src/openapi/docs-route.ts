import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from '@erp/kit';
import { openApiDocument } from './document';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

const DOCS_CSP =
  "default-src 'self'; base-uri 'self'; object-src 'none'; frame-ancestors 'self'; form-action 'self'; " +
  "script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'";

/**
 * `GET /api/openapi.json`: the OpenAPI 3.1 document of every REST path; `GET /api/docs`: a page to read it
 * (Swagger UI, its assets served from the package: no CDN, no request leaves the gateway; the online validator
 * badge is off). Both public: the document describes the API, it holds no data.
 */
export async function mountApiDocs(app: FastifyInstance): Promise<void> {
  const document = openApiDocument();
  const body = JSON.stringify(document);
  app.get(OPENAPI_PATH, async (_request, reply) => reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(body));
  await app.register(async (scope) => {
    await scope.register(swagger, { mode: 'static', specification: { document: document as never } });
    await scope.register(swaggerUi, {
      routePrefix: DOCS_PATH,
      // Everything from the gateway itself (the package's own CSP adds upgrade-insecure-requests and https: fonts).
      staticCSP: DOCS_CSP,
      validatorUrl: false,
      uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
    });
  });
}
