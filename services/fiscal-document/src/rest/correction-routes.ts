import { objectBody, ok, sendFile, sessionHook, sessionOf, type FastifyInstance, type ReadCeiling, type SessionVerifier } from '@erp/kit';
import type { UseCases } from '../app';
import { DOCUMENTS_PATH } from './documents-routes';

/**
 * The correction letter over REST, the same as GraphQL's `registrarCartaCorrecao` and `cartasCorrecao`: the body
 * `{ correcao }` for an NF-e (`{ alteracoes }` for a CT-e), admin; 201 with the registered letter. The latest
 * letter's `procEventoNFe` (or the one of `?sequencia=N`) is served as XML to any role of the company.
 */
export function registerCorrectionRoutes(app: FastifyInstance, { correction }: UseCases, verifySession: SessionVerifier, reads: ReadCeiling): void {
  app.post<{ Params: { id: string } }>(`${DOCUMENTS_PATH}/:id/carta-correcao`, { onRequest: sessionHook(verifySession, { role: 'admin' }) }, async (request, reply) => {
    const carta = await correction.register(sessionOf(request), request.params.id, objectBody(request.body));
    reply.code(201);
    return ok(carta, `carta de correção ${carta.sequencia} registrada (protocolo ${carta.protocolo})`);
  });

  app.get<{ Params: { id: string }; Querystring: { sequencia?: string } }>(`${DOCUMENTS_PATH}/:id/carta-correcao.xml`, { onRequest: sessionHook(verifySession) }, async (request, reply) => {
    const { companyId } = sessionOf(request);
    const sequencia = typeof request.query.sequencia === 'string' ? request.query.sequencia : undefined;
    return sendFile(reply, await reads.run(companyId, () => correction.xml(companyId, request.params.id, sequencia)), 'attachment');
  });
}
