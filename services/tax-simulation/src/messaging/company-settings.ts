import { CommonErrorCodes, Refusal, Subjects } from '@erp/contracts';
import { requestReply, type Logger, type NatsConnection } from '@erp/kit';
import type { OpcoesSimulacao } from '../domain';

/**
 * The company's fiscal settings that act as simulation defaults: regime, UF, effective DAS rate, start of activity
 * and usual LC 116 item (its NFS-e settings), its own due days (ICMS, ISS, CBS, IBS, IS) and its CBS/IBS reference
 * rates per year.
 */
export type CompanyDefaults = (companyId: string) => Promise<OpcoesSimulacao>;

function unavailable(): Refusal {
  return new Refusal(CommonErrorCodes.SERVICO_INDISPONIVEL, 'as configurações fiscais da empresa não responderam; tente novamente', {
    status: 503,
  });
}

/**
 * Asks the settings service (`settings.v1.get`) on every simulation: a company that saved nothing gets the
 * settings defaults (no regime, no UF, no DAS rate), so the engine's own defaults apply. Not cached: a change of
 * regime must show in the very next simulation, and the round trip is small next to the store write. When the
 * settings do not answer, the simulation is refused (503) rather than computed on guessed defaults.
 */
export function companyDefaultsOverNats(nc: NatsConnection, log: Logger, timeoutMs: number): CompanyDefaults {
  return async (companyId) => {
    let reply;
    try {
      reply = await requestReply(nc, Subjects.settingsGet, { companyId }, { timeoutMs });
    } catch (error) {
      log.error({ err: error, companyId }, 'settings.v1.get failed');
      throw unavailable();
    }
    if (!reply.ok) {
      log.error({ codigo: reply.codigo, companyId }, 'settings.v1.get refused');
      throw unavailable();
    }
    const { regimeTributario, uf, aliquotaDas, inicioAtividade } = reply.configuracao.empresa;
    const { icms, iss, cbs, ibs, is } = reply.configuracao.vencimentos;
    return {
      empresa: { regime: regimeTributario, uf, aliquotaDas, inicioAtividade, codigoServico: reply.configuracao.nfse.codigoServico },
      vencimentos: { ICMS: icms, ISS: iss, CBS: cbs, IBS: ibs, IS: is },
      aliquotasReferencia: Object.fromEntries(reply.configuracao.aliquotasReferencia.map(({ ano, ...aliquotas }) => [String(ano), aliquotas])),
    };
  };
}
