import { isRefusal } from '@erp/contracts';
import type { Logger } from '@erp/kit';
import type { DocumentsStore } from '../store/documents-store';
import type { DocumentsService } from './documents-service';
import { systemClock, type Clock } from './test-hooks';

/** A claim untouched this long lost its author; younger ones may still be in their author's hands. */
const ABANDONADO_MS = 30_000;
/**
 * A cancellation claim neither recorded nor marked uncertain after this lost its author: longer than the
 * author's own settling (at most four SEFAZ calls at the longest company timeout, 4 x 125 s).
 */
const CANCELAMENTO_ABANDONADO_MS = 10 * 60_000;
const LOTE = 20;

/**
 * Resolves what is left open without waiting for a client to ask again:
 * - documents sent whose answer was lost (PENDENTE) and claims abandoned mid-emission (a crash): each is asked to
 *   SEFAZ by key first (`DocumentsService.retomar`) and finished with the number it holds or, if none reached it,
 *   the one it claimed (`takeNumber` finds it), so a number taken is never left hanging; nothing gets a new number;
 * - cancellation claims whose answer was lost (503 CANCELAMENTO_PENDENTE) or whose author died: a query by key
 *   settles each (`DocumentsService.conciliarCancelamento`): the registered cancellation is recorded with its
 *   one event, an unregistered one releases the claim.
 * Runs every `intervalMs`, one pass at a time; replicas may overlap on a document, which the claims make
 * harmless (one authorization fact, one cancellation turn at a time, one event).
 */
export function startReconciliation(options: { store: DocumentsStore; service: DocumentsService; log: Logger; intervalMs: number; now?: Clock }): {
  stop: () => Promise<void>;
} {
  const { store, service, log } = options;
  const now = options.now ?? systemClock;
  let corrente: Promise<void> | null = null;
  const passada = async () => {
    const documentos = await store.unresolved(new Date(now().getTime() - ABANDONADO_MS), LOTE);
    for (const doc of documentos) {
      try {
        const visto = await service.retomar(doc);
        log.info({ documentoId: doc._id, situacao: visto.situacao }, 'pending document resolved');
      } catch (error) {
        if (isRefusal(error)) log.info({ documentoId: doc._id, codigo: error.codigo }, 'pending document resolved as refused');
        else log.warn({ err: error, documentoId: doc._id }, 'pending document not resolved yet');
      }
    }
    for (const fato of await store.openCancellations(new Date(now().getTime() - CANCELAMENTO_ABANDONADO_MS), LOTE)) {
      try {
        const resultado = await service.conciliarCancelamento(fato);
        log.info({ documentoId: fato.documentoId, resultado }, 'open cancellation settled by a query');
      } catch (error) {
        log.warn({ err: error, documentoId: fato.documentoId }, 'open cancellation not settled yet');
      }
    }
  };
  const timer = setInterval(() => {
    if (corrente) return;
    corrente = passada()
      .catch((error) => log.warn({ err: error }, 'reconciliation pass failed'))
      .finally(() => {
        corrente = null;
      });
  }, options.intervalMs);
  return {
    stop: async () => {
      clearInterval(timer);
      await corrente;
    },
  };
}
