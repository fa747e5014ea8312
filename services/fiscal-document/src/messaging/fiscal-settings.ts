import { CommonErrorCodes, Refusal, Subjects, type ConfiguracaoFiscalCompartilhada } from '@erp/contracts';
import { requestReply, type NatsConnection } from '@erp/kit';

/** The company's fiscal settings, from the settings service (no secret ever crosses). */
export type FiscalSettingsReader = (companyId: string) => Promise<ConfiguracaoFiscalCompartilhada>;

/**
 * A service this one depends on did not answer: 503 with a code, the cause kept for the log. Nothing was
 * stored, so the caller may simply retry.
 */
export function dependencyUnavailable(dependencia: string, cause: unknown): Refusal {
  const refusal = new Refusal(CommonErrorCodes.SERVICO_INDISPONIVEL, `${dependencia} indisponível no momento; tente de novo em alguns segundos`, {
    status: 503,
    extra: { dependencia },
  });
  refusal.cause = cause;
  return refusal;
}

export function fiscalSettingsReader(nc: NatsConnection, timeoutMs: number): FiscalSettingsReader {
  return async (companyId) => {
    let reply;
    try {
      reply = await requestReply(nc, Subjects.settingsGet, { companyId }, { timeoutMs });
    } catch (error) {
      throw dependencyUnavailable('configuração fiscal', error);
    }
    if (!reply.ok) throw dependencyUnavailable('configuração fiscal', new Error(`${reply.codigo}: ${reply.erro}`));
    return reply.configuracao;
  };
}
