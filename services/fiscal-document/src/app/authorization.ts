import { FiscalDocumentErrorCodes, isRefusal, Subjects, type ConfiguracaoFiscalCompartilhada, type DocumentoAutorizadoEvent } from '@erp/contracts';
import { prazoCancelamento } from '@erp/fiscal-rules';
import { pendingEvent } from '@erp/kit';
import { chaveDoDocumento, modeloNumeracao } from '../domain/access-key';
import { reais } from '../domain/money';
import type { RespostaAutorizacao } from '../authorizer/authorizer';
import type { DocumentoRecord } from '../store/document-model';
import type { Serie } from '../store/documents-store';
import { announce, authorizerFor, type FiscalDeps } from './deps';
import { documentMetrics } from './metrics';
import { denied, rejected } from './refusals';
import { documentView, type DocumentoFiscalView } from './views';

export const authorizationFactId = (documentoId: string) => `autorizacao:${documentoId}`;

/**
 * Number, key, signed XML and authorization of a claimed document: its author runs it, or whoever finds it
 * abandoned or pending (a client repeating its request, the reconciliation). The signed XML is stored before it
 * is sent and reused by every retry, so the key and the bytes never change; an unknown outcome leaves the document
 * PENDENTE with its number, never burned. The authorization and its event are recorded in one insert.
 */
export class Authorization {
  constructor(private readonly deps: FiscalDeps) {}

  async complete(doc: DocumentoRecord, configuracao?: ConfiguracaoFiscalCompartilhada): Promise<DocumentoFiscalView> {
    const { store } = this.deps;
    const autorizador = authorizerFor(this.deps, doc.modelo, doc.ambiente);
    const serie: Serie = { companyId: doc.companyId, ambiente: doc.ambiente, modelo: modeloNumeracao(doc), serie: doc.serie };
    const numero = doc.numero ?? (await store.takeNumber(serie, doc._id, this.deps.clock()));
    if (doc.numero === null) this.deps.fault?.('exit-after-number-taken');
    // The NFS-e's key is Sefin's, adopted from its answer; the DPS is named by its Id (series and number) until then.
    const chaveAcesso = doc.chaveAcesso ?? (doc.modelo === 'NFSE' ? null : chaveDoDocumento(doc, numero));
    if (doc.numero === null) await store.set(doc._id, { numero, chaveAcesso });
    const comNumero = { ...doc, numero, chaveAcesso };

    let xmlAssinado = await store.xml(doc._id, 'NFE_ASSINADA');
    if (!xmlAssinado) {
      const preparado = await this.prepare(comNumero, serie, configuracao);
      if (preparado) xmlAssinado = await store.keepXml({ _id: `${doc._id}:NFE_ASSINADA`, documentoId: doc._id, companyId: doc.companyId, tipo: 'NFE_ASSINADA', xml: preparado, em: this.deps.clock() });
    }
    // Marked before sending: whoever retries after a crash knows it may have arrived, and asks by key first.
    const retomada = Boolean(doc.transmitidoEm);
    await store.set(doc._id, { transmitidoEm: this.deps.clock() });

    const resposta = await autorizador.autorizar({
      companyId: doc.companyId,
      ambiente: doc.ambiente,
      uf: doc.emitenteUf,
      chaveAcesso: chaveAcesso ?? '',
      cnpj: doc.emitenteCnpj,
      modelo: doc.modelo,
      serie: doc.serie,
      numero,
      emitidoEm: doc.emitidoEm,
      valorTotalCentavos: doc.valorTotalCentavos,
      ncms: doc.itens.flatMap((item) => (item.ncm ? [item.ncm] : [])),
      xmlAssinado,
      retomada,
    });
    return this.decide(comNumero, serie, resposta);
  }

  /**
   * The signed XML. The emission checked its layout before the claim; should the numbered document's XML still break
   * the official schema (a fault of ours), it is never sent: the document is REJEITADO and its number burned to be
   * voided, as after a rejection, and the refusal names the fields.
   */
  private async prepare(doc: DocumentoRecord & { numero: number }, serie: Serie, configuracao?: ConfiguracaoFiscalCompartilhada): Promise<string | null> {
    const autorizador = authorizerFor(this.deps, doc.modelo, doc.ambiente);
    try {
      return await autorizador.prepararAutorizacao(doc, configuracao ?? (await this.deps.settings(doc.companyId)));
    } catch (error) {
      if (!isRefusal(error) || error.codigo !== FiscalDocumentErrorCodes.XML_FORA_DO_LEIAUTE) throw error;
      await this.deps.store.set(doc._id, { situacao: 'REJEITADO', cStat: null, motivo: error.erro });
      await this.deps.store.burnNumber(serie, doc.numero);
      throw error;
    }
  }

  /** The authorizer's answer: pending, denied, rejected (the number burned) or authorized (fact and event). */
  private async decide(doc: DocumentoRecord & { numero: number }, serie: Serie, resposta: RespostaAutorizacao): Promise<DocumentoFiscalView> {
    const { store, log } = this.deps;
    const cStat = resposta.cStat;
    if (resposta.desfecho === 'INCERTO') {
      const pendente = { situacao: 'PENDENTE' as const, cStat, motivo: resposta.xMotivo };
      await store.set(doc._id, pendente);
      log.warn({ documentoId: doc._id, cStat }, 'authorization outcome unknown; kept pending to be resolved by a query');
      return documentView({ ...doc, ...pendente }, this.deps.clock());
    }
    if (resposta.xmlAutorizado) {
      await store.keepXml({ _id: `${doc._id}:NFE_PROC`, documentoId: doc._id, companyId: doc.companyId, tipo: 'NFE_PROC', xml: resposta.xmlAutorizado, em: this.deps.clock() });
    }
    if (resposta.desfecho === 'DENEGADO') {
      // A denied NF-e exists at SEFAZ: its number is spent (never voided) and the document is kept as DENEGADO.
      const efeitoDenegado = { situacao: 'DENEGADO' as const, cStat, motivo: resposta.xMotivo, protocolo: resposta.protocolo, autorizadoEm: resposta.autorizadoEm };
      await store.set(doc._id, efeitoDenegado);
      throw denied({ ...doc, ...efeitoDenegado });
    }
    if (resposta.desfecho === 'REJEITADO' || !resposta.protocolo || !resposta.autorizadoEm) {
      // Nothing authorized: the number stays taken and is recorded to be voided, never silently lost. After a 539
      // SEFAZ holds that number under another key: it is not ours to void, so it stays USADO.
      const efeitoRejeitado = { situacao: 'REJEITADO' as const, cStat, motivo: resposta.xMotivo };
      await store.set(doc._id, efeitoRejeitado);
      // A DPS number has no voiding (the NFS-e has none): it stays USADO, a gap Sefin does not ask about.
      if (cStat !== '539' && doc.modelo !== 'NFSE') await store.burnNumber(serie, doc.numero);
      log.warn({ documentoId: doc._id, cStat }, 'document refused by the authorizer');
      throw rejected({ ...doc, ...efeitoRejeitado });
    }
    const chaveAcesso = resposta.chaveAcesso ?? doc.chaveAcesso;
    if (!chaveAcesso) throw new Error('an authorization without an access key');
    const efeito: Partial<DocumentoRecord> = {
      ...(resposta.chaveAcesso ? { chaveAcesso } : {}),
      situacao: 'AUTORIZADO',
      autorizadoEm: resposta.autorizadoEm,
      prazoCancelamentoAte: prazoCancelamento({ modelo: doc.modelo, autorizadoEm: resposta.autorizadoEm, competencia: doc.competencia }, doc.prazosCancelamento),
      protocolo: resposta.protocolo,
      cStat,
      motivo: resposta.xMotivo,
    };
    const eventId = authorizationFactId(doc._id);
    // The authorization and its event in one insert; the flip of the document follows (the relay redoes it).
    const recorded = await store.claimFact({
      _id: eventId,
      documentoId: doc._id,
      companyId: doc.companyId,
      tipo: 'AUTORIZACAO',
      efeito,
      outbox: pendingEvent(Subjects.documentoAutorizado, eventId, authorizedEvent({ ...doc, chaveAcesso }, eventId, resposta.autorizadoEm, resposta.protocolo), this.deps.clock()),
      em: this.deps.clock(),
    });
    if (recorded) documentMetrics.issued.inc({ model: doc.modelo });
    this.deps.fault?.('exit-after-authorization-recorded');
    await store.applyAuthorization(doc._id, efeito);
    await announce(this.deps);
    return documentView({ ...doc, ...efeito }, this.deps.clock());
  }
}

function authorizedEvent(doc: DocumentoRecord & { numero: number; chaveAcesso: string }, eventId: string, autorizadoEm: Date, protocolo: string): DocumentoAutorizadoEvent {
  return {
    eventId,
    companyId: doc.companyId,
    documentoId: doc._id,
    referencia: doc.referencia,
    chaveAcesso: doc.chaveAcesso,
    modelo: doc.modelo,
    serie: doc.serie,
    numero: doc.numero,
    ambiente: doc.ambiente,
    emitenteCnpj: doc.emitenteCnpj,
    destinatarioDocumento: doc.destinatario?.documento ?? null,
    valorTotal: reais(doc.valorTotalCentavos),
    simplesRemessa: doc.simplesRemessa,
    autorizadoEm: autorizadoEm.toISOString(),
    protocolo,
    impostos: doc.impostos.map((i) => ({ tributo: i.tributo, valor: reais(i.valorCentavos), informativo: i.informativo })),
  };
}
