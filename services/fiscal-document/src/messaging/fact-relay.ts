import { startOutboxRelay, type Logger, type NatsConnection, type OutboxRelay } from '@erp/kit';
import type { FatoRecord } from '../store/document-model';
import type { DocumentsStore } from '../store/documents-store';

/**
 * Re-applies a recorded fact to its document before its event goes out, finishing a flip whose author died after
 * recording it. The authorization only lands on a document not decided yet, never over a later state (a
 * cancellation or a delivery mark written after it); the other facts end the document's life, so nothing follows.
 */
export async function completarFato(store: DocumentsStore, fato: FatoRecord): Promise<void> {
  if (!fato.efeito) return;
  if (fato.tipo === 'AUTORIZACAO') await store.applyAuthorization(fato.documentoId, fato.efeito);
  else await store.set(fato.documentoId, fato.efeito);
}

/**
 * The relay of the documents' events (authorization, cancellation). A document's events go out in the order they
 * were recorded: a cancellation never overtakes an authorization whose publish failed.
 */
export function startFactRelay(options: { store: DocumentsStore; nc: NatsConnection; log: Logger; intervalMs?: number }): Promise<OutboxRelay> {
  const { store } = options;
  return startOutboxRelay({
    collection: store.fatos,
    nc: options.nc,
    log: options.log,
    name: 'fiscal-events',
    intervalMs: options.intervalMs,
    complete: (fato) => completarFato(store, fato),
    orderKey: (fato) => fato.documentoId,
  });
}
