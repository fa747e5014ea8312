import { randomBytes, randomInt } from 'node:crypto';
import {
  FiscalDocumentErrorCodes as Codes,
  Refusal,
  sha256Hex,
  Subjects,
  type CampoInvalido,
  type ConfiguracaoFiscalCompartilhada,
  type DocumentoAutorizadoEvent,
  type DocumentoCanceladoEvent,
  type ModeloDocumento,
  type OperacaoTributavel,
  type Session,
  type SituacaoDocumento,
} from '@erp/contracts';
import { competenciaDe, cUfFromSigla, dataBrasilia, PRAZO_CANCELAMENTO_SUBSTITUICAO_NFCE, prazoCancelamento } from '@erp/fiscal-rules';
import { pendingEvent, type Logger } from '@erp/kit';
import { chaveValida, gerarCnf, gerarCodigoNfse, montarChave, montarChaveNfse, sorteioDaSemente } from '../domain/access-key';
import {
  impressaoDaEntrada,
  justificativaValida,
  referenciaDaEntrada,
  validarEmissao,
  type ContextoEmissao,
  type EmissaoValida,
} from '../domain/document-input';
import { reais } from '../domain/money';
import { somarImpostos } from '../domain/taxes';
import type { Autorizador, EscolhaAutorizador, RespostaCancelamento } from '../authorizer/authorizer';
import { CSOSN_SUPORTADOS, CST_SUPORTADOS } from '../xml/nfe-builder';
import type { FiscalSettingsReader } from '@erp/kit';
import type { TaxCalculator } from '../messaging/tax-calculator';
import type { DocumentoRecord, FatoRecord } from '../store/document-model';
import type { DocumentsStore, Pagina, Serie } from '../store/documents-store';
import { cancelavelAte, documentView, prazoDoDocumento, type DocumentoFiscalView } from './views';
import { documentMetrics } from './metrics';
import type { Clock, FaultPoint } from './test-hooks';

/** How long a second request with the same `referencia` waits for the first to finish. */
const ESPERA_MESMA_REFERENCIA_MS = 10_000;
/** An emission's claim untouched for this long lost its author (a crash): the next request finishes it. */
const CLAIM_ABANDONADO_MS = 30_000;
/**
 * A turn at an open cancellation claim not ended after this lost its holder: longer than one settling, which is
 * at most four SEFAZ calls (send, query, send again, query) at the longest company timeout (4 x 125 s).
 */
const TURNO_VENCIDO_MS = 10 * 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const documentoId = (companyId: string, referencia: string) => sha256Hex(`${companyId}\n${referencia}`).slice(0, 32);
const autorizacaoId = (id: string) => `autorizacao:${id}`;
const desfechoId = (id: string) => `desfecho:${id}`;

export interface EmissaoResultado {
  documento: DocumentoFiscalView;
  /** False when the `referencia` had already produced this document (REST answers 200 instead of 201). */
  criado: boolean;
}

export interface DocumentsServiceDeps {
  store: DocumentsStore;
  settings: FiscalSettingsReader;
  taxes: TaxCalculator;
  /** Which authorizer serves a model in an environment (null: none in this deployment). */
  autorizadores: EscolhaAutorizador;
  /** Publishes pending events now (the outbox relay's flush). */
  announce: () => Promise<unknown>;
  log: Logger;
  now?: Clock;
  /** The crash tests' fault points: the process exits at the one it was started with (tests only). */
  falha?: (ponto: FaultPoint) => void;
}

/** The authorizer refused the document: what its emission answers, the first time and on every repetition. */
function rejeitado(doc: Pick<DocumentoRecord, '_id' | 'cStat' | 'motivo'>): Refusal {
  return new Refusal(Codes.DOCUMENTO_REJEITADO, `documento rejeitado pelo autorizador: ${doc.cStat ?? ''} ${doc.motivo ?? ''}`, {
    status: 422,
    extra: { documentoId: doc._id, cStat: doc.cStat, motivo: doc.motivo },
  });
}

function denegado(doc: Pick<DocumentoRecord, '_id' | 'cStat' | 'motivo'>): Refusal {
  return new Refusal(Codes.DOCUMENTO_DENEGADO, `uso denegado pela SEFAZ: ${doc.cStat ?? ''} ${doc.motivo ?? ''}`, {
    status: 422,
    extra: { documentoId: doc._id, cStat: doc.cStat, motivo: doc.motivo },
  });
}

function notFound(): Refusal {
  return new Refusal(Codes.DOCUMENTO_NAO_ENCONTRADO, 'documento fiscal não encontrado', { status: 404 });
}

/**
 * Issuing, reading, cancelling and marking fiscal documents. The rules are pure (domain); this class adds the
 * settings and taxes of other services, the numbering and the claims that keep every invariant under
 * concurrency, the authorizer, and the events (each recorded in the same insert as the fact it announces).
 */
export class DocumentsService {
  private readonly now: () => Date;

  constructor(private readonly deps: DocumentsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  // ---- emission ----

  async emitir(session: Session, entrada: unknown): Promise<EmissaoResultado> {
    const { companyId } = session;
    // A `referencia` already used is answered from what was stored, before today's settings are read: the same
    // content gets the same document (or the same refusal) whatever the settings say now.
    const referencia = referenciaDaEntrada(entrada);
    const impressao = referencia === null ? null : impressaoDaEntrada(entrada as Record<string, unknown>);
    if (referencia !== null && impressao === null) {
      throw new Refusal(Codes.DOCUMENTO_INVALIDO, 'documento inválido: corpo', {
        extra: { campos: [{ campo: '', regra: 'profundidade', erro: 'o corpo tem mais níveis do que uma emissão' }] },
      });
    }
    if (referencia !== null && impressao !== null) {
      const existente = await this.deps.store.byId(companyId, documentoId(companyId, referencia));
      if (existente) return { documento: await this.mesmaReferencia(existente, impressao), criado: false };
    }

    const emitidoEm = this.now();
    const settings = await this.deps.settings(companyId);
    const ctx = this.contexto(settings, emitidoEm);
    const validacao = validarEmissao(entrada, ctx);
    if (!validacao.ok || impressao === null) {
      const campos = validacao.ok ? [] : validacao.campos;
      throw new Refusal(Codes.DOCUMENTO_INVALIDO, `documento inválido: ${campos.map((c) => c.campo || 'corpo').join(', ')}`, { extra: { campos } });
    }
    const emissao = validacao.valor;
    this.autorizadorPara(emissao, settings);
    const id = documentoId(companyId, emissao.referencia);

    // The engine decides every tax, the Simples Remessa's "none on the product value" included.
    const porItem = await this.deps.taxes(companyId, this.operacoes(emissao, settings, emitidoEm));
    const impostos = somarImpostos(porItem);
    const doc: DocumentoRecord = {
      _id: id,
      companyId,
      referencia: emissao.referencia,
      impressao,
      modelo: emissao.modelo,
      serie: emissao.serie,
      ambiente: settings.ambiente,
      situacao: 'PROCESSANDO',
      numero: null,
      chaveAcesso: null,
      sementeChave: randomBytes(16).toString('hex'),
      emitidoEm,
      emitenteCnpj: settings.empresa.cnpj!,
      emitenteUf: settings.empresa.uf!,
      emitenteMunicipio: settings.empresa.codigoMunicipio!,
      destinatario: emissao.destinatario,
      itens: emissao.itens,
      valorTotalCentavos: emissao.valorTotalCentavos,
      impostos,
      impostosPorItem: porItem.map((linhas) => ({ linhas: somarImpostos([linhas]) })),
      transmitidoEm: null,
      simplesRemessa: emissao.simplesRemessa,
      chaveCteReferenciada: emissao.chaveCteReferenciada,
      chavesNfeTransportadas: emissao.chavesNfeTransportadas,
      competencia: emissao.modelo === 'NFSE' ? (emissao.competencia ?? competenciaDe(emitidoEm)) : null,
      modalidadeFrete: emissao.modalidadeFrete,
      prazosCancelamento: settings.prazosCancelamento,
      prazoCancelamentoAte: null,
      autorizadoEm: null,
      protocolo: null,
      cStat: null,
      motivo: null,
      canceladoEm: null,
      justificativaCancelamento: null,
      protocoloCancelamento: null,
      entregueEm: null,
      servicoIniciadoEm: null,
      criadoEm: emitidoEm,
      criadoPor: session.userId,
    };
    if (!(await this.deps.store.claimDocument(doc))) {
      const vencedor = await this.deps.store.byId(companyId, id);
      if (!vencedor) throw new Error(`document ${id} claimed but not found`);
      return { documento: await this.mesmaReferencia(vencedor, impressao), criado: false };
    }
    return { documento: await this.concluir(doc, settings), criado: true };
  }

  private autorizador(modelo: ModeloDocumento, ambiente: ConfiguracaoFiscalCompartilhada['ambiente']): Autorizador {
    const autorizador = this.deps.autorizadores(modelo, ambiente);
    if (!autorizador) {
      throw new Refusal(
        Codes.AUTORIZADOR_INDISPONIVEL,
        `nenhum autorizador desta instalação emite ${modelo} em ${ambiente}: o autorizador local só emite em HOMOLOGAÇÃO, e a transmissão à SEFAZ (FISCAL_AUTHORIZER=sefaz) serve NF-e e NFC-e`,
        { status: 422 },
      );
    }
    return autorizador;
  }

  /** The authorizer of a valid emission, and what the SEFAZ XML needs beyond the emission's own checks. */
  private autorizadorPara(emissao: EmissaoValida, settings: ConfiguracaoFiscalCompartilhada): Autorizador {
    const autorizador = this.autorizador(emissao.modelo, settings.ambiente);
    if (autorizador.nome !== 'sefaz') return autorizador;
    const faltando = [
      !settings.empresa.razaoSocial && 'empresa.razaoSocial',
      !settings.empresa.inscricaoEstadual && 'empresa.inscricaoEstadual',
      !settings.empresa.endereco && 'empresa.endereco',
    ].filter((campo): campo is string => typeof campo === 'string');
    if (faltando.length > 0) {
      throw new Refusal(Codes.CONFIGURACAO_INCOMPLETA, `configuração fiscal incompleta para transmitir à SEFAZ: falta ${faltando.join(', ')}`, {
        status: 422,
        extra: { faltando },
      });
    }
    const campos: CampoInvalido[] = [];
    // MOC NF-e: the NF-e (model 55) names its recipient in full, address included (enderDest), which SEFAZ's
    // validation rules demand; the NFC-e consumer's address stays optional.
    if (emissao.modelo === 'NFE' && emissao.destinatario && !emissao.destinatario.endereco) {
      campos.push({ campo: 'destinatario.endereco', regra: 'obrigatorio_nfe_sefaz', erro: 'a NF-e transmitida à SEFAZ exige o endereço do destinatário (endereco, com uf e codigoMunicipio)' });
    }
    campos.push(...emissao.itens.flatMap((item, i) => {
      if (item.cst !== null && !CST_SUPORTADOS.has(item.cst)) {
        return [{ campo: `itens[${i}].cst`, regra: 'cst_nao_suportado', erro: `CST ${item.cst} não é transmitido por esta instalação (aceitos: ${[...CST_SUPORTADOS].join(', ')})` }];
      }
      if (item.csosn !== null && !CSOSN_SUPORTADOS.has(item.csosn)) {
        return [{ campo: `itens[${i}].csosn`, regra: 'csosn_nao_suportado', erro: `CSOSN ${item.csosn} não é transmitido por esta instalação (aceitos: ${[...CSOSN_SUPORTADOS].join(', ')})` }];
      }
      return [];
    }));
    if (campos.length > 0) throw new Refusal(Codes.DOCUMENTO_INVALIDO, `documento inválido: ${campos.map((c) => c.campo).join(', ')}`, { extra: { campos } });
    return autorizador;
  }

  /** What the company's settings must hold before anything is issued (spec 2.5). */
  private contexto(settings: ConfiguracaoFiscalCompartilhada, emitidoEm: Date): ContextoEmissao {
    const { empresa } = settings;
    const faltando = [
      !empresa.cnpj && 'empresa.cnpj',
      !empresa.uf && 'empresa.uf',
      !empresa.codigoMunicipio && 'empresa.codigoMunicipio',
      !empresa.regimeTributario && 'empresa.regimeTributario',
      settings.series.length === 0 && 'series',
    ].filter((campo): campo is string => typeof campo === 'string');
    if (faltando.length > 0) {
      throw new Refusal(Codes.CONFIGURACAO_INCOMPLETA, `configuração fiscal incompleta: falta ${faltando.join(', ')}`, {
        status: 422,
        extra: { faltando },
      });
    }
    const certificado = settings.certificadoA1;
    if (!certificado) throw new Refusal(Codes.CERTIFICADO_AUSENTE, 'a empresa não tem certificado A1 nas configurações fiscais', { status: 422 });
    if (new Date(certificado.validoAte).getTime() <= emitidoEm.getTime()) {
      throw new Refusal(Codes.CERTIFICADO_EXPIRADO, `o certificado A1 da empresa expirou em ${certificado.validoAte}`, { status: 422, extra: { validoAte: certificado.validoAte } });
    }
    if (certificado.cnpj !== empresa.cnpj) {
      throw new Refusal(Codes.CERTIFICADO_CNPJ_DIVERGENTE, `o certificado A1 é do CNPJ ${certificado.cnpj}, não do emitente ${empresa.cnpj}`, { status: 422 });
    }
    return {
      regime: empresa.regimeTributario!,
      ufEmitente: empresa.uf!,
      series: settings.series,
      seriePadrao: settings.seriePadrao,
      codigoServicoPadrao: settings.nfse.codigoServico,
      emitidoEm,
    };
  }

  private operacoes(emissao: EmissaoValida, settings: ConfiguracaoFiscalCompartilhada, emitidoEm: Date): OperacaoTributavel[] {
    const dataOperacao = dataBrasilia(emitidoEm);
    // Abroad (UF EX, CFOP 7) the engine takes no destination UF; with no recipient UF the operation is internal.
    const exterior = emissao.destinatario?.uf === 'EX';
    const ufDestino = emissao.destinatario?.uf && !exterior ? emissao.destinatario.uf : settings.empresa.uf!;
    return emissao.itens.map((item) => ({
      tipoDocumento: emissao.modelo,
      valor: reais(item.valorCentavos),
      dataOperacao,
      regime: settings.empresa.regimeTributario!,
      ufOrigem: settings.empresa.uf!,
      ...(exterior ? {} : { ufDestino }),
      ...(item.ncm ? { ncm: item.ncm } : {}),
      ...(item.cfop ? { cfop: item.cfop } : {}),
      ...(item.aliquotaIss !== null ? { aliquotaIss: item.aliquotaIss } : {}),
    }));
  }

  /**
   * The `referencia` was used before: the same content answers with the same document (once it is decided);
   * another content is refused. A claim whose author died is finished here.
   */
  private async mesmaReferencia(existente: DocumentoRecord, impressao: string): Promise<DocumentoFiscalView> {
    if (existente.impressao !== impressao) {
      throw new Refusal(Codes.REFERENCIA_REUTILIZADA, `a referencia "${existente.referencia}" já foi usada com outro conteúdo (documento ${existente._id})`, {
        status: 409,
        extra: { documentoId: existente._id },
      });
    }
    // Sent and unanswered: asking again is asking SEFAZ again (by key first), never a new number.
    if (existente.situacao === 'PENDENTE') return this.concluir(existente);
    const prazo = Date.now() + ESPERA_MESMA_REFERENCIA_MS;
    let doc = existente;
    while (doc.situacao === 'PROCESSANDO') {
      if (this.now().getTime() - doc.criadoEm.getTime() > CLAIM_ABANDONADO_MS) return this.concluir(doc);
      if (Date.now() > prazo) {
        throw new Refusal(Codes.EMISSAO_EM_ANDAMENTO, 'a emissão com esta referencia ainda está em andamento; consulte de novo em instantes', { status: 409 });
      }
      await sleep(50);
      doc = (await this.deps.store.byId(doc.companyId, doc._id))!;
    }
    // The same request gets the same answer: a refused document is refused again, never a 200.
    if (doc.situacao === 'REJEITADO') throw rejeitado(doc);
    if (doc.situacao === 'DENEGADO') throw denegado(doc);
    return documentView(doc, this.now());
  }

  /**
   * A document sent earlier whose answer was lost (PENDENTE), or a claim abandoned after taking its number: asks
   * SEFAZ again (by key first). The scheduled reconciliation calls it; so does a client repeating its request.
   */
  async retomar(doc: DocumentoRecord): Promise<DocumentoFiscalView> {
    return this.concluir(doc);
  }

  /**
   * Number, key, signed XML and authorization of a claimed document: its author runs it, or whoever finds it
   * abandoned or pending. The signed XML is stored before it is sent and reused by every retry, so the key and
   * the bytes never change; an unknown outcome leaves the document PENDENTE with its number, never burned.
   */
  private async concluir(doc: DocumentoRecord, configuracao?: ConfiguracaoFiscalCompartilhada): Promise<DocumentoFiscalView> {
    const autorizador = this.autorizador(doc.modelo, doc.ambiente);
    const serie: Serie = { companyId: doc.companyId, ambiente: doc.ambiente, modelo: doc.modelo, serie: doc.serie };
    const numero = doc.numero ?? (await this.deps.store.takeNumber(serie, doc._id, this.now()));
    if (doc.numero === null) this.deps.falha?.('exit-after-number-taken');
    const chaveAcesso = doc.chaveAcesso ?? this.chave(doc, numero);
    if (doc.numero === null) await this.deps.store.set(doc._id, { numero, chaveAcesso });
    const comNumero = { ...doc, numero, chaveAcesso };

    let xmlAssinado = await this.deps.store.xml(doc._id, 'NFE_ASSINADA');
    if (!xmlAssinado) {
      const preparado = await autorizador.prepararAutorizacao(comNumero, configuracao ?? (await this.deps.settings(doc.companyId)));
      if (preparado) xmlAssinado = await this.deps.store.keepXml({ _id: `${doc._id}:NFE_ASSINADA`, documentoId: doc._id, companyId: doc.companyId, tipo: 'NFE_ASSINADA', xml: preparado, em: this.now() });
    }
    // Marked before sending: whoever retries after a crash knows it may have arrived, and asks by key first.
    const retomada = Boolean(doc.transmitidoEm);
    await this.deps.store.set(doc._id, { transmitidoEm: this.now() });

    const resposta = await autorizador.autorizar({
      companyId: doc.companyId,
      ambiente: doc.ambiente,
      uf: doc.emitenteUf,
      chaveAcesso,
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
    const cStat = resposta.cStat;
    if (resposta.desfecho === 'INCERTO') {
      const pendente = { situacao: 'PENDENTE' as const, cStat, motivo: resposta.xMotivo };
      await this.deps.store.set(doc._id, pendente);
      this.deps.log.warn({ documentoId: doc._id, cStat }, 'authorization outcome unknown; kept pending to be resolved by a query');
      return documentView({ ...comNumero, ...pendente }, this.now());
    }
    if (resposta.xmlAutorizado) {
      await this.deps.store.keepXml({ _id: `${doc._id}:NFE_PROC`, documentoId: doc._id, companyId: doc.companyId, tipo: 'NFE_PROC', xml: resposta.xmlAutorizado, em: this.now() });
    }
    if (resposta.desfecho === 'DENEGADO') {
      // A denied NF-e exists at SEFAZ: its number is spent (never voided) and the document is kept as DENEGADO.
      const efeitoDenegado = { situacao: 'DENEGADO' as const, cStat, motivo: resposta.xMotivo, protocolo: resposta.protocolo, autorizadoEm: resposta.autorizadoEm };
      await this.deps.store.set(doc._id, efeitoDenegado);
      throw denegado({ ...doc, ...efeitoDenegado });
    }
    if (resposta.desfecho === 'REJEITADO' || !resposta.protocolo || !resposta.autorizadoEm) {
      // Nothing authorized: the number stays taken and is recorded to be voided, never silently lost. After a 539
      // SEFAZ holds that number under another key: it is not ours to void, so it stays USADO.
      const efeitoRejeitado = { situacao: 'REJEITADO' as const, cStat, motivo: resposta.xMotivo };
      await this.deps.store.set(doc._id, efeitoRejeitado);
      if (cStat !== '539') await this.deps.store.burnNumber(serie, numero);
      this.deps.log.warn({ documentoId: doc._id, cStat }, 'document refused by the authorizer');
      throw rejeitado({ ...doc, ...efeitoRejeitado });
    }
    const efeito: Partial<DocumentoRecord> = {
      situacao: 'AUTORIZADO',
      autorizadoEm: resposta.autorizadoEm,
      prazoCancelamentoAte: prazoCancelamento({ modelo: doc.modelo, autorizadoEm: resposta.autorizadoEm, competencia: doc.competencia }, doc.prazosCancelamento),
      protocolo: resposta.protocolo,
      cStat,
      motivo: resposta.xMotivo,
    };
    const autorizado: DocumentoRecord = { ...comNumero, ...efeito };
    const eventId = autorizacaoId(doc._id);
    const evento: DocumentoAutorizadoEvent = {
      eventId,
      companyId: doc.companyId,
      documentoId: doc._id,
      referencia: doc.referencia,
      chaveAcesso,
      modelo: doc.modelo,
      serie: doc.serie,
      numero,
      ambiente: doc.ambiente,
      emitenteCnpj: doc.emitenteCnpj,
      destinatarioDocumento: doc.destinatario?.documento ?? null,
      valorTotal: reais(doc.valorTotalCentavos),
      simplesRemessa: doc.simplesRemessa,
      autorizadoEm: resposta.autorizadoEm.toISOString(),
      protocolo: resposta.protocolo,
      impostos: doc.impostos.map((i) => ({ tributo: i.tributo, valor: reais(i.valorCentavos), informativo: i.informativo })),
    };
    // The authorization and its event in one insert; the flip of the document follows (the relay redoes it).
    const recorded = await this.deps.store.claimFact({
      _id: eventId,
      documentoId: doc._id,
      companyId: doc.companyId,
      tipo: 'AUTORIZACAO',
      efeito,
      outbox: pendingEvent(Subjects.documentoAutorizado, eventId, evento, this.now()),
      em: this.now(),
    });
    if (recorded) documentMetrics.issued.inc({ model: doc.modelo });
    this.deps.falha?.('exit-after-authorization-recorded');
    await this.deps.store.applyAuthorization(doc._id, efeito);
    await this.announce();
    return documentView(autorizado, this.now());
  }

  private chave(doc: DocumentoRecord, numero: number): string {
    const aleatorio = doc.sementeChave ? sorteioDaSemente(doc.sementeChave) : () => randomInt(0, 1_000_000_000) / 1_000_000_000;
    if (doc.modelo === 'NFSE') {
      return montarChaveNfse({ codigoMunicipio: doc.emitenteMunicipio, cnpj: doc.emitenteCnpj, numero, emitidoEm: doc.emitidoEm, codigo: gerarCodigoNfse(aleatorio) });
    }
    return montarChave({
      cUF: cUfFromSigla(doc.emitenteUf)!,
      emitidoEm: doc.emitidoEm,
      cnpj: doc.emitenteCnpj,
      modelo: doc.modelo,
      serie: doc.serie,
      numero,
      cnf: gerarCnf(numero, aleatorio),
    });
  }

  private async announce(): Promise<void> {
    // A failure here only delays the event: it is stored, and the relay retries it.
    await this.deps.announce().catch((error) => this.deps.log.warn({ err: error }, 'events not published yet; relay will retry'));
  }

  // ---- reading ----

  async obter(companyId: string, id: string): Promise<DocumentoFiscalView | null> {
    const doc = await this.deps.store.byId(companyId, id);
    return doc && doc.situacao !== 'PROCESSANDO' ? documentView(doc, this.now()) : null;
  }

  async obterOuRecusar(companyId: string, id: string): Promise<DocumentoFiscalView> {
    const doc = await this.obter(companyId, id);
    if (!doc) throw notFound();
    return doc;
  }

  async listar(
    companyId: string,
    filtro: { modelo?: ModeloDocumento; situacao?: SituacaoDocumento },
    limite: number,
    depois: Pagina['proximo'],
  ): Promise<{ itens: DocumentoFiscalView[]; proximo: Pagina['proximo'] }> {
    const pagina = await this.deps.store.page(companyId, filtro, limite, depois);
    return { itens: pagina.itens.map((doc) => documentView(doc, this.now())), proximo: pagina.proximo };
  }

  // ---- cancellation ----

  /**
   * Cancels an authorized document inside its deadline (spec 3.3, 4.2, 8). The cancellation is claimed by a
   * unique insert in the document's single "outcome" slot, so of two cancellations at once exactly one goes
   * on (the other is told the document is being or was cancelled), and a delivery mark can never win beside it.
   * The claim gets the authorizer's answer and the `ERP_NFE_CANCELADA` event in one write; the relay publishes
   * it and finishes the document's flip if this process dies in between.
   */
  async cancelar(session: Session, id: string, justificativaBruta: unknown, chNFeRefBruta?: unknown): Promise<DocumentoFiscalView> {
    const doc = await this.deps.store.byId(session.companyId, id);
    if (!doc || doc.situacao === 'PROCESSANDO') throw notFound();
    const justificativa = justificativaValida(justificativaBruta);
    if (justificativa === null) {
      throw new Refusal(Codes.JUSTIFICATIVA_INVALIDA, 'justificativa deve ter de 15 a 255 caracteres (sem contar espaços nas pontas)');
    }
    const fatoExistente = await this.deps.store.fact(desfechoId(id));
    if (fatoExistente) return this.desfechoExistente(doc, fatoExistente, justificativa);
    const chNFeRef = await this.substituta(doc, chNFeRefBruta);
    this.podeCancelar(doc, chNFeRef !== null);

    const fato: FatoRecord = { _id: desfechoId(id), documentoId: id, companyId: doc.companyId, tipo: 'DESFECHO', desfecho: 'CANCELAMENTO', justificativa, chNFeRef, efeito: null, em: this.now() };
    if (!(await this.deps.store.claimFact(fato))) return this.desfechoExistente(doc, (await this.deps.store.fact(fato._id))!, justificativa);
    this.deps.falha?.('exit-after-cancel-claimed');
    // The author works in a turn too, so a client's retry of a slow cancellation (four SEFAZ calls may take
    // minutes) waits for it instead of settling the same claim beside it.
    return this.cancelarNoTurno(doc, fato._id, justificativa);
  }

  /**
   * The substitute of an NFC-e cancellation by substitution (110112), or null for an ordinary cancellation: an
   * authorized NFC-e of the same company and environment, other than the document itself.
   */
  private async substituta(doc: DocumentoRecord, bruta: unknown): Promise<string | null> {
    if (bruta === undefined || bruta === null) return null;
    const recusa = (motivo: string, erro: string, status = 422) => new Refusal(Codes.CHAVE_SUBSTITUTA_INVALIDA, erro, { status, extra: { motivo } });
    if (typeof bruta !== 'string' || !chaveValida(bruta)) throw recusa('CHAVE_INVALIDA', 'chNFeRef deve ser uma chave de acesso de 44 caracteres com dígito verificador válido', 400);
    if (doc.modelo !== 'NFCE') throw recusa('SO_NFCE', 'o cancelamento por substituição (chNFeRef) é só de NFC-e');
    if (bruta === doc.chaveAcesso) throw recusa('MESMA_CHAVE', 'chNFeRef é a chave do próprio documento; informe a NFC-e que o substitui');
    const substituta = await this.deps.store.byKey(doc.companyId, bruta);
    if (!substituta || substituta.modelo !== 'NFCE' || substituta.ambiente !== doc.ambiente || substituta.situacao !== 'AUTORIZADO') {
      throw recusa('NAO_AUTORIZADA', 'chNFeRef não é uma NFC-e autorizada desta empresa (no mesmo ambiente)');
    }
    return bruta;
  }

  private podeCancelar(doc: DocumentoRecord, porSubstituicao = false): void {
    if (doc.situacao === 'CANCELADO') throw this.jaCancelado(doc);
    if (doc.situacao !== 'AUTORIZADO' || !doc.autorizadoEm) {
      throw new Refusal(Codes.DOCUMENTO_NAO_AUTORIZADO, `só um documento AUTORIZADO pode ser cancelado; este está ${doc.situacao}`, { status: 422 });
    }
    if (doc.modelo === 'NFE' && doc.entregueEm) throw this.mercadoriaEntregue(doc.entregueEm);
    if (doc.modelo === 'CTE' && doc.servicoIniciadoEm) throw this.servicoIniciado(doc.servicoIniciadoEm);
    if (porSubstituicao) {
      // Its own window (168 h), not the 30 minutes of the ordinary NFC-e cancellation.
      const prazo = new Date(new Date(doc.autorizadoEm).getTime() + PRAZO_CANCELAMENTO_SUBSTITUICAO_NFCE.horas * 3_600_000);
      if (this.now().getTime() >= prazo.getTime()) {
        throw new Refusal(Codes.PRAZO_CANCELAMENTO_EXPIRADO, `o prazo do cancelamento por substituição terminou em ${prazo.toISOString()}`, { status: 422, extra: { prazo: prazo.toISOString() } });
      }
      return;
    }
    if (!cancelavelAte(doc, this.now())) {
      const prazo = prazoDoDocumento(doc);
      throw new Refusal(Codes.PRAZO_CANCELAMENTO_EXPIRADO, `o prazo de cancelamento deste documento terminou em ${prazo.toISOString()}`, {
        status: 422,
        extra: { prazo: prazo.toISOString() },
      });
    }
  }

  /**
   * The outcome slot is taken: say what took it, or finish the cancellation it claims. A claim without its
   * event is one whose author is still at work (its turn is running: CANCELAMENTO_EM_ANDAMENTO, ask again) or
   * whose author failed or died (a store or authorizer failure answered 503, a crash): then this request takes
   * the next turn and settles it now, sending the same signed event again, which the authorizer recognises.
   */
  private async desfechoExistente(doc: DocumentoRecord, fato: FatoRecord, justificativa: string): Promise<DocumentoFiscalView> {
    if (fato.desfecho === 'ENTREGA') throw this.mercadoriaEntregue(fato.em);
    if (fato.desfecho === 'INICIO_SERVICO') throw this.servicoIniciado(fato.em);
    if (fato.outbox) throw this.jaCancelado({ ...doc, ...(fato.efeito ?? {}) });
    return this.cancelarNoTurno(doc, fato._id, justificativa);
  }

  /**
   * Settles the cancellation claim in a turn of its own: one request at a time sends the event, the others hear
   * CANCELAMENTO_EM_ANDAMENTO. The claim is read again inside the turn, since a turn that ended just before may
   * have recorded it (then DOCUMENTO_JA_CANCELADO: exactly one request succeeds, one event).
   */
  private async cancelarNoTurno(doc: DocumentoRecord, fatoId: string, justificativa: string): Promise<DocumentoFiscalView> {
    const resolvido = await this.emTurno(doc._id, async () => {
      const atual = await this.deps.store.fact(fatoId);
      // Released meanwhile (the authorizer refused it): the document may be cancelled again by a new request.
      if (!atual) throw emAndamento();
      if (atual.outbox) throw this.jaCancelado({ ...doc, ...(atual.efeito ?? {}) });
      return this.registrarCancelamento(doc, { ...atual, justificativa: atual.justificativa ?? justificativa });
    });
    if (resolvido) return resolvido.valor;
    throw emAndamento();
  }

  /**
   * Runs `acao` in a turn of its own at the document's open cancellation claim (a client's retry, the
   * reconciliation, another replica: one at a time), or answers null when another turn is running.
   */
  private async emTurno<T>(documentoId: string, acao: () => Promise<T>): Promise<{ valor: T } | null> {
    const turno = await this.deps.store.claimCancellationTurn(documentoId, new Date(this.now().getTime() - TURNO_VENCIDO_MS), this.now());
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
  async conciliarCancelamento(fato: FatoRecord): Promise<'CANCELADO' | 'LIBERADO' | 'INCERTO' | 'OCUPADO'> {
    const doc = await this.deps.store.byId(fato.companyId, fato.documentoId);
    if (!doc) return 'INCERTO';
    const resultado = await this.emTurno(doc._id, async () => {
      const atual = await this.deps.store.fact(fato._id);
      if (!atual || atual.outbox) return 'CANCELADO' as const;
      const resposta = await this.autorizador(doc.modelo, doc.ambiente).consultarCancelamento({
        companyId: doc.companyId,
        ambiente: doc.ambiente,
        uf: doc.emitenteUf,
        chaveAcesso: doc.chaveAcesso!,
        modelo: doc.modelo,
      });
      if (resposta.desfecho === 'REGISTRADO') {
        await this.gravarCancelamento(doc, atual, resposta);
        return 'CANCELADO' as const;
      }
      if (resposta.desfecho === 'NAO_REGISTRADO') {
        // SEFAZ has no cancellation: the signed event never arrived, so it is forgotten with the claim and the
        // next request signs its own (with its own justification and date).
        await this.deps.store.dropXml(doc._id, 'CANCELAMENTO_ASSINADO');
        await this.deps.store.releaseFact(fato._id);
        this.deps.log.warn({ documentoId: doc._id, cStat: resposta.cStat }, 'cancellation not registered at SEFAZ; claim released, the document may be cancelled again');
        return 'LIBERADO' as const;
      }
      await this.deps.store.setFact(fato._id, { incerto: true });
      return 'INCERTO' as const;
    });
    return resultado?.valor ?? 'OCUPADO';
  }

  private async registrarCancelamento(doc: DocumentoRecord, fato: FatoRecord): Promise<DocumentoFiscalView> {
    const justificativa = fato.justificativa!;
    const autorizador = this.autorizador(doc.modelo, doc.ambiente);
    const pedido = {
      companyId: doc.companyId,
      ambiente: doc.ambiente,
      uf: doc.emitenteUf,
      cnpj: doc.emitenteCnpj,
      chaveAcesso: doc.chaveAcesso!,
      modelo: doc.modelo,
      protocolo: doc.protocolo!,
      justificativa,
      // The claim's instant: a retry sends the same signed event, dated when it was first asked.
      solicitadoEm: new Date(fato.em),
      chNFeRef: fato.chNFeRef ?? null,
    };
    let xmlAssinado = await this.deps.store.xml(doc._id, 'CANCELAMENTO_ASSINADO');
    if (!xmlAssinado) {
      const preparado = await autorizador.prepararCancelamento(pedido);
      if (preparado) {
        xmlAssinado = await this.deps.store.keepXml({ _id: `${doc._id}:CANCELAMENTO_ASSINADO`, documentoId: doc._id, companyId: doc.companyId, tipo: 'CANCELAMENTO_ASSINADO', xml: preparado, em: this.now() });
      }
    }
    const resposta = await autorizador.cancelar({ ...pedido, solicitadoEm: this.now(), xmlAssinado });
    if (resposta.desfecho === 'INCERTO') {
      // Maybe registered at SEFAZ: the slot stays taken; the reconciliation (or the same request again) settles
      // it by a query.
      await this.deps.store.setFact(fato._id, { incerto: true });
      throw new Refusal(Codes.CANCELAMENTO_PENDENTE, 'a SEFAZ não respondeu ao cancelamento; ele será confirmado por consulta à SEFAZ em instantes (ou repita o pedido)', {
        status: 503,
        extra: { documentoId: doc._id },
      });
    }
    return this.gravarCancelamento(doc, fato, resposta);
  }

  /** Records the authorizer's answer to a claimed cancellation: refused (the slot is freed) or registered. */
  private async gravarCancelamento(doc: DocumentoRecord, fato: FatoRecord, resposta: RespostaCancelamento): Promise<DocumentoFiscalView> {
    const justificativa = fato.justificativa!;
    if (resposta.desfecho !== 'REGISTRADO' || !resposta.protocolo || !resposta.registradoEm) {
      // Refused: the slot is freed so a later, valid attempt (or a delivery mark) may take it.
      await this.deps.store.releaseFact(fato._id);
      if (resposta.desfecho === 'PRAZO_EXPIRADO') {
        // The deadline the document shows (fixed at authorization); the authorizer's own may be shorter (a UF's rule).
        throw new Refusal(Codes.PRAZO_CANCELAMENTO_EXPIRADO, `a SEFAZ recusou o cancelamento fora do prazo: ${resposta.cStat ?? ''} ${resposta.xMotivo}`, {
          status: 422,
          extra: { prazo: prazoDoDocumento(doc).toISOString(), cStat: resposta.cStat, motivo: resposta.xMotivo },
        });
      }
      throw new Refusal(Codes.DOCUMENTO_REJEITADO, `cancelamento recusado pelo autorizador: ${resposta.cStat ?? ''} ${resposta.xMotivo}`, {
        status: 422,
        extra: { cStat: resposta.cStat, motivo: resposta.xMotivo },
      });
    }
    if (resposta.xmlEvento) {
      await this.deps.store.keepXml({ _id: `${doc._id}:CANCELAMENTO_PROC`, documentoId: doc._id, companyId: doc.companyId, tipo: 'CANCELAMENTO_PROC', xml: resposta.xmlEvento, em: this.now() });
    }
    const efeito: Partial<DocumentoRecord> = {
      situacao: 'CANCELADO',
      canceladoEm: resposta.registradoEm,
      justificativaCancelamento: justificativa,
      protocoloCancelamento: resposta.protocolo,
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
    await this.deps.store.setFact(fato._id, { efeito, outbox: pendingEvent(Subjects.nfeCancelada, eventId, evento, this.now()) });
    documentMetrics.cancelled.inc({ model: doc.modelo });
    this.deps.falha?.('exit-after-cancel-recorded');
    await this.deps.store.set(doc._id, efeito);
    await this.announce();
    return documentView({ ...doc, ...efeito }, this.now());
  }

  private jaCancelado(doc: Pick<DocumentoRecord, 'canceladoEm'>): Refusal {
    const quando = doc.canceladoEm ? new Date(doc.canceladoEm).toISOString() : null;
    return new Refusal(Codes.DOCUMENTO_JA_CANCELADO, quando ? `o documento já foi cancelado em ${quando}` : 'o documento já foi cancelado', {
      status: 409,
      extra: { canceladoEm: quando },
    });
  }

  private mercadoriaEntregue(em: Date): Refusal {
    return new Refusal(
      Codes.MERCADORIA_ENTREGUE,
      'a mercadoria já foi entregue: a NF-e não pode mais ser cancelada; emita uma NF-e de devolução (entrada) para desfazer a operação',
      { status: 422, extra: { entregueEm: new Date(em).toISOString() } },
    );
  }

  private servicoIniciado(em: Date): Refusal {
    return new Refusal(
      Codes.SERVICO_INICIADO,
      'a prestação do transporte já começou: o CT-e não pode mais ser cancelado; o tomador registra "prestação do serviço em desacordo" e um CT-e substituto é emitido',
      { status: 422, extra: { servicoIniciadoEm: new Date(em).toISOString() } },
    );
  }

  // ---- delivery and service start ----

  /** NF-e: the goods were delivered (from then on it cannot be cancelled). Idempotent. */
  registrarEntrega(session: Session, id: string): Promise<DocumentoFiscalView> {
    return this.marcar(session, id, 'NFE', 'ENTREGA', 'entregueEm');
  }

  /** CT-e: the transport started (from then on it cannot be cancelled). Idempotent. */
  registrarInicioServico(session: Session, id: string): Promise<DocumentoFiscalView> {
    return this.marcar(session, id, 'CTE', 'INICIO_SERVICO', 'servicoIniciadoEm');
  }

  private async marcar(session: Session, id: string, modelo: ModeloDocumento, desfecho: 'ENTREGA' | 'INICIO_SERVICO', campo: 'entregueEm' | 'servicoIniciadoEm') {
    const doc = await this.deps.store.byId(session.companyId, id);
    if (!doc || doc.situacao === 'PROCESSANDO') throw notFound();
    if (doc.modelo !== modelo) {
      throw new Refusal(Codes.MARCACAO_INVALIDA, `${desfecho === 'ENTREGA' ? 'a entrega' : 'o início do serviço'} só se registra em ${modelo === 'NFE' ? 'NF-e' : 'CT-e'}`, { status: 422 });
    }
    if (doc.situacao !== 'AUTORIZADO') {
      if (doc.situacao === 'CANCELADO') throw this.jaCancelado(doc);
      throw new Refusal(Codes.DOCUMENTO_NAO_AUTORIZADO, `só um documento AUTORIZADO recebe esta marcação; este está ${doc.situacao}`, { status: 422 });
    }
    const em = this.now();
    const fato: FatoRecord = { _id: desfechoId(id), documentoId: id, companyId: doc.companyId, tipo: 'DESFECHO', desfecho, efeito: { [campo]: em }, em };
    if (!(await this.deps.store.claimFact(fato))) {
      const existente = (await this.deps.store.fact(fato._id))!;
      if (existente.desfecho === desfecho) {
        // Its author may have died between the claim and the document's write: the repetition writes it (same value).
        if (!doc[campo] && existente.efeito) await this.deps.store.set(id, existente.efeito);
        return documentView({ ...doc, ...(existente.efeito ?? {}) }, this.now());
      }
      throw this.jaCancelado({ canceladoEm: existente.efeito?.canceladoEm ?? null });
    }
    await this.deps.store.set(id, { [campo]: em });
    return documentView({ ...doc, [campo]: em }, this.now());
  }
}

/** Another turn is cancelling the document now: not cancelled yet, so never DOCUMENTO_JA_CANCELADO. */
function emAndamento(): Refusal {
  return new Refusal(Codes.CANCELAMENTO_EM_ANDAMENTO, 'o cancelamento deste documento ainda está em andamento; repita o pedido em instantes', {
    status: 409,
    extra: { tenteNovamenteEmSegundos: 2 },
  });
}
