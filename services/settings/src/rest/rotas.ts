import type { FastifyRequest } from 'fastify';
import { CommonErrorCodes, SettingsErrorCodes, type Session } from '@erp/contracts';
import { HttpError, SessionError, type FastifyInstance, type SessionVerifier } from '@erp/kit';
import type { ServicoConfiguracao } from '../app/servico';

export const CAMINHO_CONFIGURACAO = '/api/erp/faturamento/configuracao';

declare module 'fastify' {
  interface FastifyRequest {
    sessao?: Session;
  }
}

/**
 * GET/PUT of spec 4.3. The session is checked in `onRequest`, before the body is read, so an anonymous or
 * non-admin caller learns nothing about what the body would have produced.
 */
export function registrarRotas(app: FastifyInstance, servico: ServicoConfiguracao, verifySession: SessionVerifier): void {
  const autenticar = async (request: FastifyRequest) => {
    try {
      request.sessao = await verifySession(request.headers.authorization);
    } catch (error) {
      if (!(error instanceof SessionError)) throw error;
      request.log.info({ reason: error.reason }, 'session refused');
      throw new HttpError(401, CommonErrorCodes.UNAUTHENTICATED, 'sessão ausente ou inválida');
    }
  };

  app.get(CAMINHO_CONFIGURACAO, { onRequest: autenticar }, async (request) => {
    return { sucesso: true, dados: await servico.obter(request.sessao!.companyId) };
  });

  app.put(
    CAMINHO_CONFIGURACAO,
    {
      onRequest: async (request) => {
        await autenticar(request);
        if (request.sessao!.role !== 'admin') {
          throw new HttpError(403, CommonErrorCodes.FORBIDDEN, 'apenas administradores da empresa alteram a configuração fiscal');
        }
      },
    },
    async (request) => {
      const { companyId, userId } = request.sessao!;
      const corpo = request.body;
      if (typeof corpo !== 'object' || corpo === null || Array.isArray(corpo)) {
        throw new HttpError(400, SettingsErrorCodes.CORPO_INVALIDO, 'o corpo deve ser um objeto JSON com a configuração');
      }
      const resultado = await servico.salvar(companyId, userId, corpo);
      if (!resultado.ok) {
        const status = resultado.codigo === SettingsErrorCodes.CONFLITO_DE_EDICAO ? 409 : 400;
        throw new HttpError(status, resultado.codigo, resultado.erro, resultado.campos ? { campos: resultado.campos } : {});
      }
      return { sucesso: true, dados: resultado.configuracao };
    },
  );
}
