import { isRefusal } from '@erp/contracts';
import { startPeriodicJob, type Clock, type Logger, type PeriodicJob } from '@erp/kit';
import type { DocumentsStore } from '../../store/documents-store';
import type { Authorization } from '../authorization';
import type { Cancellation } from '../cancellation';
import type { Correction } from '../correction';

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
 *   SEFAZ by key first (`Authorization.complete`) and finished with the number it holds or, if none reached it,
 *   the one it claimed (`takeNumber` finds it), so a number taken is never left hanging; nothing gets a new number;
 * - cancellation claims whose answer was lost (503 CANCELAMENTO_PENDENTE) or whose author died: a query by key
 *   settles each (`Cancellation.settle`): the registered cancellation is recorded with its one event, an
 *   unregistered one releases the claim.
 * Runs every `intervalMs`, one pass at a time; replicas may overlap on a document, which the claims make
 * harmless (one authorization fact, one cancellation turn at a time, one event).
 */
export function startReconciliation(options: {
  store: DocumentsStore;
  authorization: Authorization;
  cancellation: Cancellation;
  /** Correction letters left open (no answer, or the author died): settled by sending the kept event again. */
  correction?: Correction;
  log: Logger;
  intervalMs: number;
  clock: Clock;
}): PeriodicJob {
  const { store, authorization, cancellation, log, clock } = options;
  return startPeriodicJob({
    name: 'reconciliation',
    intervalMs: options.intervalMs,
    log,
    run: async (stopping) => {
      for (const doc of await store.unresolved(new Date(clock().getTime() - ABANDONADO_MS), LOTE)) {
        if (stopping()) return;
        try {
          const visto = await authorization.complete(doc);
          log.info({ documentoId: doc._id, situacao: visto.situacao }, 'pending document resolved');
        } catch (error) {
          if (isRefusal(error)) log.info({ documentoId: doc._id, codigo: error.codigo }, 'pending document resolved as refused');
          else log.warn({ err: error, documentoId: doc._id }, 'pending document not resolved yet');
        }
      }
      for (const fato of await store.openCancellations(new Date(clock().getTime() - CANCELAMENTO_ABANDONADO_MS), LOTE)) {
        if (stopping()) return;
        try {
          const resultado = await cancellation.settle(fato);
          log.info({ documentoId: fato.documentoId, resultado }, 'open cancellation settled by a query');
        } catch (error) {
          log.warn({ err: error, documentoId: fato.documentoId }, 'open cancellation not settled yet');
        }
      }
      for (const fato of (await options.correction?.openLetters(new Date(clock().getTime() - CANCELAMENTO_ABANDONADO_MS), LOTE)) ?? []) {
        if (stopping()) return;
        try {
          const resultado = await options.correction!.settle(fato);
          log.info({ documentoId: fato.documentoId, sequencia: fato.correcao?.sequencia, resultado }, 'open correction letter settled');
        } catch (error) {
          log.warn({ err: error, documentoId: fato.documentoId }, 'open correction letter not settled yet');
        }
      }
    },
  });
}
