import { objectBody, ok, sendFile, sessionHook, sessionOf, type FastifyInstance, type ReadCeiling, type SessionVerifier } from '@erp/kit';
import { FILE_LINKS_PATH, type FileLinks } from '../app/file-links';
import { DOCUMENTS_PATH } from './documents-routes';

/**
 * The short-lived file links (app/file-links.ts): `POST /documentos/:id/link-arquivo` `{arquivo: "danfe" | "xml"}`
 * with the session gives `{url, expiraEm}`; `GET /documentos/arquivos/:token` (no session: the token is the
 * credential) serves the file inline, never cached, under the company's read ceiling like the file routes.
 */
export function registerFileLinkRoutes(app: FastifyInstance, links: FileLinks, verifySession: SessionVerifier, reads: ReadCeiling): void {
  app.post<{ Params: { id: string } }>(`${DOCUMENTS_PATH}/:id/link-arquivo`, { onRequest: sessionHook(verifySession) }, async (request, reply) => {
    const corpo = objectBody(request.body);
    reply.header('cache-control', 'no-store');
    return ok(await links.issue(sessionOf(request).companyId, request.params.id, corpo.arquivo));
  });

  app.get<{ Params: { token: string } }>(`${FILE_LINKS_PATH}/:token`, async (request, reply) => {
    const link = await links.open(request.params.token);
    const file = await reads.run(link.companyId, link.file);
    // The link is a credential: not kept by caches, not sent on as a Referer by what the PDF viewer opens.
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').header('x-content-type-options', 'nosniff');
    return sendFile(reply, file, 'inline');
  });
}
