import { Subjects, type DocumentoCanceladoEvent, type Session } from '@erp/contracts';
import { pendingEvent } from '@erp/kit';
import { chaveValida } from '../domain/access-key';
import { chaveNfseValida, MotivosCancelamentoNfse, type MotivoCancelamentoNfse } from '../domain/nfse-chave';
import { impedimentoCancelamento, justificativaValida, prazoDoDocumento } from '../domain/cancellation';

import { reais } from '../domain/money';
import type { RespostaCancelamento } from '../authorizer/authorizer';
import type { DocumentoRecord, FatoRecord } from '../store/document-model';
import { announce, authorizerFor, type FiscalDeps } from './deps';
import { documentMetrics } from './metrics';
import {
  alreadyCancelled,
  cancellationInProgress,
  cancellationPending,
  cancellationRefused,
  correctionRegistered,
  deadlinePassedAtAuthorizer,
  goodsDelivered,
  invalidDocument,
  justificationInvalid,
  notCancellable,
  notFound,
  serviceStarted,
  substituteInvalid,
} from './refusals';
import { documentView, type DocumentoFiscalView } from './views';

/**
 * A turn at an open cancellation claim not ended after this lost its holder: longer than one settling, which is
 * at most four SEFAZ calls (send, query, send again, query) at the longest company timeout (4 x 125 s).
 */
const TURNO_VENCIDO_MS = 10 * 60_000;

/** The document's one outcome slot: a cancellation, a delivery mark or a service-start mark (never two of them). */
export const outcomeFactId = (documentoId: string) => `desfecho:${documentoId}`;

/**
 * Cancelling an authorized document inside its deadline (spec 3.3, 4.2, 8). The cancellation is claimed by a
 * unique insert in the document's single outcome slot, so of two cancellations at once exactly one goes on, and
 * a delivery mark can never win beside it. The claim gets the authorizer's answer and the `ERP_NFE_CANCELADA`
 * event in one write; the relay publishes it and finishes the document's flip if this process dies in between.
 */
export class Cancellation {
  constructor(private readonly deps: FiscalDeps) {}

  async cancel(session: Session, id: string, justificativaBruta: unknown, chNFeRefBruta?: unknown, motivoBruto?: unknown): Promise<DocumentoFiscalView> {
    const { store } = this.deps;
    const doc = await store.byId(session.companyId, id);
    if (!doc || doc.situacao === 'PROCESSANDO') throw notFound();
    const justificativa = justificativaValida(justificativaBruta);
    if (justificativa === null) throw justificationInvalid();
    const existente = await store.fact(outcomeFactId(id));
    if (existente) return this.existingOutcome(doc, existente, justificativa);
    const motivo = motivoNfse(doc, motivoBruto);
    const chNFeRef = await this.substitute(doc, chNFeRefBruta);
    const impedimento = impedimentoCancelamento(doc, this.deps.clock(), chNFeRef !== null);
    if (impedimento) throw notCancellable(impedimento, chNFeRef !== null, doc.canceladoEm);
    // MOC CT-e 4.00 (rule 523): a CT-e with a registered CC-e is not cancelled; refused here before anything is signed.
    if (doc.modelo === 'CTE' && (await store.fatos.countDocuments({ documentoId: id, tipo: 'CORRECAO', outbox: { $exists: true } })) > 0) throw correctionRegistered(null, null);

    const fato: FatoRecord = { _id: outcomeFactId(id), documentoId: id, companyId: doc.companyId, tipo: 'DESFECHO', desfecho: 'CANCELAMENTO', justificativa, chNFeRef, motivo, efeito: null, em: this.deps.clock() };
    if (!(await store.claimFact(fato))) return this.existingOutcome(doc, (await store.fact(fato._id))!, justificativa);
    this.deps.fault?.('exit-after-cancel-claimed');
    // The author works in a turn too, so a client's retry of a slow cancellation (four SEFAZ calls may take
    // minutes) waits for it instead of settling the same claim beside it.
    return this.cancelInTurn(doc, fato._id, justificativa);
  }

  /**
   * The substitute of an NFC-e cancellation by substitution (110112), or null for an ordinary cancellation: an
   * authorized NFC-e of the same company and environment, other than the document itself.
   */
  private async substitute(doc: DocumentoRecord, bruta: unknown): Promise<string | null> {
    if (bruta === undefined || bruta === null) return null;
    if (doc.modelo === 'NFSE') return this.substituteNfse(doc, bruta);
    if (typeof bruta !== 'string' || !chaveValida(bruta)) throw substituteInvalid('CHAVE_INVALIDA', 'chNFeRef deve ser uma chave de acesso de 44 caracteres com dígito verificador válido');
    if (doc.modelo !== 'NFCE') throw substituteInvalid('SO_NFCE', 'o cancelamento por substituição (chNFeRef) é só de NFC-e');
    if (bruta === doc.chaveAcesso) throw substituteInvalid('MESMA_CHAVE', 'chNFeRef é a chave do próprio documento; informe a NFC-e que o substitui');
    const substituta = await this.deps.store.byKey(doc.companyId, bruta);
    if (!substituta || substituta.modelo !== 'NFCE' || substituta.ambiente !== doc.ambiente || substituta.situacao !== 'AUTORIZADO') {
      throw substituteInvalid('NAO_AUTORIZADA', 'chNFeRef não é uma NFC-e autorizada desta empresa (no mesmo ambiente)');
    }
    return bruta;
  }

  /**
   * An NFS-e cancelled by substitution (event 105102): the substitute is an authorized NFS-e of the company, in the same
   * environment, issued with this one's key in its DPS `subst` (`chaveNfseSubstituida`).
   */
  private async substituteNfse(doc: DocumentoRecord, bruta: unknown): Promise<string> {
    if (typeof bruta !== 'string' || !chaveNfseValida(bruta)) throw substituteInvalid('CHAVE_INVALIDA', 'chNFeRef de uma NFS-e deve ser a chave da NFS-e substituta (50 dígitos, ou <município>-<número>-<código> da ABRASF)');
    if (bruta === doc.chaveAcesso) throw substituteInvalid('MESMA_CHAVE', 'chNFeRef é a chave do próprio documento; informe a NFS-e que o substitui');
    const substituta = await this.deps.store.byKey(doc.companyId, bruta);
    if (!substituta || substituta.modelo !== 'NFSE' || substituta.ambiente !== doc.ambiente || substituta.situacao !== 'AUTORIZADO' || substituta.chaveNfseSubstituida !== doc.chaveAcesso) {
      throw substituteInvalid('NAO_AUTORIZADA', 'chNFeRef não é uma NFS-e autorizada desta empresa emitida em substituição a esta (chaveNfseSubstituida)');
    }
    return bruta;
  }

  /**
   * The outcome slot is taken: say what took it, or finish the cancellation it claims. A claim without its
   * event is one whose author is still at work (its turn is running: CANCELAMENTO_EM_ANDAMENTO, ask again) or
   * whose author failed or died (a store or authorizer failure answered 503, a crash): then this request takes
   * the next turn and settles it now, sending the same signed event again, which the authorizer recognises.
   */
  private async existingOutcome(doc: DocumentoRecord, fato: FatoRecord, justificativa: string): Promise<DocumentoFiscalView> {
    if (fato.desfecho === 'ENTREGA') throw goodsDelivered(fato.em);
    if (fato.desfecho === 'INICIO_SERVICO') throw serviceStarted(fato.em);
    if (fato.outbox) throw alreadyCancelled(fato.efeito?.canceladoEm ?? doc.canceladoEm);
    return this.cancelInTurn(doc, fato._id, justificativa);
  }

  /**
   * Settles the cancellation claim in a turn of its own: one request at a time sends the event, the others hear
   * CANCELAMENTO_EM_ANDAMENTO. The claim is read again inside the turn, since a turn that ended just before may
   * have recorded it (then DOCUMENTO_JA_CANCELADO: exactly one request succeeds, one event).
   */
  private async cancelInTurn(doc: DocumentoRecord, fatoId: string, justificativa: string): Promise<DocumentoFiscalView> {
    const resolvido = await this.inTurn(doc._id, async () => {
      const atual = await this.deps.store.fact(fatoId);
      // Released meanwhile (the authorizer refused it): the document may be cancelled again by a new request.
      if (!atual) throw cancellationInProgress();
      if (atual.outbox) throw alreadyCancelled(atual.efeito?.canceladoEm ?? doc.canceladoEm);
      return this.send(doc, { ...atual, justificativa: atual.justificativa ?? justificativa });
    });
    if (resolvido) return resolvido.valor;
    throw cancellationInProgress();
  }

  /**
   * Runs `acao` in a turn of its own at the document's open cancellation claim (a client's retry, the
   * reconciliation, another replica: one at a time), or answers null when another turn is running.
   */
  private async inTurn<T>(documentoId: string, acao: () => Promise<T>): Promise<{ valor: T } | null> {
    const agora = this.deps.clock();
    const turno = await this.deps.store.claimCancellationTurn(documentoId, new Date(agora.getTime() - TURNO_VENCIDO_MS), agora);
    if (turno === null) return null;
    try {
      return { valor: await acao() };
    } finally {
      await this.deps.store.endCancellationTurn(documentoId, turno);
    }
  }

  /**
   * A cancellation claim left open (its answer lost, or its author gone), settled by a query by key without
   * sending anything: registered at SEFAZ -> recorded with its event (once: the claim's own outbox entry);
   * not registered -> the claim is released and the document stays AUTORIZADO, so the user may cancel again
   * (a new signed event); still unknown -> left for the next pass. The reconciliation calls it.
   */
  async settle(fato: FatoRecord): Promise<'CANCELADO' | 'LIBERADO' | 'INCERTO' | 'OCUPADO'> {
    const { store, log } = this.deps;
    const doc = await store.byId(fato.companyId, fato.documentoId);
    if (!doc) return 'INCERTO';
    const resultado = await this.inTurn(doc._id, async () => {
      const atual = await store.fact(fato._id);
      if (!atual || atual.outbox) return 'CANCELADO' as const;
      const resposta = await authorizerFor(this.deps, doc.modelo, doc.ambiente, 'cancela').consultarCancelamento({
        companyId: doc.companyId,
        ambiente: doc.ambiente,
        uf: doc.emitenteUf,
        chaveAcesso: doc.chaveAcesso!,
        modelo: doc.modelo,
        rps: { cnpj: doc.emitenteCnpj, serie: doc.serie, numero: doc.numero! },
      });
      if (resposta.desfecho === 'REGISTRADO') {
        await this.record(doc, atual, resposta);
        return 'CANCELADO' as const;
      }
      if (resposta.desfecho === 'NAO_REGISTRADO') {
        // SEFAZ has no cancellation: the signed event never arrived, so it is forgotten with the claim and the
        // next request signs its own (with its own justification and date).
        await store.dropXml(doc._id, 'CANCELAMENTO_ASSINADO');
        await store.releaseFact(fato._id);
        log.warn({ documentoId: doc._id, cStat: resposta.cStat }, 'cancellation not registered at SEFAZ; claim released, the document may be cancelled again');
        return 'LIBERADO' as const;
      }
      await store.setFact(fato._id, { incerto: true });
      return 'INCERTO' as const;
    });
    return resultado?.valor ?? 'OCUPADO';
  }

  /** Signs (once) and sends the claimed cancellation; an unknown outcome keeps the slot taken (503). */
  private async send(doc: DocumentoRecord, fato: FatoRecord): Promise<DocumentoFiscalView> {
    const { store } = this.deps;
    const autorizador = authorizerFor(this.deps, doc.modelo, doc.ambiente, 'cancela');
    const pedido = {
      companyId: doc.companyId,
      ambiente: doc.ambiente,
      uf: doc.emitenteUf,
      cnpj: doc.emitenteCnpj,
      chaveAcesso: doc.chaveAcesso!,
      modelo: doc.modelo,
      protocolo: doc.protocolo!,
      justificativa: fato.justificativa!,
      // The claim's instant: a retry sends the same signed event, dated when it was first asked.
      solicitadoEm: new Date(fato.em),
      chNFeRef: fato.chNFeRef ?? null,
      rps: { cnpj: doc.emitenteCnpj, serie: doc.serie, numero: doc.numero! },
      motivo: fato.motivo ?? null,
    };
    let xmlAssinado = await store.xml(doc._id, 'CANCELAMENTO_ASSINADO');
    if (!xmlAssinado) {
      const preparado = await autorizador.prepararCancelamento(pedido);
      if (preparado) {
        xmlAssinado = await store.keepXml({ _id: `${doc._id}:CANCELAMENTO_ASSINADO`, documentoId: doc._id, companyId: doc.companyId, tipo: 'CANCELAMENTO_ASSINADO', xml: preparado, em: this.deps.clock() });
      }
    }
    const resposta = await autorizador.cancelar({ ...pedido, solicitadoEm: this.deps.clock(), xmlAssinado });
    if (resposta.desfecho === 'INCERTO') {
      // Maybe registered at SEFAZ: the slot stays taken; the reconciliation (or the same request again) settles
      // it by a query.
      await store.setFact(fato._id, { incerto: true });
      throw cancellationPending(doc._id);
    }
    return this.record(doc, fato, resposta);
  }

  /** Records the authorizer's answer to a claimed cancellation: refused (the slot is freed) or registered. */
  private async record(doc: DocumentoRecord, fato: FatoRecord, resposta: RespostaCancelamento): Promise<DocumentoFiscalView> {
    const { store } = this.deps;
    const justificativa = fato.justificativa!;
    if (resposta.desfecho !== 'REGISTRADO' || !resposta.protocolo || !resposta.registradoEm) {
      // Refused: the slot is freed so a later, valid attempt (or a delivery mark) may take it.
      await store.releaseFact(fato._id);
      // The deadline the document shows (fixed at authorization); the authorizer's own may be shorter (a UF's rule).
      if (resposta.desfecho === 'PRAZO_EXPIRADO') throw deadlinePassedAtAuthorizer(prazoDoDocumento(doc), resposta.cStat, resposta.xMotivo);
      // A CC-e registered at the authority meanwhile (a letter raced with this cancellation): its rule 523.
      if (doc.modelo === 'CTE' && resposta.cStat === '523') throw correctionRegistered(resposta.cStat, resposta.xMotivo);
      throw cancellationRefused(resposta.cStat, resposta.xMotivo);
    }
    if (resposta.xmlEvento) {
      await store.keepXml({ _id: `${doc._id}:CANCELAMENTO_PROC`, documentoId: doc._id, companyId: doc.companyId, tipo: 'CANCELAMENTO_PROC', xml: resposta.xmlEvento, em: this.deps.clock() });
    }
    const efeito: Partial<DocumentoRecord> = {
      situacao: 'CANCELADO',
      canceladoEm: resposta.registradoEm,
      justificativaCancelamento: justificativa,
      protocoloCancelamento: resposta.protocolo,
      ...(fato.chNFeRef ? { chaveSubstituta: fato.chNFeRef } : {}),
    };
    const eventId = `cancelamento:${doc._id}`;
    const evento: DocumentoCanceladoEvent = {
      eventId,
      companyId: doc.companyId,
      documentoId: doc._id,
      referencia: doc.referencia,
      chaveAcesso: doc.chaveAcesso!,
      modelo: doc.modelo,
      serie: doc.serie,
      numero: doc.numero!,
      valorTotal: reais(doc.valorTotalCentavos),
      autorizadoEm: doc.autorizadoEm!.toISOString(),
      canceladoEm: resposta.registradoEm.toISOString(),
      justificativa,
      protocoloCancelamento: resposta.protocolo,
      ...(fato.chNFeRef ? { chNFeRef: fato.chNFeRef } : {}),
    };
    await store.setFact(fato._id, { efeito, outbox: pendingEvent(Subjects.nfeCancelada, eventId, evento, this.deps.clock()) });
    documentMetrics.cancelled.inc({ model: doc.modelo });
    this.deps.fault?.('exit-after-cancel-recorded');
    await store.set(doc._id, efeito);
    await announce(this.deps);
    return documentView({ ...doc, ...efeito }, this.deps.clock());
  }
}

/** An NFS-e cancellation's reason (1, 2 or 9; absent: 9); only an NFS-e has one. */
function motivoNfse(doc: DocumentoRecord, bruto: unknown): MotivoCancelamentoNfse | null {
  if (bruto === undefined || bruto === null || bruto === '') return null;
  const erro = (texto: string) => invalidDocument([{ campo: 'motivo', regra: 'valor', erro: texto }], 'cancelamento inválido');
  if (doc.modelo !== 'NFSE') throw erro('o motivo do cancelamento (1, 2 ou 9) é só da NFS-e');
  const valor = typeof bruto === 'string' || typeof bruto === 'number' ? String(bruto) : '';
  if (!(MotivosCancelamentoNfse as readonly string[]).includes(valor)) throw erro('deve ser 1 (erro na emissão), 2 (serviço não prestado) ou 9 (outros)');
  return valor as MotivoCancelamentoNfse;
}
