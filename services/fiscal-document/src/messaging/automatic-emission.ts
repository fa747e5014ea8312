import { FiscalDocumentErrorCodes, Refusal, Subjects, type PedidoFaturadoEvent, type Session } from '@erp/contracts';
import { consumeEvents, type EventConsumer, type FiscalSettingsReader, type Logger, type NatsConnection } from '@erp/kit';
import type { Connection } from 'mongoose';
import type { Emission } from '../app/emission';
import type { ModalidadeFrete } from '../domain/emission-input';

/** Automatic emission issues as this user (the audit trail names it). */
export const AUTOMATIC_EMISSION_USER = 'emissao-automatica';

/** The order's freight mode as the NF-e's `modFrete`. */
const MOD_FRETE: Record<PedidoFaturadoEvent['modalidadeFrete'], ModalidadeFrete> = { EMITENTE: 0, DESTINATARIO: 1, TERCEIROS: 2, SEM_FRETE: 9 };

/**
 * Redeliveries of an order whose emission met a passing failure: 10 deliveries, 2 s more wait each time (about
 * 90 s in all), so a dependency that restarts (the tax or settings service) does not send the order to the dead
 * letters; the kit's default budget (5 deliveries, about 10 s) is shorter than a restart under load.
 */
const MAX_DELIVERIES = 10;
const RETRY_DELAY_MS = 2_000;

/**
 * A refusal that may go away by itself: a dependency that did not answer (5xx) or the same order still being
 * issued by another delivery (EMISSAO_EM_ANDAMENTO). Anything else is about the order or the company's settings
 * and would be refused again.
 */
export function recusaPassageira(refusal: Refusal): boolean {
  return refusal.status >= 500 || refusal.codigo === FiscalDocumentErrorCodes.EMISSAO_EM_ANDAMENTO;
}

/**
 * Automatic emission (spec 4.4): on `erp.v1.pedido.faturado`, a company with `emissaoAutomatica` on gets the
 * NF-e issued with `referencia` = the order id, so a redelivered order issues nothing twice (the reference
 * claim, plus the consumer's own de-duplication by event id). A company with it off: acknowledged and ignored.
 * A refusal of the order's content (invalid data, incomplete settings) is not retried: it is logged and the
 * event is done. A passing refusal (`recusaPassageira`) makes the handler fail, so the broker redelivers it
 * (bounded, then a dead letter).
 */
export function startAutomaticEmission(options: {
  nc: NatsConnection;
  db: Connection;
  log: Logger;
  emission: Emission;
  settings: FiscalSettingsReader;
}): Promise<EventConsumer> {
  // One durable consumer per database: its processed ids live there, and replicas on it share the work.
  const { emission, settings, log } = options;
  return consumeEvents({
    nc: options.nc,
    db: options.db,
    log,
    subject: Subjects.pedidoFaturado,
    durable: `automatic-emission-${options.db.name}`,
    maxDeliveries: MAX_DELIVERIES,
    retryDelayMs: RETRY_DELAY_MS,
    handle: async (pedido: PedidoFaturadoEvent) => {
      const configuracao = await settings(pedido.companyId);
      if (!configuracao.emissaoAutomatica) {
        log.info({ companyId: pedido.companyId, pedidoId: pedido.pedidoId }, 'order invoiced; automatic emission is off for the company');
        return;
      }
      const session: Session = { companyId: pedido.companyId, userId: AUTOMATIC_EMISSION_USER, role: 'user' };
      try {
        const { documento } = await emission.issue(session, {
          referencia: pedido.pedidoId,
          modelo: 'NFE',
          destinatario: pedido.destinatario,
          itens: pedido.itens,
          modalidadeFrete: MOD_FRETE[pedido.modalidadeFrete],
        });
        log.info({ companyId: pedido.companyId, pedidoId: pedido.pedidoId, documentoId: documento.id, numero: documento.numero }, 'NF-e issued automatically');
      } catch (error) {
        if (error instanceof Refusal && !recusaPassageira(error)) {
          log.warn({ companyId: pedido.companyId, pedidoId: pedido.pedidoId, codigo: error.codigo, erro: error.erro }, 'automatic emission refused');
          return;
        }
        throw error;
      }
    },
  });
}
