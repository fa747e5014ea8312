import type { CampoInvalido, ConfiguracaoFiscalCompartilhada } from '@erp/contracts';
import { validarXml, type NomePacote } from '@erp/fiscal-schemas';
import { xmlOutOfLayout } from '../app/refusals';
import type { FiscalSettingsReader, Logger } from '@erp/kit';
import { desfechoAutorizacao, passoAutorizacao, situacaoConsulta } from '../domain/sefaz-status';
import type { Transmissor } from '../messaging/sefaz-relay';
import type { DocumentoRecord } from '../store/document-model';
import { lerRetornoAutorizacao, type ProtocoloNfe, type RetornoAutorizacao } from '../xml/answers';
import { nfeProc } from '../xml/distribution';
import { montarNfe, type ResponsavelTecnico } from '../xml/nfe';
import { camposDoSchema } from '../xml/nfe/schema-check';
import { dadosNfe } from '../xml/nfe-data';
import { consReciNFe, enviNFe } from '../xml/requests';
import { assinadorDeForma, assinarXml, type Assinador } from '../xml/signature';
import type {
  Autorizador,
  ConsultaCancelamento,
  PedidoAutorizacao,
  PedidoCancelamento,
  PedidoInutilizacao,
  PedidoCorrecao,
  PedidoStatus,
  RespostaCorrecao,
  RespostaAutorizacao,
  RespostaCancelamento,
  RespostaInutilizacao,
  RespostaStatus,
} from './authorizer';
import { SefazCorrections } from './sefaz-corrections';
import { SefazEvents } from './sefaz-events';
import { idLote, SefazTransport } from './sefaz-transport';

export interface SefazAuthorizerOptions {
  transmitir: Transmissor;
  assinador: (companyId: string) => Assinador;
  settings: FiscalSettingsReader;
  log: Logger;
  /** Wait between receipt polls after 103/105 (SEFAZ asks for at least a second or so). */
  intervaloConsultaReciboMs: number;
  /** Polls before giving up and leaving the outcome to a protocol query later. */
  maximoConsultasRecibo: number;
  /** `infRespTec` of every NF-e (the platform's configuration), or null when none is configured. */
  responsavelTecnico: ResponsavelTecnico | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The official NF-e / NFC-e 4.00 package every NF-e is validated against before it is signed. */
const PACOTE_NFE: NomePacote = 'nfe-PL_010_V1.30';

/**
 * The SEFAZ adapter of the authorizer port, for NF-e and NFC-e 4.00: builds and signs the XML, calls the web
 * services (SOAP 1.2) through the settings service's relay (`sefaz-transport.ts`), and turns every answer into a
 * decision by its cStat (`domain/sefaz-status.ts`). The authorization's recovery rules are here; the events,
 * voiding and status in `sefaz-events.ts`:
 *
 * - 100/150 authorized; 110/301/302/303 denied (the number is spent); any other code rejected.
 * - 103/105: poll the receipt (NFeRetAutorizacao4) until 104 brings the protocol; any other answer to a poll
 *   (106, a 104 without our protocol...) is settled by a query by key (`passoAutorizacao`).
 * - 204/539, a timeout, a lost connection, a SOAP fault, 108/109/999: query by key (NFeConsultaProtocolo4) and
 *   adopt SEFAZ's outcome. After a lost answer, a key SEFAZ does not have (217) is sent again, once, with the
 *   same signed bytes; after 539, 217 means the number belongs to another key (rejected, never reused).
 * - Whatever is still unknown is `INCERTO`: the document keeps its number and is resolved by a query later.
 */
export class SefazAuthorizer implements Autorizador {
  readonly nome = 'sefaz';
  readonly transmiteXml = true;
  private readonly t: SefazTransport;
  private readonly eventos: SefazEvents;
  private readonly correcoes: SefazCorrections;

  constructor(private readonly o: SefazAuthorizerOptions) {
    this.t = new SefazTransport(o);
    this.eventos = new SefazEvents(this.t, o.assinador);
    this.correcoes = new SefazCorrections(this.t, o.assinador);
  }

  // ---- authorization ----

  async conferirLeiaute(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada): Promise<CampoInvalido[]> {
    // Indented (an error's line tells its item) and with a placeholder signature, which the schema requires.
    const indentado = await assinarXml(montarNfe(dadosNfe(doc, settings, this.o.responsavelTecnico), { indentado: true }), 'infNFe', assinadorDeForma);
    const resultado = await validarXml(PACOTE_NFE, 'nfe_v4.00.xsd', indentado);
    if (resultado.ok) return [];
    // Our fault, never the client's input alone: logged whole, for us to fix the builder.
    this.o.log.error({ documentoId: doc._id, erros: resultado.erros.slice(0, 5) }, 'NF-e built out of the official schema');
    return camposDoSchema(indentado, resultado.erros);
  }

  /** The NF-e validated against the official schema, then signed (the key never leaves the settings service). */
  async prepararAutorizacao(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada): Promise<string> {
    const campos = await this.conferirLeiaute(doc, settings);
    if (campos.length > 0) throw xmlOutOfLayout(campos);
    return assinarXml(montarNfe(dadosNfe(doc, settings, this.o.responsavelTecnico)), 'infNFe', this.o.assinador(doc.companyId));
  }

  async autorizar(p: PedidoAutorizacao): Promise<RespostaAutorizacao> {
    if (!p.xmlAssinado) throw new Error('the SEFAZ adapter transmits a signed NF-e');
    return p.retomada ? this.porConsulta(p, 'RETOMADA') : this.enviar(p, true);
  }

  private async enviar(p: PedidoAutorizacao, podeReenviar: boolean): Promise<RespostaAutorizacao> {
    const envio = await this.t.call(p, 'NFeAutorizacao4', enviNFe(idLote(), p.xmlAssinado!));
    const retorno = this.t.read(envio, lerRetornoAutorizacao);
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
      const envio = await this.t.call(p, 'NFeRetAutorizacao4', consReciNFe(p.ambiente === 'PRODUÇÃO', recibo));
      const retorno = this.t.read(envio, lerRetornoAutorizacao);
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
    const consulta = await this.t.query(p);
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

  // ---- events, voiding and status (sefaz-events.ts) ----

  prepararCancelamento(p: Omit<PedidoCancelamento, 'xmlAssinado'>): Promise<string> {
    return this.eventos.prepararCancelamento(p);
  }

  cancelar(p: PedidoCancelamento): Promise<RespostaCancelamento> {
    return this.eventos.cancelar(p);
  }

  consultarCancelamento(p: ConsultaCancelamento): Promise<RespostaCancelamento> {
    return this.eventos.consultarCancelamento(p);
  }

  prepararInutilizacao(p: Omit<PedidoInutilizacao, 'xmlAssinado'>): Promise<string> {
    return this.eventos.prepararInutilizacao(p);
  }

  inutilizar(p: PedidoInutilizacao): Promise<RespostaInutilizacao> {
    return this.eventos.inutilizar(p);
  }

  statusServico(p: PedidoStatus): Promise<RespostaStatus> {
    return this.eventos.statusServico(p);
  }

  prepararCorrecao(p: Omit<PedidoCorrecao, 'xmlAssinado'>): Promise<string> {
    return this.correcoes.preparar(p);
  }

  corrigir(p: PedidoCorrecao): Promise<RespostaCorrecao> {
    return this.correcoes.corrigir(p);
  }
}

const passo = (fase: 'ENVIO' | 'RECIBO', p: PedidoAutorizacao, retorno: RetornoAutorizacao) =>
  passoAutorizacao(fase, { cStat: retorno.cStat, chaveDoProtocolo: retorno.protocolo?.chave ?? null, temRecibo: Boolean(retorno.recibo) }, p.chaveAcesso);
