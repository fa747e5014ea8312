import { CORRECOES_MAX, FiscalDocumentErrorCodes as Codes, Refusal, Subjects, type CartaCorrecao, type CartaCorrecaoRegistradaEvent, type Session } from '@erp/contracts';
import { pendingEvent, type FileReply } from '@erp/kit';
import type { RespostaCorrecao } from '../authorizer/authorizer';
import type { AlteracaoCte } from '../domain/cte-correction';
import { lerCorrecao } from './correction-input';
import type { DocumentoRecord, FatoRecord } from '../store/document-model';
import { announce, authorizerFor, type FiscalDeps } from './deps';
import { outcomeFactId } from './cancellation';
import { alreadyCancelled, notAuthorized, notFound, xmlUnavailable } from './refusals';

const DECLARACAO = '<?xml version="1.0" encoding="UTF-8"?>';
const factId = (documentoId: string, sequencia: number) => `correcao:${documentoId}:${String(sequencia).padStart(2, '0')}`;
const xmlId = (documentoId: string, tipo: 'CARTA_CORRECAO_ASSINADA' | 'CARTA_CORRECAO_PROC', sequencia: number) => `${documentoId}:${tipo}:${String(sequencia).padStart(2, '0')}`;

/**
 * The correction letter (CC-e, event 110110) of an authorized NF-e or CT-e (admin). The body is read for the
 * model (`correction-input.ts`: the NF-e's text, 15-1,000 characters, no forbidden matter; the CT-e's `alteracoes`
 * checked by `conferirAlteracoes`), the document must be AUTORIZADO with no cancellation
 * claimed, and the next sequence (1-20) is claimed by a unique insert (`correcao:<id>:<nn>` in the facts), so two
 * letters at once take two sequences and the 21st is refused. The registered letter's `procEventoNFe` / `procEventoCTe` is kept and
 * its event (`ERP_NFE_CARTA_CORRECAO`) travels in the claim's outbox. A refusal frees the sequence; an unknown
 * outcome keeps it (503 CORRECAO_PENDENTE) until the reconciliation settles it (`settle`); a new request meanwhile
 * takes the next sequence.
 */
export class Correction {
  constructor(private readonly deps: FiscalDeps) {}

  async register(session: Session, id: string, corpo: Record<string, unknown>): Promise<CartaCorrecao> {
    const { store } = this.deps;
    const doc = await store.byId(session.companyId, id);
    if (!doc || doc.situacao === 'PROCESSANDO') throw notFound();
    if (doc.modelo !== 'NFE' && doc.modelo !== 'CTE') throw new Refusal(Codes.CORRECAO_INDISPONIVEL, `a carta de correção é da NF-e e do CT-e (este documento é ${doc.modelo})`, { status: 422 });
    const lido = lerCorrecao(doc.modelo, corpo);
    if (doc.situacao === 'CANCELADO') throw alreadyCancelled(doc.canceladoEm);
    if (doc.situacao !== 'AUTORIZADO') throw notAuthorized(doc.situacao, 'recebe carta de correção');
    // A cancellation claimed (even unanswered) ends the document's life: no letter beside it.
    const desfecho = await store.fact(outcomeFactId(doc._id));
    if (desfecho?.desfecho === 'CANCELAMENTO') throw alreadyCancelled(desfecho.efeito?.canceladoEm ?? null);
    const autorizador = authorizerFor(this.deps, doc.modelo, doc.ambiente, 'corrige');
    if (!autorizador.corrigir) throw new Refusal(Codes.CORRECAO_INDISPONIVEL, 'o autorizador deste documento não registra carta de correção', { status: 422 });
    const fato = await this.claimSequence(doc, lido.texto, lido.alteracoes);
    return this.send(doc, fato, autorizador);
  }

  /** The lowest free sequence from the count of letters claimed, each tried by a unique insert; none left: 422. */
  private async claimSequence(doc: DocumentoRecord, texto: string, alteracoes: AlteracaoCte[] | null): Promise<FatoRecord> {
    const { store } = this.deps;
    const usadas = await store.fatos.countDocuments({ documentoId: doc._id, tipo: 'CORRECAO' });
    for (let sequencia = usadas + 1; sequencia <= CORRECOES_MAX; sequencia += 1) {
      const fato: FatoRecord = { _id: factId(doc._id, sequencia), documentoId: doc._id, companyId: doc.companyId, tipo: 'CORRECAO', correcao: { sequencia, texto, ...(alteracoes ? { alteracoes } : {}) }, efeito: null, em: this.deps.clock() };
      if (await store.claimFact(fato)) return fato;
    }
    throw new Refusal(Codes.LIMITE_CORRECOES, `o documento já tem as ${CORRECOES_MAX} cartas de correção que ${doc.modelo === 'CTE' ? 'o CT-e' : 'a NF-e'} admite`, { status: 422, extra: { limite: CORRECOES_MAX } });
  }

  private async send(doc: DocumentoRecord, fato: FatoRecord, autorizador: NonNullable<ReturnType<typeof authorizerFor>>): Promise<CartaCorrecao> {
    const { store } = this.deps;
    const { sequencia, texto, alteracoes } = fato.correcao!;
    const cte = doc.modelo === 'CTE';
    const pedido = { companyId: doc.companyId, ambiente: doc.ambiente, uf: doc.emitenteUf, cnpj: doc.emitenteCnpj, chaveAcesso: doc.chaveAcesso!, modelo: doc.modelo, sequencia, correcao: cte ? null : texto, alteracoes: cte ? (alteracoes ?? null) : null, solicitadoEm: new Date(fato.em) };
    const preparado = await autorizador.prepararCorrecao?.(pedido);
    const xmlAssinado = preparado
      ? await store.keepXml({ _id: xmlId(doc._id, 'CARTA_CORRECAO_ASSINADA', sequencia), documentoId: doc._id, companyId: doc.companyId, tipo: 'CARTA_CORRECAO_ASSINADA', xml: preparado, em: this.deps.clock() })
      : null;
    const resposta = await autorizador.corrigir!({ ...pedido, xmlAssinado });
    if (resposta.desfecho === 'INCERTO') {
      await store.setFact(fato._id, { incerto: true });
      throw new Refusal(Codes.CORRECAO_PENDENTE, `a SEFAZ não respondeu à carta de correção ${sequencia}; ela será conferida por consulta`, { status: 503, extra: { documentoId: doc._id, sequencia } });
    }
    return this.record(doc, fato, resposta);
  }

  private async record(doc: DocumentoRecord, fato: FatoRecord, resposta: RespostaCorrecao): Promise<CartaCorrecao> {
    const { store } = this.deps;
    const { sequencia, texto, alteracoes } = fato.correcao!;
    if (resposta.desfecho !== 'REGISTRADA' || !resposta.protocolo || !resposta.registradoEm) {
      // Refused: the sequence is freed (and its signed event forgotten) for a later letter.
      await store.xmls.deleteOne({ _id: xmlId(doc._id, 'CARTA_CORRECAO_ASSINADA', sequencia) });
      await store.releaseFact(fato._id);
      throw new Refusal(Codes.CORRECAO_REJEITADA, `carta de correção rejeitada pelo autorizador: ${resposta.cStat ?? ''} ${resposta.xMotivo}`, {
        status: 422,
        extra: { cStat: resposta.cStat, motivo: resposta.xMotivo },
      });
    }
    if (resposta.xmlEvento) {
      await store.keepXml({ _id: xmlId(doc._id, 'CARTA_CORRECAO_PROC', sequencia), documentoId: doc._id, companyId: doc.companyId, tipo: 'CARTA_CORRECAO_PROC', xml: resposta.xmlEvento, em: this.deps.clock() });
    }
    const carta: CartaCorrecao = {
      documentoId: doc._id,
      sequencia,
      correcao: texto,
      protocolo: resposta.protocolo,
      registradaEm: resposta.registradoEm.toISOString(),
      cStat: resposta.cStat ?? '135',
      motivo: resposta.xMotivo,
    };
    const eventId = `carta-correcao:${doc._id}:${sequencia}`;
    const evento: CartaCorrecaoRegistradaEvent = {
      eventId,
      companyId: doc.companyId,
      documentoId: doc._id,
      referencia: doc.referencia,
      chaveAcesso: doc.chaveAcesso!,
      modelo: doc.modelo,
      serie: doc.serie,
      numero: doc.numero!,
      sequencia,
      correcao: texto,
      ...(alteracoes ? { alteracoes } : {}),
      protocolo: resposta.protocolo,
      registradaEm: carta.registradaEm,
    };
    const correcao = { sequencia, texto, ...(alteracoes ? { alteracoes } : {}), protocolo: resposta.protocolo, registradaEm: resposta.registradoEm, cStat: carta.cStat, motivo: carta.motivo };
    await store.setFact(fato._id, { correcao, outbox: pendingEvent(Subjects.cartaCorrecaoRegistrada, eventId, evento, this.deps.clock()) });
    await announce(this.deps);
    return carta;
  }

  /**
   * Correction claims left open: marked uncertain by their author (no answer) or claimed before `abandonadoAntes`
   * and never recorded (the author died). The reconciliation's work list.
   */
  openLetters(abandonadoAntes: Date, limite: number): Promise<FatoRecord[]> {
    return this.deps.store.fatos
      .find({ tipo: 'CORRECAO', outbox: { $exists: false }, $or: [{ incerto: true }, { em: { $lte: abandonadoAntes } }] })
      .sort({ em: 1 })
      .limit(limite)
      .toArray();
  }

  /**
   * Settles an open letter by sending its kept signed event again (the adapter adopts a registration SEFAZ already
   * holds: 573 and a query by key): registered -> recorded with its one event; refused -> the sequence freed;
   * still unknown -> left for the next pass.
   */
  async settle(fato: FatoRecord): Promise<'REGISTRADA' | 'LIBERADA' | 'INCERTO'> {
    const doc = await this.deps.store.byId(fato.companyId, fato.documentoId);
    const atual = await this.deps.store.fact(fato._id);
    if (!doc || !atual || atual.outbox) return 'REGISTRADA';
    try {
      await this.send(doc, atual, authorizerFor(this.deps, doc.modelo, doc.ambiente, 'corrige'));
      return 'REGISTRADA';
    } catch (error) {
      if (error instanceof Refusal && error.codigo === Codes.CORRECAO_PENDENTE) return 'INCERTO';
      if (error instanceof Refusal && error.codigo === Codes.CORRECAO_REJEITADA) return 'LIBERADA';
      throw error;
    }
  }

  /** The registered letters of a document, oldest first. */
  async list(companyId: string, id: string): Promise<CartaCorrecao[]> {
    const doc = await this.deps.store.byId(companyId, id);
    if (!doc || doc.situacao === 'PROCESSANDO') throw notFound();
    const fatos = await this.deps.store.fatos.find({ documentoId: doc._id, tipo: 'CORRECAO', outbox: { $exists: true } }).sort({ _id: 1 }).toArray();
    return fatos.map((f) => {
      const c = f.correcao!;
      return { documentoId: doc._id, sequencia: c.sequencia, correcao: c.texto, protocolo: c.protocolo!, registradaEm: new Date(c.registradaEm!).toISOString(), cStat: c.cStat!, motivo: c.motivo! };
    });
  }

  /**
   * A registered letter's `procEventoNFe` (`procEventoCTe` for a CT-e): event 110110 with the authorizer's answer;
   * the latest, or the one of `sequencia` (1-20, as `cartasCorrecao` lists them; anything else is not a letter).
   */
  async xml(companyId: string, id: string, sequencia?: string): Promise<FileReply> {
    const doc = await this.deps.store.byId(companyId, id);
    if (!doc || doc.situacao === 'PROCESSANDO') throw notFound();
    const pedida = sequencia === undefined ? null : /^\d{1,2}$/.test(sequencia) ? Number(sequencia) : 0;
    const filtro = pedida === null ? { documentoId: doc._id, tipo: 'CARTA_CORRECAO_PROC' as const } : { _id: xmlId(doc._id, 'CARTA_CORRECAO_PROC', pedida) };
    const ultimo = await this.deps.store.xmls.find(filtro).sort({ _id: -1 }).limit(1).toArray();
    if (ultimo.length === 0) {
      const qual = pedida === null ? 'carta de correção registrada' : `carta de correção ${sequencia} registrada`;
      throw xmlUnavailable(`este documento não tem ${qual} pela SEFAZ`, { documentoId: doc._id });
    }
    const nn = ultimo[0]._id.slice(-2);
    return { conteudo: `${DECLARACAO}${ultimo[0].xml}`, tipo: 'application/xml; charset=utf-8', nome: `${doc.chaveAcesso}-cce-${nn}-${doc.modelo === 'CTE' ? 'procEventoCTe' : 'procEventoNFe'}.xml` };
  }
}
