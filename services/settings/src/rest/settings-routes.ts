import type { FastifyRequest } from 'fastify';
import { Refusal, SettingsErrorCodes } from '@erp/contracts';
import { objectBody, ok, sessionHook, sessionOf, type FastifyInstance, type SessionVerifier } from '@erp/kit';
import type { SettingsService } from '../app/settings-service';

const SETTINGS_PATH = '/api/erp/faturamento/configuracao';

/** `If-Match: "3"` (the GET's ETag) or `3`: the version the editor read. Absent: no precondition. */
function expectedVersion(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  if (!match) {
    throw new Refusal(SettingsErrorCodes.VERSAO_ESPERADA_INVALIDA, 'If-Match deve ser a versão lida (o ETag do GET), por exemplo "3"');
  }
  return Number(match[1]);
}

/**
 * GET/PUT of spec 4.3. The session is checked in `onRequest`, before the body is read, so an anonymous or
 * non-admin caller learns nothing about what the body would have produced. The GET's `ETag` is the version;
 * a PUT with `If-Match` is refused with 409 `CONFLITO_DE_EDICAO` when someone saved another version since.
 */
export function registerSettingsRoutes(app: FastifyInstance, service: SettingsService, verifySession: SessionVerifier): void {
  app.get(SETTINGS_PATH, { onRequest: sessionHook(verifySession) }, async (request, reply) => {
    const dados = await service.get(sessionOf(request).companyId);
    reply.header('etag', `"${dados.versao}"`);
    return ok(dados);
  });

  app.put(SETTINGS_PATH, { onRequest: sessionHook(verifySession, { role: 'admin' }) }, async (request, reply) => {
    const { companyId, userId } = sessionOf(request);
    const corpo = objectBody(request.body, 'o corpo deve ser um objeto JSON com a configuração');
    const dados = await service.save(companyId, userId, corpo, { expectedVersion: expectedVersion(request) });
    reply.header('etag', `"${dados.versao}"`);
    return ok(dados);
  });
}
