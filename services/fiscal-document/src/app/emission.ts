import { randomBytes } from 'node:crypto';
import type { ConfiguracaoFiscalCompartilhada, OperacaoTributavel, ResultadoCalculo, Session } from '@erp/contracts';
import { competenciaDe, dataBrasilia } from '@erp/fiscal-rules';
import { chaveDoDocumento } from '../domain/access-key';
import { documentoId } from '../domain/document-id';
import { ehConsumidorFinal } from '../domain/final-consumer';
import { impressaoDaEntrada, referenciaDaEntrada, validarEmissao, type ContextoEmissao, type EmissaoValida, type ItemValido } from '../domain/emission-input';
import { situacoesIcmsNaoTransmitidas } from '../domain/icms-situations';
import { camposNaoTransmitidosNfse, configuracaoFaltandoNfse } from '../domain/nfse-requisitos';
import { reais } from '../domain/money';
import { somarImpostos } from '../domain/taxes';
import type { DocumentoRecord } from '../store/document-model';
import type { Authorization } from './authorization';
import { authorizerFor, type FiscalDeps } from './deps';
import {
  certificateExpired,
  certificateMissing,
  certificateOfAnotherCnpj,
  denied,
  emissionInProgress,
  incompleteSettings,
  invalidDocument,
  referenceReused,
  rejected,
  xmlOutOfLayout,
} from './refusals';
import { documentView, type DocumentoFiscalView } from './views';

/** How long a second request with the same `referencia` waits for the first to finish. */
const ESPERA_MESMA_REFERENCIA_MS = 10_000;
/** An emission's claim untouched for this long lost its author (a crash): the next request finishes it. */
const CLAIM_ABANDONADO_MS = 30_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface EmissionResult {
  documento: DocumentoFiscalView;
  /** False when the `referencia` had already produced this document (REST answers 200 instead of 201). */
  criado: boolean;
}

/**
 * Issuing a document: a `referencia` already used is answered from what was stored; otherwise the company's
 * settings, every field at once, the taxes of the tax engine, the claim of the reference, then the authorization.
 * Everything that can refuse the input is decided before the claim, so bad input burns no number.
 */
export class Emission {
  constructor(
    private readonly deps: FiscalDeps,
    private readonly authorization: Authorization,
  ) {}

  async issue(session: Session, entrada: unknown): Promise<EmissionResult> {
    const { companyId } = session;
    // A `referencia` already used is answered from what was stored, before today's settings are read: the same
    // content gets the same document (or the same refusal) whatever the settings say now.
    const referencia = referenciaDaEntrada(entrada);
    const impressao = referencia === null ? null : impressaoDaEntrada(entrada as Record<string, unknown>);
    if (referencia !== null && impressao === null) {
      throw invalidDocument([{ campo: '', regra: 'profundidade', erro: 'o corpo tem mais níveis do que uma emissão' }]);
    }
    if (referencia !== null && impressao !== null) {
      const existente = await this.deps.store.byId(companyId, documentoId(companyId, referencia));
      if (existente) return { documento: await this.sameReference(existente, impressao), criado: false };
    }

    const emitidoEm = this.deps.clock();
    const settings = await this.deps.settings(companyId);
    const validacao = validarEmissao(entrada, contextOf(settings, emitidoEm));
    if (!validacao.ok || impressao === null) throw invalidDocument(validacao.ok ? [] : validacao.campos);
    const emissao = validacao.valor;
    this.checkTransmittable(emissao, settings);

    // The engine decides every tax, the Simples Remessa's "none on the product value" included.
    const porItem = await this.deps.taxes(companyId, operationsOf(emissao, settings, emitidoEm));
    const doc = newDocument(session, emissao, settings, impressao, emitidoEm, porItem);
    await this.checkLayout(doc, settings);
    if (!(await this.deps.store.claimDocument(doc))) {
      const vencedor = await this.deps.store.byId(companyId, doc._id);
      if (!vencedor) throw new Error(`document ${doc._id} claimed but not found`);
      return { documento: await this.sameReference(vencedor, impressao), criado: false };
    }
    return { documento: await this.authorization.complete(doc, settings), criado: true };
  }

  /**
   * What an authorizer that transmits the document's XML needs beyond the emission's own checks: the issuer's
   * name, IE and address, the NF-e recipient's address (the MOC asks an NF-e to name its recipient in full) and
   * ICMS situations the XML writes.
   */
  private checkTransmittable(emissao: EmissaoValida, settings: ConfiguracaoFiscalCompartilhada): void {
    const autorizador = authorizerFor(this.deps, emissao.modelo, settings.ambiente);
    if (!autorizador.transmiteXml) return;
    if (emissao.modelo === 'NFSE') {
      const faltaNfse = configuracaoFaltandoNfse(settings);
      if (faltaNfse.length > 0) throw incompleteSettings(faltaNfse, ' para transmitir a NFS-e à Sefin Nacional');
      const camposNfse = camposNaoTransmitidosNfse(emissao);
      if (camposNfse.length > 0) throw invalidDocument(camposNfse);
      return;
    }
    const { empresa } = settings;
    const faltando = [!empresa.razaoSocial && 'empresa.razaoSocial', !empresa.inscricaoEstadual && 'empresa.inscricaoEstadual', !empresa.endereco && 'empresa.endereco'];
    const falta = faltando.filter((campo): campo is string => typeof campo === 'string');
    if (falta.length > 0) throw incompleteSettings(falta, ' para transmitir à SEFAZ');
    // The CT-e's ICMS situations are checked by its own input rules (emission-input/cte.ts).
    const campos = emissao.modelo === 'CTE' ? [] : situacoesIcmsNaoTransmitidas(emissao.itens);
    if (emissao.modelo === 'NFE' && emissao.destinatario && !emissao.destinatario.endereco && !emissao.destinatario.exterior) {
      campos.unshift({ campo: 'destinatario.endereco', regra: 'obrigatorio_nfe_sefaz', erro: 'a NF-e transmitida à SEFAZ exige o endereço do destinatário (endereco, com uf e codigoMunicipio)' });
    }
    if (campos.length > 0) throw invalidDocument(campos);
  }

  /**
   * The XML the document becomes, built with a provisional number and checked against the official schema before
   * anything is claimed: a document out of the layout is refused (422 XML_FORA_DO_LEIAUTE) and burns no number.
   */
  private async checkLayout(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada): Promise<void> {
    const autorizador = authorizerFor(this.deps, doc.modelo, settings.ambiente);
    // The NFS-e has no key of ours: Sefin generates it.
    const campos = await autorizador.conferirLeiaute({ ...doc, numero: 1, chaveAcesso: doc.modelo === 'NFSE' ? null : chaveDoDocumento(doc, 1) }, settings);
    if (campos.length > 0) throw xmlOutOfLayout(campos);
  }

  /**
   * The `referencia` was used before: the same content answers with the same document (once it is decided);
   * another content is refused. A claim whose author died is finished here.
   */
  private async sameReference(existente: DocumentoRecord, impressao: string): Promise<DocumentoFiscalView> {
    if (existente.impressao !== impressao) throw referenceReused(existente.referencia, existente._id);
    // Sent and unanswered: asking again is asking SEFAZ again (by key first), never a new number.
    if (existente.situacao === 'PENDENTE') return this.authorization.complete(existente);
    const prazo = Date.now() + ESPERA_MESMA_REFERENCIA_MS;
    let doc = existente;
    while (doc.situacao === 'PROCESSANDO') {
      if (this.deps.clock().getTime() - doc.criadoEm.getTime() > CLAIM_ABANDONADO_MS) return this.authorization.complete(doc);
      if (Date.now() > prazo) throw emissionInProgress();
      await sleep(50);
      doc = (await this.deps.store.byId(doc.companyId, doc._id))!;
    }
    // The same request gets the same answer: a refused document is refused again, never a 200.
    if (doc.situacao === 'REJEITADO') throw rejected(doc);
    if (doc.situacao === 'DENEGADO') throw denied(doc);
    return documentView(doc, this.deps.clock());
  }
}

/** What the company's settings must hold before anything is issued (spec 2.5), and the context the input is judged in. */
function contextOf(settings: ConfiguracaoFiscalCompartilhada, emitidoEm: Date): ContextoEmissao {
  const { empresa } = settings;
  const faltando = [
    !empresa.cnpj && 'empresa.cnpj',
    !empresa.uf && 'empresa.uf',
    !empresa.codigoMunicipio && 'empresa.codigoMunicipio',
    !empresa.regimeTributario && 'empresa.regimeTributario',
    settings.series.length === 0 && 'series',
  ].filter((campo): campo is string => typeof campo === 'string');
  if (faltando.length > 0) throw incompleteSettings(faltando);
  const certificado = settings.certificadoA1;
  if (!certificado) throw certificateMissing();
  if (new Date(certificado.validoAte).getTime() <= emitidoEm.getTime()) throw certificateExpired(certificado.validoAte);
  if (certificado.cnpj !== empresa.cnpj) throw certificateOfAnotherCnpj(certificado.cnpj, empresa.cnpj);
  return {
    regime: empresa.regimeTributario!,
    ufEmitente: empresa.uf!,
    series: settings.series,
    seriePadrao: settings.seriePadrao,
    codigoServicoPadrao: settings.nfse.codigoServico,
    emitidoEm,
  };
}

/** One operation per item for the tax engine, dated the day of issue in Brasília. */
function operationsOf(emissao: EmissaoValida, settings: ConfiguracaoFiscalCompartilhada, emitidoEm: Date): OperacaoTributavel[] {
  const dataOperacao = dataBrasilia(emitidoEm);
  // Abroad (UF EX, CFOP 7) the engine takes no destination UF; with no recipient UF the operation is internal.
  const exterior = emissao.destinatario?.uf === 'EX';
  const ufDestino = emissao.destinatario?.uf && !exterior ? emissao.destinatario.uf : settings.empresa.uf!;
  // indFinal and indIEDest as the NF-e writes them: they decide the DIFAL of an interstate sale.
  const consumidorFinal = ehConsumidorFinal(emissao.modelo, emissao.destinatario);
  const contribuinte = emissao.modelo !== 'NFCE' && Boolean(emissao.destinatario?.inscricaoEstadual);
  if (emissao.cte || emissao.cteOs) return [operacaoCte(emissao, settings, dataOperacao)];
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
    ...(item.cst ? { cst: item.cst } : {}),
    ...(item.csosn ? { csosn: item.csosn } : {}),
    ...(emissao.modelo === 'NFE' || emissao.modelo === 'NFCE' ? { consumidorFinal, destinatarioContribuinteIcms: contribuinte } : {}),
    ...insumosIcms(item),
    ...(emissao.simplesNacional ? { anexoSimples: emissao.simplesNacional.anexo, receitaBruta12Meses: emissao.simplesNacional.receitaBruta12Meses } : {}),
  }));
}

/** pRedBC, pDif and the ICMS-ST inputs as the engine's operation takes them (only those the item has). */
function insumosIcms(item: ItemValido): Partial<OperacaoTributavel> {
  const st = item.icmsSt;
  return {
    ...(item.reducaoBaseIcms != null ? { reducaoBaseIcms: item.reducaoBaseIcms } : {}),
    ...(item.diferimentoIcms != null ? { diferimentoIcms: item.diferimentoIcms } : {}),
    ...(st ? { icmsSt: Object.fromEntries(Object.entries(st).filter(([, v]) => v !== null)) } : {}),
  };
}

/**
 * A CT-e is one service with one ICMS (imp/ICMS) and one IBS/CBS group: the engine is asked once for the service's
 * whole value (the components' sum), from the UF where it starts to the UF where it ends (the ICMS of transport is
 * due to the UF of start, LC 87/1996 art. 11 II), with the components' CFOP and ICMS situation.
 */
function operacaoCte(emissao: EmissaoValida, settings: ConfiguracaoFiscalCompartilhada, dataOperacao: string): OperacaoTributavel {
  const cte = (emissao.cte ?? emissao.cteOs)!;
  const [item] = emissao.itens;
  return {
    tipoDocumento: 'CTE',
    valor: reais(emissao.valorTotalCentavos),
    dataOperacao,
    regime: settings.empresa.regimeTributario!,
    ufOrigem: cte.inicio.uf,
    ufDestino: cte.fim.uf,
    cfop: cte.cfop,
    ...(item.cst ? { cst: item.cst } : {}),
    ...(item.csosn ? { csosn: item.csosn } : {}),
  };
}

/** The claim: the validated emission, its taxes, and the key's random seed drawn once. */
function newDocument(
  session: Session,
  emissao: EmissaoValida,
  settings: ConfiguracaoFiscalCompartilhada,
  impressao: string,
  emitidoEm: Date,
  porItem: ResultadoCalculo[],
): DocumentoRecord {
  return {
    _id: documentoId(session.companyId, emissao.referencia),
    companyId: session.companyId,
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
    impostos: somarImpostos(porItem.map((r) => r.linhas)),
    impostosPorItem: porItem.map((r) => ({ linhas: somarImpostos([r.linhas]), difal: r.difal ?? null, icms: r.icms ?? null })),
    transmitidoEm: null,
    simplesRemessa: emissao.simplesRemessa,
    chaveCteReferenciada: emissao.chaveCteReferenciada,
    chavesNfeTransportadas: emissao.chavesNfeTransportadas,
    competencia: emissao.modelo === 'NFSE' ? (emissao.competencia ?? competenciaDe(emitidoEm)) : null,
    modalidadeFrete: emissao.modalidadeFrete,
    pagamentos: emissao.pagamentos ?? null,
    exportacao: emissao.exportacao ?? null,
    chaveNfseSubstituida: emissao.chaveNfseSubstituida,
    cte: emissao.cte,
    ...(emissao.cteOs ? { cteOs: emissao.cteOs } : {}),
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
}
