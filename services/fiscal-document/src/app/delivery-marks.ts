import type { ModeloDocumento, Session } from '@erp/contracts';
import type { FatoRecord } from '../store/document-model';
import { outcomeFactId } from './cancellation';
import type { FiscalDeps } from './deps';
import { alreadyCancelled, markOfAnotherModel, notAuthorized, notFound } from './refusals';
import { documentView, type DocumentoFiscalView } from './views';

/**
 * The marks that end a document's cancellation window for good: the goods delivered (NF-e) and the transport
 * started (CT-e). A mark is claimed in the document's outcome slot (so it and a cancellation never both win),
 * then written on the document; repeating it writes it again, so a mark whose author died in between is
 * completed by the next request.
 */
export class DeliveryMarks {
  constructor(private readonly deps: FiscalDeps) {}

  markDelivery(session: Session, id: string): Promise<DocumentoFiscalView> {
    return this.mark(session, id, 'NFE', 'ENTREGA', 'entregueEm');
  }

  markServiceStart(session: Session, id: string): Promise<DocumentoFiscalView> {
    return this.mark(session, id, 'CTE', 'INICIO_SERVICO', 'servicoIniciadoEm');
  }

  private async mark(session: Session, id: string, modelo: ModeloDocumento, desfecho: 'ENTREGA' | 'INICIO_SERVICO', campo: 'entregueEm' | 'servicoIniciadoEm') {
    const { store, clock } = this.deps;
    const doc = await store.byId(session.companyId, id);
    if (!doc || doc.situacao === 'PROCESSANDO') throw notFound();
    if (doc.modelo !== modelo) throw markOfAnotherModel(desfecho, modelo);
    if (doc.situacao !== 'AUTORIZADO') {
      if (doc.situacao === 'CANCELADO') throw alreadyCancelled(doc.canceladoEm);
      throw notAuthorized(doc.situacao, 'recebe esta marcação');
    }
    const em = clock();
    const fato: FatoRecord = { _id: outcomeFactId(id), documentoId: id, companyId: doc.companyId, tipo: 'DESFECHO', desfecho, efeito: { [campo]: em }, em };
    if (!(await store.claimFact(fato))) {
      const existente = (await store.fact(fato._id))!;
      if (existente.desfecho === desfecho) {
        // Its author may have died between the claim and the document's write: the repetition writes it (same value).
        if (!doc[campo] && existente.efeito) await store.set(id, existente.efeito);
        return documentView({ ...doc, ...(existente.efeito ?? {}) }, clock());
      }
      throw alreadyCancelled(existente.efeito?.canceladoEm ?? null);
    }
    await store.set(id, { [campo]: em });
    return documentView({ ...doc, [campo]: em }, clock());
  }
}
