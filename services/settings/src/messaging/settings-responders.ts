import { Subjects } from '@erp/contracts';
import { serveRequests, type Logger, type NatsConnection } from '@erp/kit';
import type { SettingsService } from '../app/settings-service';
import type { TransmissionRelay } from '../app/transmission';

const QUEUE = 'settings';

/**
 * Questions other services may ask. Who may ask for which company is enforced by NATS permissions
 * (only fiscal-document and tax-simulation publish on `settings.v1.>`, only fiscal-document on sign and transmit), not by the payload.
 */
export function serveSettingsRequests(nc: NatsConnection, service: SettingsService, relay: TransmissionRelay, log: Logger): void {
  const options = { log, queue: QUEUE };
  serveRequests(nc, Subjects.settingsGet, async ({ companyId }) => ({ ok: true, configuracao: await service.getShared(companyId) }), options);
  serveRequests(nc, Subjects.settingsSign, (pedido) => service.sign(pedido), options);
  serveRequests(nc, Subjects.settingsTransmit, (pedido) => relay.transmit(pedido), options);
}
