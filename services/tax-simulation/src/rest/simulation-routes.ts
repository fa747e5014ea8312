import { ok, sessionHook, sessionOf, type FastifyInstance, type SessionVerifier } from '@erp/kit';
import { notFound, type SimulationService } from '../app/simulation-service';

const BASE = '/api/erp/faturamento/impostos/simulacoes';

/**
 * REST for ERP callers, through the gateway. Any role of the company simulates and reads; only `admin`
 * provisions (403 `FORBIDDEN`, decided in `onRequest` before the body is read). Bad input is 400
 * `SIMULACAO_INVALIDA` with every refused field in `campos`; another company's id is 404
 * `SIMULACAO_NAO_ENCONTRADA`, exactly like an unknown one.
 */
export function registerSimulationRoutes(app: FastifyInstance, service: SimulationService, verifySession: SessionVerifier): void {
  app.post(BASE, { onRequest: sessionHook(verifySession) }, async (request, reply) => {
    const dados = await service.simulate(sessionOf(request), request.body);
    return reply.code(201).send(ok(dados));
  });

  app.get<{ Params: { id: string } }>(`${BASE}/:id`, { onRequest: sessionHook(verifySession) }, async (request) => {
    const dados = await service.get(sessionOf(request).companyId, request.params.id);
    if (!dados) throw notFound();
    return ok(dados);
  });

  // Idempotent: the first call and every repeat answer 200 with the same titles.
  app.post<{ Params: { id: string } }>(`${BASE}/:id/provisionar`, { onRequest: sessionHook(verifySession, { role: 'admin' }) }, async (request) => {
    const dados = await service.provision(sessionOf(request), request.params.id);
    return ok(dados);
  });
}
