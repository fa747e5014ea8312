import { ModelosDocumento, type ModeloDocumento } from '@erp/contracts';
import { MAX_PAGE_SIZE, objectBody, ok, sendFile, sessionHook, sessionOf, type FastifyInstance, type ReadCeiling, type SessionVerifier } from '@erp/kit';
import type { UseCases } from '../app';
import { voidingInvalid } from '../app/refusals';

export const VOIDINGS_PATH = '/api/erp/faturamento/inutilizacoes';

/**
 * Voiding (inutilização) over REST, the same as GraphQL's `inutilizarNumeracao` and `inutilizacoes`: the body
 * `{ modelo, serie, de, ate, justificativa }` (admin); 201 for a new voiding, 200 when the same range was voided
 * already by an earlier identical request. The list runs under the company's read ceiling (`reads`).
 */
export function registerVoidingRoutes(app: FastifyInstance, { voiding, files }: UseCases, verifySession: SessionVerifier, reads: ReadCeiling): void {
  // The ProcInutNFe of a voiding SEFAZ registered (any role of the company, like the listing).
  app.get<{ Params: { id: string } }>(`${VOIDINGS_PATH}/:id/xml`, { onRequest: sessionHook(verifySession) }, async (request, reply) => {
    const { companyId } = sessionOf(request);
    return sendFile(reply, await reads.run(companyId, () => files.xmlInutilizacao(companyId, request.params.id)), 'attachment');
  });

  app.post(VOIDINGS_PATH, { onRequest: sessionHook(verifySession, { role: 'admin' }) }, async (request, reply) => {
    const { inutilizacao, criada } = await voiding.request(sessionOf(request), objectBody(request.body));
    reply.code(criada ? 201 : 200);
    return ok(inutilizacao, `numeração ${inutilizacao.de} a ${inutilizacao.ate} da série ${inutilizacao.serie} inutilizada (protocolo ${inutilizacao.protocolo ?? '-'})`);
  });

  app.get<{ Querystring: { modelo?: string; primeiros?: string } }>(VOIDINGS_PATH, { onRequest: sessionHook(verifySession) }, async (request) => {
    const { modelo, primeiros } = request.query;
    const limite = primeiros === undefined ? 50 : Number(primeiros);
    const campos = [
      modelo !== undefined && !ModelosDocumento.includes(modelo as ModeloDocumento) && { campo: 'modelo', regra: 'modelo_invalido', erro: `modelo deve ser ${ModelosDocumento.join(', ')}` },
      (!Number.isInteger(limite) || limite < 1 || limite > MAX_PAGE_SIZE) && { campo: 'primeiros', regra: 'primeiros_invalido', erro: `primeiros deve estar entre 1 e ${MAX_PAGE_SIZE}` },
    ].filter((c): c is { campo: string; regra: string; erro: string } => Boolean(c));
    // The query's own checks, in the voiding's code (REST answers each route's refusals with its own codes).
    if (campos.length > 0) throw voidingInvalid(campos, 'consulta inválida');
    const { companyId } = sessionOf(request);
    return ok(await reads.run(companyId, () => voiding.list(companyId, { modelo: modelo as ModeloDocumento | undefined }, limite)));
  });
}
