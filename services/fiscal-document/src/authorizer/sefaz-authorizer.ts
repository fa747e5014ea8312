import { randomInt } from 'node:crypto';
import { FiscalDocumentErrorCodes, Refusal, type ConfiguracaoFiscalCompartilhada, type ModeloSefaz, type ServicoSefaz } from '@erp/contracts';
import { cUfFromSigla } from '@erp/fiscal-rules';
import type { Logger } from '@erp/kit';
import { qrCodeNfce } from '../domain/qrcode';
import { desfechoAutorizacao, desfechoCancelamento, desfechoInutilizacao, EVENTOS_CANCELAMENTO, passoAutorizacao, situacaoConsulta } from '../domain/sefaz-status';
import type { FiscalSettingsReader } from '@erp/kit';
import type { Transmissor } from '../messaging/sefaz-relay';
import type { DocumentoRecord } from '../store/document-model';
import { montarNfe, type DadosNfe } from '../xml/nfe-builder';
import {
  consReciNFe,
  consSitNFe,
  consStatServ,
  enviNFe,
  envelopeSoap,
  envEvento,
  eventoCancelamento,
  eventoCancelamentoSubstituicao,
  inutNFe,
  lerRetornoAutorizacao,
  lerRetornoConsulta,
  lerRetornoEvento,
  lerRetornoInutilizacao,
  lerRetornoStatus,
  nfeProc,
  procEventoNFe,
  procInutNFe,
  type ProtocoloNfe,
  type RetornoAutorizacao,
  type RetornoConsulta,
} from '../xml/sefaz-messages';
import { assinarXml, type Assinador } from '../xml/signature';
import type {
  Autorizador,
  ConsultaCancelamento,
  PedidoAutorizacao,
  PedidoCancelamento,
  PedidoInutilizacao,
  PedidoStatus,
  RespostaAutorizacao,
  RespostaCancelamento,
  RespostaInutilizacao,
  RespostaStatus,
} from './authorizer';

export interface SefazAuthorizerOptions {
  transmitir: Transmissor;
  assinador: (companyId: string) => Assinador;
  settings: FiscalSettingsReader;
  log: Logger;
  /** Wait between receipt polls after 103/105 (SEFAZ asks for at least a second or so). */
  intervaloConsultaReciboMs: number;
  /** Polls before giving up and leaving the outcome to a protocol query later. */
  maximoConsultasRecibo: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** `idLote`: up to 15 digits, unique enough per issuer (SEFAZ only echoes it). */
const idLote = () => `${Date.now()}${randomInt(0, 100)}`.slice(-15);

type Envio = { ok: true; corpo: string } | { ok: false; motivo: string };

const modeloSefaz = (modelo: string): ModeloSefaz => {
  if (modelo !== 'NFE' && modelo !== 'NFCE') throw new Error(`the SEFAZ adapter serves NF-e and NFC-e, not ${modelo}`);
  return modelo;
};

/**
 * The SEFAZ adapter of the authorizer port, for NF-e and NFC-e 4.00: builds and signs the XML, calls the web
 * services (SOAP 1.2) through the settings service's relay (mutual TLS with the company's A1 certificate), and
 * turns every answer into a decision by its cStat (`domain/sefaz-status.ts`). The recovery rules:
 *
 * - 100/150 authorized; 110/301/302/303 denied (the number is spent); any other code rejected.
 * - 103/105: poll the receipt (NFeRetAutorizacao4) until 104 brings the protocol; any other answer to a poll
 *   (106, a 104 without our protocol...) is settled by a query by key (`passoAutorizacao`).
 * - 204/539, a timeout, a lost connection, a SOAP fault, 108/109/999: query by key (NFeConsultaProtocolo4) and
 *   adopt SEFAZ's outcome. After a lost answer, a key SEFAZ does not have (217) is sent again, once, with the
 *   same signed bytes; after 539, 217 means the number belongs to another key (rejected, never reused).
 * - Whatever is still unknown is `INCERTO`: the document keeps its number and is resolved by a query later.
 * - Cancellation (110111, or 110112 for an NFC-e replaced by another): 135/155 registered; 573/580 or a lost
 *   answer: query, and adopt a registered cancellation; 501 deadline passed.
 */
export class SefazAuthorizer implements Autorizador {
  readonly nome = 'sefaz';

  constructor(private readonly o: SefazAuthorizerOptions) {}

  // ---- transport ----

  private async chamar(companyId: string, destino: { uf: string; ambiente: PedidoAutorizacao['ambiente']; modelo: ModeloSefaz }, servico: ServicoSefaz, mensagem: string): Promise<Envio> {
    const { timeoutSegundos } = await this.o.settings(companyId);
    const resposta = await this.o.transmitir(companyId, { tipo: 'SEFAZ', ...destino, servico, contingencia: false }, envelopeSoap(servico, mensagem), timeoutSegundos * 1000);
    if (!resposta.ok) {
      if (resposta.codigo === 'DESTINO_NAO_PERMITIDO' || resposta.codigo === 'CERTIFICADO_AUSENTE' || resposta.codigo === 'CERTIFICADO_EXPIRADO') {
        // Nothing was sent: a configuration fault, not an unknown outcome.
        throw new Refusal(FiscalDocumentErrorCodes.AUTORIZADOR_INDISPONIVEL, `a transmissão à SEFAZ foi recusada: ${resposta.erro}`, { status: 422, extra: { motivo: resposta.codigo } });
      }
      this.o.log.warn({ companyId, servico, codigo: resposta.codigo }, 'SEFAZ did not answer');
      return { ok: false, motivo: resposta.codigo };
    }
    if (resposta.status >= 500 && !resposta.corpo.includes('<cStat>')) {
      this.o.log.warn({ companyId, servico, status: resposta.status }, 'SEFAZ answered with a server error');
      return { ok: false, motivo: `HTTP ${resposta.status}` };
    }
    return { ok: true, corpo: resposta.corpo };
  }

  /** Reads an answer; an unreadable one counts as no answer. */
  private ler<T>(envio: Envio, leitor: (corpo: string) => T): T | null {
    if (!envio.ok) return null;
    try {
      return leitor(envio.corpo);
    } catch (error) {
      this.o.log.warn({ err: error }, 'unreadable SEFAZ answer');
      return null;
    }
  }

  // ---- authorization ----

  async prepararAutorizacao(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada): Promise<string> {
    return assinarXml(montarNfe(dadosNfe(doc, settings)), 'infNFe', this.o.assinador(doc.companyId));
  }

  async autorizar(p: PedidoAutorizacao): Promise<RespostaAutorizacao> {
    if (!p.xmlAssinado) throw new Error('the SEFAZ adapter transmits a signed NF-e');
    return p.retomada ? this.porConsulta(p, 'RETOMADA') : this.enviar(p, true);
  }

  private destino(p: { uf: string; ambiente: PedidoAutorizacao['ambiente']; modelo: string }) {
    return { uf: p.uf, ambiente: p.ambiente, modelo: modeloSefaz(p.modelo) };
  }

  private async enviar(p: PedidoAutorizacao, podeReenviar: boolean): Promise<RespostaAutorizacao> {
    const envio = await this.chamar(p.companyId, this.destino(p), 'NFeAutorizacao4', enviNFe(idLote(), p.xmlAssinado!));
    const retorno = this.ler(envio, lerRetornoAutorizacao);
    if (!retorno) return this.porConsulta(p, podeReenviar ? 'SEM_RESPOSTA' : 'SEM_RESPOSTA_REENVIO');
    switch (passo('ENVIO', p, retorno)) {
      case 'PROTOCOLO':
        return this.decidir(p, retorno.protocolo!.cStat, retorno.protocolo!.xMotivo, retorno.protocolo);
      case 'RECIBO':
        return this.consultarRecibo(p, retorno.recibo!);
      case 'CONSULTAR':
        return this.porConsulta(p, 'DUPLICIDADE');
      case 'LOTE':
        return this.decidir(p, retorno.cStat, retorno.xMotivo, null);
    }
  }

  /** A cStat of the NF-e (its protocol's) or of a batch refused whole (no protocol). */
  private async decidir(p: PedidoAutorizacao, cStat: string, xMotivo: string, protocolo: ProtocoloNfe | null): Promise<RespostaAutorizacao> {
    switch (desfechoAutorizacao(cStat)) {
      case 'AUTORIZADO':
        return protocolo ? this.resultado('AUTORIZADO', p, protocolo) : this.porConsulta(p, 'DUPLICIDADE');
      case 'DENEGADO':
        return protocolo ? this.resultado('DENEGADO', p, protocolo) : this.porConsulta(p, 'DUPLICIDADE');
      case 'DUPLICIDADE':
        return this.porConsulta(p, cStat === '539' ? 'NUMERO_DE_OUTRA_CHAVE' : 'DUPLICIDADE', { cStat, xMotivo });
      case 'EM_PROCESSAMENTO':
        return this.porConsulta(p, 'DUPLICIDADE');
      case 'INDISPONIVEL':
        return this.porConsulta(p, 'DUPLICIDADE', { cStat, xMotivo });
      case 'REJEITADO':
        return { desfecho: 'REJEITADO', cStat, xMotivo, protocolo: null, autorizadoEm: null, xmlAutorizado: null };
    }
  }

  /**
   * 103/105: SEFAZ is processing the batch; its receipt is polled until a 104 brings our key's protocol. Any
   * other answer (106 batch not found, a 104 without our protocol...) is settled by a query by key.
   */
  private async consultarRecibo(p: PedidoAutorizacao, recibo: string): Promise<RespostaAutorizacao> {
    for (let tentativa = 0; tentativa < this.o.maximoConsultasRecibo; tentativa += 1) {
      await sleep(this.o.intervaloConsultaReciboMs);
      const envio = await this.chamar(p.companyId, this.destino(p), 'NFeRetAutorizacao4', consReciNFe(p.ambiente === 'PRODUÇÃO', recibo));
      const retorno = this.ler(envio, lerRetornoAutorizacao);
      if (!retorno) continue;
      const proximo = passo('RECIBO', p, retorno);
      if (proximo === 'RECIBO') continue;
      if (proximo === 'PROTOCOLO') return this.decidir(p, retorno.protocolo!.cStat, retorno.protocolo!.xMotivo, retorno.protocolo);
      return this.porConsulta(p, 'DUPLICIDADE');
    }
    return this.porConsulta(p, 'DUPLICIDADE');
  }

  /**
   * The query by key that settles what a lost or ambiguous answer left open. `porque` says what may follow a
   * 217 (SEFAZ does not have the key): after a lost first answer, one resend of the same bytes; after a resend
   * or a 204, nothing (unknown); after 539, the number is another key's (rejected).
   */
  private async porConsulta(
    p: PedidoAutorizacao,
    porque: 'SEM_RESPOSTA' | 'SEM_RESPOSTA_REENVIO' | 'RETOMADA' | 'DUPLICIDADE' | 'NUMERO_DE_OUTRA_CHAVE',
    anterior?: { cStat: string; xMotivo: string },
  ): Promise<RespostaAutorizacao> {
    const consulta = await this.consultar(p);
    const incerto: RespostaAutorizacao = {
      desfecho: 'INCERTO',
      cStat: anterior?.cStat ?? consulta?.cStat ?? null,
      xMotivo: anterior?.xMotivo ?? consulta?.xMotivo ?? 'SEFAZ sem resposta',
      protocolo: null,
      autorizadoEm: null,
      xmlAutorizado: null,
    };
    if (!consulta) return incerto;
    const situacao = situacaoConsulta(consulta.cStat);
    if ((situacao === 'AUTORIZADA' || situacao === 'CANCELADA') && consulta.protocolo) return this.resultado('AUTORIZADO', p, consulta.protocolo);
    if (situacao === 'DENEGADA' && consulta.protocolo) return this.resultado('DENEGADO', p, consulta.protocolo);
    if (situacao === 'NAO_CONSTA') {
      if (porque === 'SEM_RESPOSTA' || porque === 'RETOMADA') return this.enviar(p, false);
      if (porque === 'NUMERO_DE_OUTRA_CHAVE' && anterior) return { desfecho: 'REJEITADO', ...anterior, protocolo: null, autorizadoEm: null, xmlAutorizado: null };
    }
    return incerto;
  }

  private async consultar(p: { companyId: string; uf: string; ambiente: PedidoAutorizacao['ambiente']; modelo: string; chaveAcesso: string }): Promise<RetornoConsulta | null> {
    const envio = await this.chamar(p.companyId, this.destino(p), 'NFeConsultaProtocolo4', consSitNFe(p.ambiente === 'PRODUÇÃO', p.chaveAcesso));
    return this.ler(envio, lerRetornoConsulta);
  }

  private resultado(desfecho: 'AUTORIZADO' | 'DENEGADO', p: PedidoAutorizacao, protocolo: ProtocoloNfe): RespostaAutorizacao {
    return {
      desfecho,
      cStat: protocolo.cStat,
      xMotivo: protocolo.xMotivo,
      protocolo: protocolo.protocolo,
      autorizadoEm: protocolo.recebidoEm,
      xmlAutorizado: nfeProc(p.xmlAssinado!, protocolo.xml),
    };
  }

  // ---- cancellation (event 110111; NFC-e by substitution 110112) ----

  /** Event 110111, or 110112 when an NFC-e is replaced by another (`chNFeRef`). */
  async prepararCancelamento(p: Omit<PedidoCancelamento, 'xmlAssinado'>): Promise<string> {
    const dados = {
      chave: p.chaveAcesso,
      cnpj: p.cnpj,
      producao: p.ambiente === 'PRODUÇÃO',
      em: p.solicitadoEm,
      sequencia: 1,
      protocolo: p.protocolo,
      justificativa: p.justificativa,
    };
    const xml = p.chNFeRef ? eventoCancelamentoSubstituicao({ ...dados, chaveSubstituta: p.chNFeRef }) : eventoCancelamento(dados);
    return assinarXml(xml, 'infEvento', this.o.assinador(p.companyId));
  }

  cancelar(p: PedidoCancelamento): Promise<RespostaCancelamento> {
    if (!p.xmlAssinado) throw new Error('the SEFAZ adapter transmits a signed event');
    return this.enviarCancelamento(p, true);
  }

  private async enviarCancelamento(p: PedidoCancelamento, podeReenviar: boolean): Promise<RespostaCancelamento> {
    const envio = await this.chamar(p.companyId, this.destino(p), 'NFeRecepcaoEvento4', envEvento(idLote(), p.xmlAssinado!));
    const retorno = this.ler(envio, lerRetornoEvento);
    if (!retorno) return this.cancelamentoPorConsulta(p, podeReenviar);
    const cStat = retorno.evento?.cStat ?? retorno.cStat;
    const xMotivo = retorno.evento?.xMotivo ?? retorno.xMotivo;
    switch (desfechoCancelamento(cStat)) {
      case 'REGISTRADO':
        return {
          desfecho: 'REGISTRADO',
          cStat,
          xMotivo,
          protocolo: retorno.evento?.protocolo ?? null,
          registradoEm: retorno.evento?.registradoEm ?? null,
          xmlEvento: retorno.evento ? procEventoNFe(p.xmlAssinado!, retorno.evento.xml) : null,
        };
      case 'CONSULTAR':
      case 'INDISPONIVEL':
        return this.cancelamentoPorConsulta(p, false, { cStat, xMotivo });
      case 'PRAZO_EXPIRADO':
        return { desfecho: 'PRAZO_EXPIRADO', cStat, xMotivo, protocolo: null, registradoEm: null, xmlEvento: null };
      case 'RECUSADO':
        return { desfecho: 'RECUSADO', cStat, xMotivo, protocolo: null, registradoEm: null, xmlEvento: null };
    }
  }

  /** After 573/580 or a lost answer: SEFAZ may have registered the cancellation already; adopt it if so. */
  private async cancelamentoPorConsulta(p: PedidoCancelamento, podeReenviar: boolean, anterior?: { cStat: string; xMotivo: string }): Promise<RespostaCancelamento> {
    const consulta = await this.consultar(p);
    const incerto = semCancelamento('INCERTO', anterior?.cStat ?? null, anterior?.xMotivo ?? 'SEFAZ sem resposta');
    if (!consulta) return incerto;
    const registrado = cancelamentoRegistrado(consulta);
    if (registrado) return registrado;
    const situacao = situacaoConsulta(consulta.cStat);
    if (situacao === 'AUTORIZADA') return podeReenviar ? this.enviarCancelamento(p, false) : incerto;
    if (situacao === 'DENEGADA' || situacao === 'NAO_CONSTA') return semCancelamento('RECUSADO', anterior?.cStat ?? consulta.cStat, anterior?.xMotivo ?? consulta.xMotivo);
    return incerto;
  }

  /** A query by key only, nothing sent: is the cancellation registered at SEFAZ? */
  async consultarCancelamento(p: ConsultaCancelamento): Promise<RespostaCancelamento> {
    const consulta = await this.consultar(p);
    if (!consulta) return semCancelamento('INCERTO', null, 'SEFAZ sem resposta');
    const registrado = cancelamentoRegistrado(consulta);
    if (registrado) return registrado;
    // Authorized (or denied, or unknown to SEFAZ) with no cancellation event: the lost request never arrived.
    const situacao = situacaoConsulta(consulta.cStat);
    if (situacao === 'AUTORIZADA' || situacao === 'DENEGADA' || situacao === 'NAO_CONSTA') return semCancelamento('NAO_REGISTRADO', consulta.cStat, consulta.xMotivo);
    // Cancelled without the event in the answer, or a code that tells nothing: ask again later.
    return semCancelamento('INCERTO', consulta.cStat, consulta.xMotivo);
  }

  // ---- voiding (inutilização) ----

  async prepararInutilizacao(p: Omit<PedidoInutilizacao, 'xmlAssinado'>): Promise<string> {
    const xml = inutNFe({
      cUF: cUf(p.uf),
      cnpj: p.cnpj,
      producao: p.ambiente === 'PRODUÇÃO',
      ano: String(p.ano % 100).padStart(2, '0'),
      modelo: modeloSefaz(p.modelo) === 'NFE' ? '55' : '65',
      serie: p.serie,
      de: p.de,
      ate: p.ate,
      justificativa: p.justificativa,
    });
    return assinarXml(xml, 'infInut', this.o.assinador(p.companyId));
  }

  /** A lost answer is sent again once: the same request twice is answered 563/206, which is adopted. */
  async inutilizar(p: PedidoInutilizacao): Promise<RespostaInutilizacao> {
    if (!p.xmlAssinado) throw new Error('the SEFAZ adapter transmits a signed inutNFe');
    for (let tentativa = 0; tentativa < 2; tentativa += 1) {
      const envio = await this.chamar(p.companyId, this.destino(p), 'NFeInutilizacao4', p.xmlAssinado);
      const retorno = this.ler(envio, lerRetornoInutilizacao);
      if (!retorno) continue;
      const desfecho = desfechoInutilizacao(retorno.cStat);
      if (desfecho === 'INDISPONIVEL') break;
      const base = { cStat: retorno.cStat, xMotivo: retorno.xMotivo, protocolo: retorno.protocolo, registradoEm: retorno.recebidoEm };
      if (desfecho === 'RECUSADA') return { desfecho: 'RECUSADA', ...base, xml: null };
      return { desfecho: 'INUTILIZADA', ...base, xml: procInutNFe(p.xmlAssinado, retorno.xml) };
    }
    return { desfecho: 'INCERTO', cStat: null, xMotivo: 'SEFAZ sem resposta', protocolo: null, registradoEm: null, xml: null };
  }

  // ---- service status ----

  /** NFeStatusServico4: 107 "Serviço em Operação"; anything else (108, 109, no answer) means not now. */
  async statusServico(p: PedidoStatus): Promise<RespostaStatus> {
    const envio = await this.chamar(p.companyId, this.destino(p), 'NFeStatusServico4', consStatServ(p.ambiente === 'PRODUÇÃO', cUf(p.uf)));
    return this.ler(envio, lerRetornoStatus) ?? { cStat: null, xMotivo: 'SEFAZ sem resposta' };
  }
}

const cUf = (uf: string) => cUfFromSigla(uf) ?? '00';

const passo = (fase: 'ENVIO' | 'RECIBO', p: PedidoAutorizacao, retorno: RetornoAutorizacao) =>
  passoAutorizacao(fase, { cStat: retorno.cStat, chaveDoProtocolo: retorno.protocolo?.chave ?? null, temRecibo: Boolean(retorno.recibo) }, p.chaveAcesso);

const semCancelamento = (desfecho: 'INCERTO' | 'RECUSADO' | 'NAO_REGISTRADO', cStat: string | null, xMotivo: string): RespostaCancelamento => ({
  desfecho,
  cStat,
  xMotivo,
  protocolo: null,
  registradoEm: null,
  xmlEvento: null,
});

/** The registered cancellation event a query answer carries (the NF-e is then 101/151), with its `procEventoNFe`. */
function cancelamentoRegistrado(consulta: RetornoConsulta): RespostaCancelamento | null {
  if (situacaoConsulta(consulta.cStat) !== 'CANCELADA') return null;
  const evento = consulta.eventos.find((e) => EVENTOS_CANCELAMENTO.has(e.tpEvento) && desfechoCancelamento(e.cStat) === 'REGISTRADO');
  if (!evento) return null;
  return { desfecho: 'REGISTRADO', cStat: evento.cStat, xMotivo: evento.xMotivo, protocolo: evento.protocolo, registradoEm: evento.registradoEm, xmlEvento: evento.xml };
}

/** What the XML needs of a stored document and the company's settings (the address is checked at emission). */
export function dadosNfe(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada): DadosNfe {
  const { empresa } = settings;
  const endereco = empresa.endereco;
  if (!endereco || !empresa.razaoSocial || !empresa.inscricaoEstadual) throw new Error('emitter address, name and IE are checked before a document is numbered');
  const modelo = modeloSefaz(doc.modelo);
  const porItem = doc.impostosPorItem ?? [];
  return {
    chave: doc.chaveAcesso!,
    modelo,
    ambiente: doc.ambiente,
    emitidoEm: doc.emitidoEm,
    naturezaOperacao: doc.simplesRemessa ? 'SIMPLES REMESSA' : 'VENDA DE MERCADORIA',
    emitente: {
      cnpj: doc.emitenteCnpj,
      razaoSocial: empresa.razaoSocial,
      inscricaoEstadual: empresa.inscricaoEstadual,
      crt: empresa.regimeTributario === 'SIMPLES_NACIONAL' ? '1' : '3',
      endereco: { ...endereco, codigoMunicipio: doc.emitenteMunicipio, uf: doc.emitenteUf },
    },
    destinatario: doc.destinatario,
    itens: doc.itens.map((item, i) => ({
      codigo: item.codigo,
      descricao: item.descricao,
      ncm: item.ncm ?? '00',
      cfop: item.cfop ?? '5102',
      unidade: item.unidade,
      quantidade: item.quantidade,
      valorUnitario: item.valorUnitario,
      valorCentavos: item.valorCentavos,
      cst: item.cst,
      csosn: item.csosn,
      impostos: porItem[i]?.linhas ?? [],
    })),
    chaveCteReferenciada: doc.chaveCteReferenciada,
    modalidadeFrete: doc.modalidadeFrete ?? null,
    informacoesComplementares: null,
    qrCode: modelo === 'NFCE' ? qrCodeNfce(doc.chaveAcesso!, doc.emitenteUf, doc.ambiente) : null,
  };
}
