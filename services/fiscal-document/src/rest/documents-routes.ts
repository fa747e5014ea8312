import { objectBody, ok, sendFile, sessionHook, sessionOf, type FastifyInstance, type ReadCeiling, type SessionVerifier } from '@erp/kit';
import type { UseCases } from '../app';
import { searchDocuments } from '../app/document-search';

export const DOCUMENTS_PATH = '/api/erp/faturamento/documentos';

/**
 * The ERP's REST surface (spec 4.2), with the same session JWT, fields and codes as GraphQL. The session is
 * checked in `onRequest`, before the body is read. The files (XML, and the DANFE's PDF work) run under the
 * company's read ceiling (`reads`).
 */
export function registerDocumentRoutes(app: FastifyInstance, casos: UseCases, verifySession: SessionVerifier, reads: ReadCeiling): void {
  const { files } = casos;
  app.post(DOCUMENTS_PATH, { onRequest: sessionHook(verifySession) }, async (request, reply) => {
    const { documento, criado } = await casos.emission.issue(sessionOf(request), objectBody(request.body));
    // 202: sent to SEFAZ and its answer is not known yet; the same request later tells the outcome.
    reply.code(documento.situacao === 'PENDENTE' ? 202 : criado ? 201 : 200);
    return ok(documento);
  });

  // The search for integrators: the same filters, page and cursor as GraphQL's documentosFiscais (query string).
  app.get<{ Querystring: Record<string, string | undefined> }>(DOCUMENTS_PATH, { onRequest: sessionHook(verifySession) }, async (request) => {
    const { primeiros, depois, ...filtro } = request.query;
    const limite = primeiros === undefined || primeiros === '' ? 50 : Number(primeiros);
    return ok(await searchDocuments({ reads: casos.reads, ceiling: reads }, sessionOf(request).companyId, filtro, limite, depois));
  });

  app.get<{ Params: { id: string } }>(`${DOCUMENTS_PATH}/:id`, { onRequest: sessionHook(verifySession) }, async (request) => {
    return ok(await casos.reads.getOrRefuse(sessionOf(request).companyId, request.params.id));
  });

  // The XML (nfeProc, or the signed NF-e), the cancellation's procEventoNFe and the DANFE / DANFCE: the same
  // session and company scope as the read.
  app.get<{ Params: { id: string } }>(`${DOCUMENTS_PATH}/:id/xml`, { onRequest: sessionHook(verifySession) }, async (request, reply) => {
    const { companyId } = sessionOf(request);
    return sendFile(reply, await reads.run(companyId, () => files.xml(companyId, request.params.id)), 'attachment');
  });

  app.get<{ Params: { id: string } }>(`${DOCUMENTS_PATH}/:id/cancelamento.xml`, { onRequest: sessionHook(verifySession) }, async (request, reply) => {
    return sendFile(reply, await files.xmlCancelamento(sessionOf(request).companyId, request.params.id), 'attachment');
  });

  app.get<{ Params: { id: string } }>(`${DOCUMENTS_PATH}/:id/danfe.pdf`, { onRequest: sessionHook(verifySession) }, async (request, reply) => {
    const { companyId } = sessionOf(request);
    return sendFile(reply, await reads.run(companyId, () => files.danfe(companyId, request.params.id)), 'inline');
  });

  app.post<{ Params: { id: string } }>(`${DOCUMENTS_PATH}/:id/cancelar`, { onRequest: sessionHook(verifySession, { role: 'admin' }) }, async (request) => {
    const corpo = objectBody(request.body);
    const dados = await casos.cancellation.cancel(sessionOf(request), request.params.id, corpo.justificativa, corpo.chNFeRef, corpo.motivo);
    return ok(dados, `documento ${dados.chaveAcesso} cancelado (protocolo ${dados.protocoloCancelamento})`);
  });

  app.post<{ Params: { id: string } }>(`${DOCUMENTS_PATH}/:id/entrega`, { onRequest: sessionHook(verifySession) }, async (request) => {
    return ok(await casos.marks.markDelivery(sessionOf(request), request.params.id));
  });

  app.post<{ Params: { id: string } }>(`${DOCUMENTS_PATH}/:id/inicio-servico`, { onRequest: sessionHook(verifySession) }, async (request) => {
    return ok(await casos.marks.markServiceStart(sessionOf(request), request.params.id));
  });
}
