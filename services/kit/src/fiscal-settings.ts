import { CommonErrorCodes, Refusal, Subjects, type ConfiguracaoFiscalCompartilhada } from '@erp/contracts';
import type { Logger } from './logger';
import { requestReply, type NatsConnection } from './nats';

/** A company's fiscal settings as the fiscal services read them (`settings.v1.get`: no secret ever crosses). */
export type FiscalSettingsReader = (companyId: string) => Promise<ConfiguracaoFiscalCompartilhada>;

/**
 * A service this one depends on did not answer: 503 SERVICO_INDISPONIVEL naming it, the cause kept for the log.
 * Nothing was stored, so the caller may simply retry.
 */
export function dependencyUnavailable(dependencia: string, cause: unknown): Refusal {
  const refusal = new Refusal(CommonErrorCodes.SERVICO_INDISPONIVEL, `${dependencia} indisponível no momento; tente de novo em alguns segundos`, {
    status: 503,
    extra: { dependencia },
  });
  refusal.cause = cause;
  return refusal;
}

/**
 * Asks the settings service on every call: not cached, since a change of regime, environment or certificate must
 * show in the very next document or simulation, and the round trip is small next to the store write. When the
 * settings do not answer, the caller is refused (503) rather than served on guessed defaults.
 */
export function fiscalSettingsReader(nc: NatsConnection, timeoutMs: number, log: Logger): FiscalSettingsReader {
  return async (companyId) => {
    let reply;
    try {
      reply = await requestReply(nc, Subjects.settingsGet, { companyId }, { timeoutMs });
    } catch (error) {
      log.warn({ err: error, companyId }, 'settings.v1.get did not answer');
      throw dependencyUnavailable('configuração fiscal', error);
    }
    if (!reply.ok) {
      log.error({ codigo: reply.codigo, companyId }, 'settings.v1.get refused');
      throw dependencyUnavailable('configuração fiscal', new Error(`${reply.codigo}: ${reply.erro}`));
    }
    return reply.configuracao;
  };
}
