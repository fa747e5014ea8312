import type { CampoInvalido, ConfiguracaoFiscalCompartilhada } from '@erp/contracts';
import { validarXml } from '@erp/fiscal-schemas';
import type { FiscalSettingsReader, Logger } from '@erp/kit';
import { xmlOutOfLayout } from '../app/refusals';
import type { Transmissor } from '../messaging/sefaz-relay';
import type { DocumentoRecord } from '../store/document-model';
import { idDps, montarDps } from '../xml/nfse/dps';
import { dadosDps, VER_APLIC_NFSE } from '../xml/nfse/dps-data';
import { EVENTO_CANCELAMENTO, EVENTO_SUBSTITUICAO, lerNfse, montarPedidoEvento, type DadosEventoNfse } from '../xml/nfse/eventos';
import { assinadorDeForma, assinarXml, type Assinador, type PerfilAssinatura } from '../xml/signature';
import type {
  Autorizador,
  ConsultaCancelamento,
  PedidoAutorizacao,
  PedidoCancelamento,
  PedidoInutilizacao,
  RespostaAutorizacao,
  RespostaCancelamento,
  RespostaInutilizacao,
  RespostaStatus,
} from './authorizer';
import { deGzipB64, errosDe, gzipB64, SefinTransport } from './sefin-transport';

export interface NfseNacionalOptions {
  transmitir: Transmissor;
  assinador: (companyId: string, algoritmo: PerfilAssinatura['algoritmo']) => Assinador;
  settings: FiscalSettingsReader;
  log: Logger;
}

/**
 * Sefin's refusal of a DPS whose Id it already holds: settled by asking for the NFS-e of that DPS
 * (`GET /dps/{id}`), never treated as a rejection (the DPS may be ours, sent before an answer was lost).
 * [UNCONFIRMED] code: E0014 "DPS já existente" is the stand-in's; docs/nfse.md.
 */
export const ERROS_DPS_DUPLICADA = new Set(['E0014']);
/** An event already registered for the NFS-e ([UNCONFIRMED] code, the stand-in's: docs/nfse.md). */
export const ERROS_EVENTO_DUPLICADO = new Set(['E0840']);
/** Refusals of an event for its deadline (the city's), told apart so the client sees PRAZO_CANCELAMENTO_EXPIRADO. */
export const ERROS_FORA_DO_PRAZO = new Set(['E0205']);

const perfilDe = (settings: ConfiguracaoFiscalCompartilhada): PerfilAssinatura => ({ algoritmo: settings.nfse.algoritmoAssinatura, canonicalizacao: settings.nfse.canonicalizacao });
const incerto = (xMotivo: string): RespostaAutorizacao => ({ desfecho: 'INCERTO', cStat: null, xMotivo, protocolo: null, autorizadoEm: null, xmlAutorizado: null });

/**
 * The NFS-e national standard adapter (Sefin Nacional, REST + JSON over mutual TLS through the settings relay):
 * the DPS 1.01 is built, validated against the official schema, signed over `infDPS` with the company's signature
 * profile and sent gzip + base64 (`POST /nfse`). Sefin answers 201 with the NFS-e (its key, its XML), which the
 * document adopts. Recovery: after a lost answer or a duplicate DPS, `GET /dps/{id}` tells whether an NFS-e exists
 * for our DPS Id; it is then fetched by key. A DPS Sefin does not have after a lost answer is sent again, once,
 * with the same bytes. Rejections carry Sefin's error code (`E…`) as cStat.
 */
export class NfseNacionalAuthorizer implements Autorizador {
  readonly nome = 'sefin-nacional';
  readonly transmiteXml = true;
  private readonly t: SefinTransport;

  constructor(private readonly o: NfseNacionalOptions) {
    this.t = new SefinTransport(o);
  }

  async conferirLeiaute(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada): Promise<CampoInvalido[]> {
    const indentado = await assinarXml(montarDps(dadosDps(doc, settings), { indentado: true }), 'infDPS', assinadorDeForma);
    const resultado = await validarXml('nfse-nacional-1.01', 'DPS_v1.01.xsd', indentado);
    if (resultado.ok) return [];
    this.o.log.error({ documentoId: doc._id, erros: resultado.erros.slice(0, 5) }, 'DPS built out of the official schema');
    return resultado.erros.slice(0, 5).map((erro) => ({ campo: 'dps', regra: 'xsd', erro: erro.mensagem }));
  }

  async prepararAutorizacao(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada): Promise<string> {
    const campos = await this.conferirLeiaute(doc, settings);
    if (campos.length > 0) throw xmlOutOfLayout(campos);
    const perfil = perfilDe(settings);
    return assinarXml(montarDps(dadosDps(doc, settings)), 'infDPS', this.o.assinador(doc.companyId, perfil.algoritmo), perfil);
  }

  async autorizar(p: PedidoAutorizacao): Promise<RespostaAutorizacao> {
    if (!p.xmlAssinado) throw new Error('the Sefin adapter transmits a signed DPS');
    return p.retomada ? this.recuperar(p, true) : this.enviar(p, true);
  }

  private dps(p: PedidoAutorizacao): string {
    const cMun = /<cLocEmi>([0-9]{7})<\/cLocEmi>/.exec(p.xmlAssinado!)?.[1] ?? '';
    return idDps({ codigoMunicipio: cMun, cnpj: p.cnpj, serie: p.serie, numero: p.numero });
  }

  private async enviar(p: PedidoAutorizacao, podeReenviar: boolean): Promise<RespostaAutorizacao> {
    const resposta = await this.t.call(p.companyId, p.ambiente, 'POST', '/nfse', { dpsXmlGZipB64: gzipB64(p.xmlAssinado!) });
    if (!resposta.ok) return this.recuperar(p, podeReenviar);
    if (resposta.status === 201 || resposta.status === 200) {
      const b64 = resposta.corpo?.nfseXmlGZipB64;
      return typeof b64 === 'string' ? this.autorizada(b64) : this.recuperar(p, false);
    }
    const erros = errosDe(resposta.corpo);
    if (erros.some((e) => ERROS_DPS_DUPLICADA.has(e.codigo))) return this.recuperar(p, false);
    const primeiro = erros[0] ?? { codigo: `HTTP${resposta.status}`, descricao: 'Sefin Nacional recusou a DPS' };
    return { desfecho: 'REJEITADO', cStat: primeiro.codigo, xMotivo: primeiro.descricao.slice(0, 255), protocolo: null, autorizadoEm: null, xmlAutorizado: null };
  }

  /** `GET /dps/{id}`: Sefin's NFS-e of our DPS, or (404) a resend when allowed, or unknown. */
  private async recuperar(p: PedidoAutorizacao, podeReenviar: boolean): Promise<RespostaAutorizacao> {
    const consulta = await this.t.call(p.companyId, p.ambiente, 'GET', `/dps/${this.dps(p)}`);
    if (!consulta.ok) return incerto('Sefin Nacional sem resposta');
    if (consulta.status === 404) return podeReenviar ? this.enviar(p, false) : incerto('Sefin Nacional não tem NFS-e desta DPS');
    const chave = consulta.corpo?.chaveAcesso;
    if (consulta.status !== 200 || typeof chave !== 'string' || !/^[0-9]{50}$/.test(chave)) return incerto(`Sefin Nacional respondeu ${consulta.status} à consulta da DPS`);
    const nfse = await this.t.call(p.companyId, p.ambiente, 'GET', `/nfse/${chave}`);
    const b64 = nfse.ok && nfse.status === 200 ? nfse.corpo?.nfseXmlGZipB64 : null;
    return typeof b64 === 'string' ? this.autorizada(b64) : incerto('NFS-e da DPS não obtida da Sefin Nacional');
  }

  private autorizada(nfseXmlGZipB64: string): RespostaAutorizacao {
    let xml: string;
    try {
      xml = deGzipB64(nfseXmlGZipB64);
    } catch {
      return incerto('NFS-e ilegível na resposta da Sefin Nacional');
    }
    const lida = lerNfse(xml);
    if (!lida) return incerto('NFS-e sem chave, número ou data de processamento');
    return { desfecho: 'AUTORIZADO', cStat: '100', xMotivo: 'NFS-e gerada', protocolo: lida.numero, autorizadoEm: lida.processadaEm, xmlAutorizado: xml, chaveAcesso: lida.chave };
  }

  // ---- events ----

  async prepararCancelamento(p: Omit<PedidoCancelamento, 'xmlAssinado'>): Promise<string> {
    const settings = await this.o.settings(p.companyId);
    const evento: DadosEventoNfse['evento'] = p.chNFeRef
      ? { tipo: EVENTO_SUBSTITUICAO, motivo: '99', justificativa: p.justificativa, chaveSubstituta: p.chNFeRef }
      : { tipo: EVENTO_CANCELAMENTO, motivo: p.motivo ?? '9', justificativa: p.justificativa };
    const xml = montarPedidoEvento({ producao: p.ambiente === 'PRODUÇÃO', verAplic: VER_APLIC_NFSE, em: p.solicitadoEm, cnpj: p.cnpj, chave: p.chaveAcesso, evento });
    const forma = await assinarXml(xml, 'infPedReg', assinadorDeForma);
    const resultado = await validarXml('nfse-nacional-1.01', 'pedRegEvento_v1.01.xsd', forma);
    if (!resultado.ok) throw xmlOutOfLayout(resultado.erros.slice(0, 5).map((erro) => ({ campo: 'evento', regra: 'xsd', erro: erro.mensagem })));
    const perfil = perfilDe(settings);
    return assinarXml(xml, 'infPedReg', this.o.assinador(p.companyId, perfil.algoritmo), perfil);
  }

  async cancelar(p: PedidoCancelamento): Promise<RespostaCancelamento> {
    if (!p.xmlAssinado) throw new Error('the Sefin adapter transmits a signed event');
    const resposta = await this.t.call(p.companyId, p.ambiente, 'POST', `/nfse/${p.chaveAcesso}/eventos`, { pedidoRegistroEventoXmlGZipB64: gzipB64(p.xmlAssinado) });
    if (!resposta.ok) return this.consultarEvento(p, p.chNFeRef ? EVENTO_SUBSTITUICAO : EVENTO_CANCELAMENTO, true);
    const b64 = resposta.corpo?.eventoXmlGZipB64;
    if ((resposta.status === 201 || resposta.status === 200) && typeof b64 === 'string') return registrado(deGzipB64(b64));
    const erros = errosDe(resposta.corpo);
    // Already registered (a resend after a lost answer): the registered event is adopted.
    if (erros.some((e) => ERROS_EVENTO_DUPLICADO.has(e.codigo))) return this.consultarCancelamento(p);
    const primeiro = erros[0] ?? { codigo: `HTTP${resposta.status}`, descricao: 'Sefin Nacional recusou o evento' };
    return { desfecho: ERROS_FORA_DO_PRAZO.has(primeiro.codigo) ? 'PRAZO_EXPIRADO' : 'RECUSADO', cStat: primeiro.codigo, xMotivo: primeiro.descricao.slice(0, 255), protocolo: null, registradoEm: null, xmlEvento: null };
  }

  /** Either cancellation event settles the claim: 101101, else 105102. */
  async consultarCancelamento(p: ConsultaCancelamento): Promise<RespostaCancelamento> {
    const cancelamento = await this.consultarEvento(p, EVENTO_CANCELAMENTO, false);
    return cancelamento.desfecho === 'NAO_REGISTRADO' ? this.consultarEvento(p, EVENTO_SUBSTITUICAO, false) : cancelamento;
  }

  /** `GET /nfse/{chave}/eventos/{tipo}/1`: the registered event, or not registered (404), or unknown. */
  private async consultarEvento(p: ConsultaCancelamento, tipo: string, aposEnvio: boolean): Promise<RespostaCancelamento> {
    const nada = (desfecho: 'NAO_REGISTRADO' | 'INCERTO', xMotivo: string): RespostaCancelamento => ({ desfecho, cStat: null, xMotivo, protocolo: null, registradoEm: null, xmlEvento: null });
    const consulta = await this.t.call(p.companyId, p.ambiente, 'GET', `/nfse/${p.chaveAcesso}/eventos/${tipo}/1`);
    if (!consulta.ok) return nada('INCERTO', 'Sefin Nacional sem resposta');
    if (consulta.status === 404) return nada(aposEnvio ? 'INCERTO' : 'NAO_REGISTRADO', 'evento não registrado na Sefin Nacional');
    const b64 = consulta.corpo?.eventoXmlGZipB64;
    return consulta.status === 200 && typeof b64 === 'string' ? registrado(deGzipB64(b64)) : nada('INCERTO', `Sefin Nacional respondeu ${consulta.status}`);
  }

  // ---- what the NFS-e does not have ----

  /** The NFS-e has no voiding: a DPS number never used leaves no gap Sefin cares about. */
  async prepararInutilizacao(): Promise<null> {
    return null;
  }

  async inutilizar(_p: PedidoInutilizacao): Promise<RespostaInutilizacao> {
    return { desfecho: 'RECUSADA', cStat: null, xMotivo: 'a NFS-e não tem inutilização de numeração', protocolo: null, registradoEm: null, xml: null };
  }

  async statusServico(): Promise<RespostaStatus> {
    return { cStat: null, xMotivo: 'a Sefin Nacional não tem serviço de status' };
  }
}

/** A registered event (`evento`, Sefin's signed answer with the request inside). */
function registrado(xml: string): RespostaCancelamento {
  const nDFSe = /<nDFSe>([0-9]{1,13})<\/nDFSe>/.exec(xml)?.[1] ?? null;
  const dhProc = /<dhProc>([^<]+)<\/dhProc>/.exec(xml)?.[1];
  return { desfecho: 'REGISTRADO', cStat: '135', xMotivo: 'Evento registrado', protocolo: nDFSe, registradoEm: dhProc ? new Date(dhProc) : new Date(), xmlEvento: xml };
}
