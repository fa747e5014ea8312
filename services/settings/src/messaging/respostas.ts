import {
  Subjects,
  settingsGetRequestSchema,
  settingsSignRequestSchema,
  type SettingsGetReply,
  type SettingsSignReply,
} from '@erp/contracts';
import { serveRequests, type Logger, type NatsConnection } from '@erp/kit';
import type { ServicoConfiguracao } from '../app/servico';

const FILA = 'settings';

/**
 * Questions other services may ask. Who may ask for which company is enforced by NATS permissions
 * (only fiscal-document and tax-simulation publish on `settings.v1.>`), not by the payload.
 */
export function responderPedidos(nc: NatsConnection, servico: ServicoConfiguracao, log: Logger): void {
  serveRequests(
    nc,
    Subjects.settingsGet,
    settingsGetRequestSchema,
    async ({ companyId }): Promise<SettingsGetReply> => ({ ok: true, configuracao: await servico.obterCompartilhada(companyId) }),
    log,
    FILA,
  );
  serveRequests(nc, Subjects.settingsSign, settingsSignRequestSchema, (pedido): Promise<SettingsSignReply> => servico.assinar(pedido), log, FILA);
}
