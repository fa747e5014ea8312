import { createHash, generateKeyPairSync, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { DOMParser, XMLSerializer, type Element } from '@xmldom/xmldom';
import forge from 'node-forge';
import { SignedXml } from 'xml-crypto';

/**
 * A local SEFAZ for the tests (no internet here): an HTTPS server on 127.0.0.1 that requires a client
 * certificate, speaks the SOAP 1.2 envelopes of the NF-e 4.00 web services (NFeAutorizacao4,
 * NFeRetAutorizacao4, NFeConsultaProtocolo4, NFeRecepcaoEvento4, NFeInutilizacao4, NFeStatusServico4), checks
 * what SEFAZ checks that we can (the XML signature with an independent verifier, xml-crypto; that the signing
 * certificate is the TLS client certificate and carries the issuer's CNPJ; the access key recomputed from the
 * fields; tpAmb against the endpoint; duplicates 204/539; voided numbers; the event type (110111, or 110112
 * with an authorized substitute NFC-e in chNFeRef), protocol and deadline of a cancellation; numbers of a
 * voiding) and answers with the real return structures.
 *
 * Per issuer CNPJ a test sets a scenario over the control port (plain HTTP): the next answers of each service,
 * e.g. "process then drop the connection", "process then answer too late", "answer 217 to this query", "103
 * then 105 then 104", a denial, a rejection, a cancellation deadline.
 */
const NS = 'http://www.portalfiscal.inf.br/nfe';
const NS_DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const VER_APLIC = 'STANDIN_NFE_4.00';

/**
 * `ANTES_DO_CANCELAMENTO`: a query answered as if a cancellation just registered were not there yet (lag).
 * `DERRUBA`: the connection dropped before anything is processed (the request never arrived).
 * `ASSINCRONO`: the batch answered 103 with a receipt (polled: 105, then 104); `ASSINCRONO_105`: 105 with a
 * receipt as the first answer. `REGISTRA_E_580`: the cancellation is registered and answered 580, as a UF that
 * says "not authorized (already cancelled)" to a repeat.
 */
export type Passo =
  | 'NORMAL'
  | 'PROCESSA_E_DERRUBA'
  | 'PROCESSA_E_ATRASA'
  | 'DERRUBA'
  | 'NAO_CONSTA'
  | 'ANTES_DO_CANCELAMENTO'
  | 'ASSINCRONO'
  | 'ASSINCRONO_105'
  | 'REGISTRA_E_580'
  | 'ERRO_500';

/**
 * A receipt poll's answer: `NAO_LOCALIZADO` 106 "Lote não localizado", `SEM_PROTOCOLO` a 104 without the NF-e's
 * protocol, `NORMAL` the batch's state.
 */
export type PassoRecibo = 'NORMAL' | 'NAO_LOCALIZADO' | 'SEM_PROTOCOLO';

export interface Cenario {
  autorizacao?: Passo[];
  consulta?: Passo[];
  evento?: Passo[];
  inutilizacao?: Passo[];
  recibo?: PassoRecibo[];
  /** cStat of NFeStatusServico4 for this issuer (known by its TLS client certificate): 107 unless set (108, 109). */
  status?: string;
  /** cStat of a refusal (241, 256...) for the next voiding request of this issuer. */
  recusarInutilizacao?: string;
  /** The next cancellation is registered out of deadline: 155 instead of 135 (the query then says 151). */
  cancelamentoForaDoPrazo?: boolean;
  /** cStat of a denial (110, 301, 302) for the next authorization. */
  denegar?: string;
  /** cStat of a rejection for the next authorization (e.g. 778, NCM unknown). */
  rejeitar?: string;
  /** A cancellation later than this after authorization is refused with 501. */
  prazoCancelamentoMinutos?: number;
  /** How late a PROCESSA_E_ATRASA answer of this company comes (default 8 s). */
  atrasoMs?: number;
}

interface Autorizacao {
  chave: string;
  cStat: string;
  xMotivo: string;
  nProt: string;
  dhRecbto: string;
  em: number;
  cancelamento?: { nProt: string; dhRegEvento: string; procEvento: string; cStat: string; tpEvento: string; chNFeRef: string | null };
}

interface Empresa {
  cenario: Cenario;
  autorizacoes: Map<string, Autorizacao>;
  numeros: Map<string, string>;
  inutilizadas: { mod: string; serie: number; de: number; ate: number; nProt: string }[];
  recibos: Map<string, { chave: string; polls: number; prot: string }>;
  chamadas: Record<string, number>;
  recebidos: { servico: string; sha256: string }[];
}

export interface SefazStandIn {
  url: string;
  controlUrl: string;
  caFile: string;
  stop: () => Promise<void>;
}

const empresas = new Map<string, Empresa>();
function empresa(cnpj: string): Empresa {
  let e = empresas.get(cnpj);
  if (!e) {
    e = { cenario: {}, autorizacoes: new Map(), numeros: new Map(), inutilizadas: [], recibos: new Map(), chamadas: {}, recebidos: [] };
    empresas.set(cnpj, e);
  }
  return e;
}

let sequencia = 0;
const protocolo = (cUF: string) => `1${cUF}${String(new Date().getUTCFullYear() % 100).padStart(2, '0')}${String(Date.now() % 1e8).padStart(8, '0')}${String((sequencia += 1) % 100).padStart(2, '0')}`;
const agora = () => `${new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 19)}-03:00`;
const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function dv(semDigito: string): number {
  let soma = 0;
  let peso = 2;
  for (let i = semDigito.length - 1; i >= 0; i -= 1) {
    soma += (semDigito.charCodeAt(i) - 48) * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

const texto = (pai: Element, nome: string) => pai.getElementsByTagNameNS(NS, nome).item(0)?.textContent?.trim() ?? '';
const serializar = (no: Element) => new XMLSerializer().serializeToString(no);

/** xml-crypto, with the certificate the signature carries: is the signature of `tag` valid? */
function assinaturaValida(documento: Element, certificadoDer: Buffer): boolean {
  const xml = serializar(documento);
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const assinatura = doc.getElementsByTagNameNS(NS_DSIG, 'Signature').item(0);
  if (!assinatura) return false;
  const pem = `-----BEGIN CERTIFICATE-----\n${certificadoDer.toString('base64')}\n-----END CERTIFICATE-----\n`;
  const verificador = new SignedXml({ publicCert: pem });
  verificador.loadSignature(assinatura);
  try {
    return verificador.checkSignature(xml);
  } catch {
    return false;
  }
}

function certificadoDaAssinatura(documento: Element): Buffer | null {
  const texto64 = documento.getElementsByTagNameNS(NS_DSIG, 'X509Certificate').item(0)?.textContent;
  return texto64 ? Buffer.from(texto64.replace(/\s+/g, ''), 'base64') : null;
}

/** The checks common to every signed message: signature, signer = TLS client, signer's CNPJ = issuer. */
function assinaturaConfere(documento: Element, cliente: Buffer, cnpj: string): { cStat: string; xMotivo: string } | null {
  const der = certificadoDaAssinatura(documento);
  if (!der || !assinaturaValida(documento, der)) return { cStat: '297', xMotivo: 'Rejeição: Assinatura difere do calculado' };
  if (!der.equals(cliente)) return { cStat: '213', xMotivo: 'Rejeição: certificado da assinatura difere do certificado de transmissão' };
  if (!new X509Certificate(der).subject.includes(cnpj)) return { cStat: '213', xMotivo: 'Rejeição: CNPJ-Base do Emitente difere do CNPJ-Base do Certificado Digital' };
  return null;
}

/** `cnpj` (set by `atender`): whose scenario the answer followed, so its own delay applies. */
type Resposta = { corpo: string; passo: Passo; cnpj?: string };

/** The signed document of a request as its bytes arrived (NFe, evento, inutNFe), or the whole body: a resend must match. */
function assinadoRecebido(corpo: string): string {
  return /<(NFe|evento|inutNFe)[\s>][\s\S]*<\/\1>/.exec(corpo)?.[0] ?? corpo;
}

/** The issuer a message speaks for (the scenario it follows). */
function cnpjDaMensagem(servico: string, msg: Element): string | undefined {
  if (servico === 'NFeConsultaProtocolo4') return texto(msg, 'chNFe').slice(6, 20);
  const pai = ({ NFeAutorizacao4: 'emit', NFeRecepcaoEvento4: 'infEvento', NFeInutilizacao4: 'infInut' } as Record<string, string>)[servico];
  const no = pai ? msg.getElementsByTagNameNS(NS, pai).item(0) : null;
  return no ? texto(no, 'CNPJ') : undefined;
}

function ret(raiz: string, conteudo: string, versao = '4.00'): string {
  return `<${raiz} xmlns="${NS}" versao="${versao}">${conteudo}</${raiz}>`;
}

function protNFe(a: Autorizacao, tpAmb: string): string {
  const prot = a.cStat === '100' || a.cStat === '150' || ['110', '301', '302'].includes(a.cStat) ? `<nProt>${a.nProt}</nProt><digVal>AAAA</digVal>` : '';
  return `<protNFe versao="4.00"><infProt><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><chNFe>${a.chave}</chNFe><dhRecbto>${a.dhRecbto}</dhRecbto>${prot}<cStat>${a.cStat}</cStat><xMotivo>${esc(a.xMotivo)}</xMotivo></infProt></protNFe>`;
}

function autorizar(msg: Element, tpAmbEndpoint: string, cliente: Buffer): Resposta {
  const nfe = msg.getElementsByTagNameNS(NS, 'NFe').item(0)!;
  const inf = nfe.getElementsByTagNameNS(NS, 'infNFe').item(0)!;
  const cnpj = texto(inf.getElementsByTagNameNS(NS, 'emit').item(0)!, 'CNPJ');
  const e = empresa(cnpj);
  e.chamadas.NFeAutorizacao4 = (e.chamadas.NFeAutorizacao4 ?? 0) + 1;
  const passo = e.cenario.autorizacao?.shift() ?? 'NORMAL';
  const tpAmb = texto(inf, 'tpAmb');
  const dhEmi = texto(inf, 'dhEmi');
  const ide = inf.getElementsByTagNameNS(NS, 'ide').item(0)!;
  const cUF = texto(ide, 'cUF');
  const mod = texto(ide, 'mod');
  const serie = Number(texto(ide, 'serie'));
  const nNF = Number(texto(ide, 'nNF'));
  const base = `${cUF}${dhEmi.slice(2, 4)}${dhEmi.slice(5, 7)}${cnpj.padStart(14, '0')}${mod}${String(serie).padStart(3, '0')}${String(nNF).padStart(9, '0')}${texto(ide, 'tpEmis')}${texto(ide, 'cNF')}`;
  const chave = base + String(dv(base));
  const cabecalho = `<tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic>`;
  const lote = (cStat: string, xMotivo: string, corpo = '') => ret('retEnviNFe', `${cabecalho}<cStat>${cStat}</cStat><xMotivo>${esc(xMotivo)}</xMotivo><cUF>${cUF}</cUF><dhRecbto>${agora()}</dhRecbto>${corpo}`);
  const rejeicao = (cStat: string, xMotivo: string): Resposta => ({
    corpo: lote('104', 'Lote processado', protNFe({ chave, cStat, xMotivo, nProt: '', dhRecbto: agora(), em: Date.now() }, tpAmb)),
    passo,
  });
  if (passo === 'ERRO_500' || passo === 'DERRUBA') return { corpo: '', passo };
  if (tpAmb !== tpAmbEndpoint) return { corpo: lote('252', 'Rejeição: Ambiente informado diverge do Ambiente de recebimento'), passo };
  if (inf.getAttribute('Id') !== `NFe${chave}` || texto(ide, 'cDV') !== chave.slice(43)) {
    return rejeicao('502', 'Rejeição: Erro na Chave de Acesso - Campo Id não corresponde à concatenação dos campos correspondentes');
  }
  const assinatura = assinaturaConfere(nfe, cliente, cnpj);
  if (assinatura) return rejeicao(assinatura.cStat, assinatura.xMotivo);
  const existente = e.autorizacoes.get(chave);
  if (existente) return rejeicao('204', `Rejeição: Duplicidade de NF-e [nProt:${existente.nProt}][dhAut:${existente.dhRecbto}]`);
  const numero = `${mod}|${serie}|${nNF}`;
  const outra = e.numeros.get(numero);
  if (outra) return rejeicao('539', `Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso [chNFe:${outra}][nRec:000000000000000]`);
  if (e.inutilizadas.some((i) => i.mod === mod && i.serie === serie && nNF >= i.de && nNF <= i.ate)) return rejeicao('206', 'Rejeição: NF-e já está inutilizada na Base de dados da SEFAZ');
  if (e.cenario.rejeitar) {
    const cStat = e.cenario.rejeitar;
    delete e.cenario.rejeitar;
    return rejeicao(cStat, 'Rejeição: informada pelo cenário do teste');
  }
  const denegar = e.cenario.denegar;
  delete e.cenario.denegar;
  const a: Autorizacao = {
    chave,
    cStat: denegar ?? '100',
    xMotivo: denegar ? 'Uso Denegado: Irregularidade fiscal do destinatário' : 'Autorizado o uso da NF-e',
    nProt: protocolo(cUF),
    dhRecbto: agora(),
    em: Date.now(),
  };
  e.autorizacoes.set(chave, a);
  e.numeros.set(numero, chave);
  if (passo === 'ASSINCRONO' || passo === 'ASSINCRONO_105') {
    const nRec = `${cUF}${String(Date.now()).slice(-13)}`;
    e.recibos.set(nRec, { chave, polls: 0, prot: protNFe(a, tpAmb) });
    const [cStat, xMotivo] = passo === 'ASSINCRONO' ? ['103', 'Lote recebido com sucesso'] : ['105', 'Lote em processamento'];
    return { corpo: lote(cStat, xMotivo, `<infRec><nRec>${nRec}</nRec><tMed>1</tMed></infRec>`), passo: 'NORMAL' };
  }
  return { corpo: lote('104', 'Lote processado', protNFe(a, tpAmb)), passo };
}

function consultarRecibo(msg: Element): Resposta {
  const nRec = texto(msg, 'nRec');
  const tpAmb = texto(msg, 'tpAmb');
  for (const e of empresas.values()) {
    const recibo = e.recibos.get(nRec);
    if (!recibo) continue;
    e.chamadas.NFeRetAutorizacao4 = (e.chamadas.NFeRetAutorizacao4 ?? 0) + 1;
    recibo.polls += 1;
    const cab = `<tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><nRec>${nRec}</nRec>`;
    const passo = e.cenario.recibo?.shift() ?? 'NORMAL';
    if (passo === 'NAO_LOCALIZADO') return { corpo: ret('retConsReciNFe', `${cab}<cStat>106</cStat><xMotivo>Lote não localizado</xMotivo><cUF>${recibo.chave.slice(0, 2)}</cUF>`), passo: 'NORMAL' };
    if (passo === 'SEM_PROTOCOLO') return { corpo: ret('retConsReciNFe', `${cab}<cStat>104</cStat><xMotivo>Lote processado</xMotivo><cUF>${recibo.chave.slice(0, 2)}</cUF><dhRecbto>${agora()}</dhRecbto>`), passo: 'NORMAL' };
    if (recibo.polls < 2) return { corpo: ret('retConsReciNFe', `${cab}<cStat>105</cStat><xMotivo>Lote em processamento</xMotivo><cUF>${recibo.chave.slice(0, 2)}</cUF><dhRecbto>${agora()}</dhRecbto>`), passo: 'NORMAL' };
    return { corpo: ret('retConsReciNFe', `${cab}<cStat>104</cStat><xMotivo>Lote processado</xMotivo><cUF>${recibo.chave.slice(0, 2)}</cUF><dhRecbto>${agora()}</dhRecbto>${recibo.prot}`), passo: 'NORMAL' };
  }
  return { corpo: ret('retConsReciNFe', `<tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><nRec>${nRec}</nRec><cStat>106</cStat><xMotivo>Lote não localizado</xMotivo><cUF>35</cUF>`), passo: 'NORMAL' };
}

function consultar(msg: Element): Resposta {
  const chave = texto(msg, 'chNFe');
  const tpAmb = texto(msg, 'tpAmb');
  const e = empresa(chave.slice(6, 20));
  e.chamadas.NFeConsultaProtocolo4 = (e.chamadas.NFeConsultaProtocolo4 ?? 0) + 1;
  const passo = e.cenario.consulta?.shift() ?? 'NORMAL';
  const a = e.autorizacoes.get(chave);
  const cab = `<tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic>`;
  if (passo === 'ERRO_500' || passo === 'DERRUBA') return { corpo: '', passo };
  if (!a || passo === 'NAO_CONSTA') {
    return { corpo: ret('retConsSitNFe', `${cab}<cStat>217</cStat><xMotivo>Rejeição: NF-e não consta na base de dados da SEFAZ</xMotivo><cUF>${chave.slice(0, 2)}</cUF><dhRecbto>${agora()}</dhRecbto><chNFe>${chave}</chNFe>`), passo: passo === 'NAO_CONSTA' ? 'NORMAL' : passo };
  }
  const cancelada = a.cancelamento && passo !== 'ANTES_DO_CANCELAMENTO';
  const cStat = cancelada ? (a.cancelamento!.cStat === '155' ? '151' : '101') : a.cStat;
  const xMotivo = cancelada ? 'Cancelamento de NF-e homologado' : a.xMotivo;
  const eventos = cancelada ? a.cancelamento!.procEvento : '';
  return {
    corpo: ret('retConsSitNFe', `${cab}<cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo><cUF>${chave.slice(0, 2)}</cUF><dhRecbto>${agora()}</dhRecbto><chNFe>${chave}</chNFe>${protNFe(a, tpAmb)}${eventos}`),
    passo: passo === 'ANTES_DO_CANCELAMENTO' ? 'NORMAL' : passo,
  };
}

function evento(msg: Element, cliente: Buffer): Resposta {
  const ev = msg.getElementsByTagNameNS(NS, 'evento').item(0)!;
  const inf = ev.getElementsByTagNameNS(NS, 'infEvento').item(0)!;
  const chave = texto(inf, 'chNFe');
  const cnpj = texto(inf, 'CNPJ');
  const e = empresa(cnpj);
  e.chamadas.NFeRecepcaoEvento4 = (e.chamadas.NFeRecepcaoEvento4 ?? 0) + 1;
  const passo = e.cenario.evento?.shift() ?? 'NORMAL';
  const tpAmb = texto(inf, 'tpAmb');
  const tpEvento = texto(inf, 'tpEvento');
  const nSeq = texto(inf, 'nSeqEvento');
  const resposta = (cStat: string, xMotivo: string, nProt = '', dh = agora()) => {
    const xEvento = tpEvento === '110112' ? 'Cancelamento por substituicao registrado' : 'Cancelamento registrado';
    const retEvento = `<retEvento versao="1.00"><infEvento><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><cOrgao>${chave.slice(0, 2)}</cOrgao><cStat>${cStat}</cStat><xMotivo>${esc(xMotivo)}</xMotivo><chNFe>${chave}</chNFe><tpEvento>${tpEvento}</tpEvento><xEvento>${xEvento}</xEvento><nSeqEvento>${nSeq}</nSeqEvento><dhRegEvento>${dh}</dhRegEvento>${nProt ? `<nProt>${nProt}</nProt>` : ''}</infEvento></retEvento>`;
    return { retEvento, corpo: ret('retEnvEvento', `<idLote>${texto(msg, 'idLote')}</idLote><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><cOrgao>${chave.slice(0, 2)}</cOrgao><cStat>128</cStat><xMotivo>Lote de Evento Processado</xMotivo>${retEvento}`, '1.00') };
  };
  if (passo === 'ERRO_500' || passo === 'DERRUBA') return { corpo: '', passo };
  const assinatura = assinaturaConfere(ev, cliente, cnpj);
  if (assinatura) return { corpo: resposta(assinatura.cStat, assinatura.xMotivo).corpo, passo };
  const recusa = (cStat: string, xMotivo: string): Resposta => ({ corpo: resposta(cStat, xMotivo).corpo, passo });
  const det = ev.getElementsByTagNameNS(NS, 'detEvento').item(0)!;
  const chNFeRef = texto(det, 'chNFeRef') || null;
  // The two events that cancel (e110111, e110112): their own description, and the substitute key only in 110112.
  if (tpEvento === '110111' && (texto(det, 'descEvento') !== 'Cancelamento' || chNFeRef)) return recusa('489', 'Rejeição: detEvento não confere com o tpEvento 110111');
  if (tpEvento === '110112' && (texto(det, 'descEvento') !== 'Cancelamento por substituicao' || !chNFeRef)) return recusa('489', 'Rejeição: detEvento não confere com o tpEvento 110112');
  if (tpEvento !== '110111' && tpEvento !== '110112') return recusa('491', 'Rejeição: tpEvento não atendido por este serviço');
  if (inf.getAttribute('Id') !== `ID${tpEvento}${chave}${nSeq.padStart(2, '0')}`) return recusa('225', 'Rejeição: Id do evento difere da concatenação dos campos');
  const a = e.autorizacoes.get(chave);
  if (!a) return recusa('494', 'Rejeição: Chave de Acesso inexistente');
  if (a.cancelamento) return recusa('573', 'Rejeição: Duplicidade de evento');
  if (a.cStat !== '100') return recusa('580', 'Rejeição: NF-e não autorizada (cancelada ou denegada)');
  if (texto(det, 'nProt') !== a.nProt) return recusa('222', 'Rejeição: Protocolo de Autorização de Uso difere do cadastrado');
  if (tpEvento === '110112') {
    // Only an NFC-e is cancelled by substitution, by another authorized NFC-e of the same issuer (NT 2018.004).
    if (chave.slice(20, 22) !== '65') return recusa('618', 'Rejeição: cancelamento por substituição só para NFC-e (modelo 65)');
    const substituta = e.autorizacoes.get(chNFeRef!);
    if (chNFeRef === chave || !substituta || substituta.cStat !== '100' || substituta.cancelamento || chNFeRef!.slice(20, 22) !== '65') {
      return recusa('494', 'Rejeição: chave da NFC-e substituta (chNFeRef) inexistente ou não autorizada');
    }
  }
  const prazo = e.cenario.prazoCancelamentoMinutos;
  if (prazo !== undefined && Date.now() - a.em > prazo * 60_000) return recusa('501', 'Rejeição: Prazo de Cancelamento Superior ao Previsto na Legislação');
  const nProt = protocolo(chave.slice(0, 2));
  const dh = agora();
  const foraDoPrazo = e.cenario.cancelamentoForaDoPrazo === true;
  delete e.cenario.cancelamentoForaDoPrazo;
  const [cStat, xMotivo] = foraDoPrazo ? ['155', 'Cancelamento homologado fora de prazo'] : ['135', 'Evento registrado e vinculado a NF-e'];
  const r = resposta(cStat, xMotivo, nProt, dh);
  a.cancelamento = { nProt, dhRegEvento: dh, procEvento: `<procEventoNFe versao="1.00">${serializar(ev)}${r.retEvento}</procEventoNFe>`, cStat, tpEvento, chNFeRef };
  if (passo === 'REGISTRA_E_580') return { corpo: resposta('580', 'Rejeição: NF-e não autorizada (cancelada ou denegada)').corpo, passo };
  return { corpo: r.corpo, passo };
}

function inutilizar(msg: Element, cliente: Buffer): Resposta {
  // NFeInutilizacao4 carries inutNFe itself in nfeDadosMsg (no batch around it, unlike enviNFe and envEvento).
  const inut = msg.localName === 'inutNFe' ? msg : msg.getElementsByTagNameNS(NS, 'inutNFe').item(0)!;
  const inf = inut.getElementsByTagNameNS(NS, 'infInut').item(0)!;
  const cnpj = texto(inf, 'CNPJ');
  const e = empresa(cnpj);
  e.chamadas.NFeInutilizacao4 = (e.chamadas.NFeInutilizacao4 ?? 0) + 1;
  const passo = e.cenario.inutilizacao?.shift() ?? 'NORMAL';
  const [tpAmb, cUF, ano, mod] = ['tpAmb', 'cUF', 'ano', 'mod'].map((n) => texto(inf, n));
  const serie = Number(texto(inf, 'serie'));
  const de = Number(texto(inf, 'nNFIni'));
  const ate = Number(texto(inf, 'nNFFin'));
  const resposta = (cStat: string, xMotivo: string, nProt = '') =>
    ret('retInutNFe', `<infInut><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><cStat>${cStat}</cStat><xMotivo>${esc(xMotivo)}</xMotivo><cUF>${cUF}</cUF><ano>${ano}</ano><CNPJ>${cnpj}</CNPJ><mod>${mod}</mod><serie>${serie}</serie><nNFIni>${de}</nNFIni><nNFFin>${ate}</nNFFin><dhRecbto>${agora()}</dhRecbto>${nProt ? `<nProt>${nProt}</nProt>` : ''}</infInut>`);
  if (passo === 'ERRO_500' || passo === 'DERRUBA') return { corpo: '', passo };
  const id = `ID${cUF}${ano}${cnpj}${mod}${String(serie).padStart(3, '0')}${String(de).padStart(9, '0')}${String(ate).padStart(9, '0')}`;
  if (inf.getAttribute('Id') !== id) return { corpo: resposta('217', 'Rejeição: Id da inutilização difere da concatenação dos campos'), passo };
  const assinatura = assinaturaConfere(inut, cliente, cnpj);
  if (assinatura) return { corpo: resposta(assinatura.cStat, assinatura.xMotivo), passo };
  for (let n = de; n <= ate; n += 1) if (e.numeros.has(`${mod}|${serie}|${n}`)) return { corpo: resposta('241', 'Rejeição: Um número da faixa já foi utilizado'), passo };
  if (e.cenario.recusarInutilizacao) {
    const cStat = e.cenario.recusarInutilizacao;
    delete e.cenario.recusarInutilizacao;
    return { corpo: resposta(cStat, 'Rejeição: informada pelo cenário do teste'), passo };
  }
  const mesma = e.inutilizadas.find((i) => i.mod === mod && i.serie === serie && i.de === de && i.ate === ate);
  if (mesma) return { corpo: resposta('563', 'Rejeição: Já existe pedido de Inutilização com a mesma faixa de inutilização', mesma.nProt), passo };
  if (e.inutilizadas.some((i) => i.mod === mod && i.serie === serie && i.de <= ate && de <= i.ate)) return { corpo: resposta('256', 'Rejeição: Uma NF-e da faixa já está inutilizada na Base de dados da SEFAZ'), passo };
  const nProt = protocolo(cUF);
  e.inutilizadas.push({ mod, serie, de, ate, nProt });
  return { corpo: resposta('102', 'Inutilização de número homologado', nProt), passo };
}

const MOTIVOS_STATUS: Record<string, string> = {
  '107': 'Serviço em Operação',
  '108': 'Serviço Paralisado Momentaneamente (curto prazo)',
  '109': 'Serviço Paralisado sem Previsão',
};

/** The issuer of a caller: the CNPJ after the colon of its certificate's CN, as ICP-Brasil e-CNPJ certificates carry it. */
function cnpjDoCertificado(cliente: Buffer): string | null {
  return /CN=[^\n]*:([0-9A-Z]{12}[0-9]{2})/.exec(new X509Certificate(cliente).subject)?.[1] ?? null;
}

function status(msg: Element, cliente: Buffer): Resposta {
  const cnpj = cnpjDoCertificado(cliente);
  const e = cnpj ? empresa(cnpj) : null;
  if (e) e.chamadas.NFeStatusServico4 = (e.chamadas.NFeStatusServico4 ?? 0) + 1;
  const cStat = e?.cenario.status ?? '107';
  const corpo = `<tpAmb>${texto(msg, 'tpAmb')}</tpAmb><verAplic>${VER_APLIC}</verAplic><cStat>${cStat}</cStat><xMotivo>${MOTIVOS_STATUS[cStat] ?? 'Rejeição'}</xMotivo><cUF>${texto(msg, 'cUF')}</cUF><dhRecbto>${agora()}</dhRecbto>${cStat === '107' ? '<tMed>1</tMed>' : ''}`;
  return { corpo: ret('retConsStatServ', corpo), passo: 'NORMAL' };
}

const OPERACOES: Record<string, string> = {
  NFeAutorizacao4: 'nfeAutorizacaoLote',
  NFeRetAutorizacao4: 'nfeRetAutorizacaoLote',
  NFeConsultaProtocolo4: 'nfeConsultaNF',
  NFeRecepcaoEvento4: 'nfeRecepcaoEvento',
  NFeInutilizacao4: 'nfeInutilizacaoNF',
  NFeStatusServico4: 'nfeStatusServicoNF',
};

function soapFault(motivo: string): string {
  return `<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><soap:Fault><soap:Code><soap:Value>soap:Sender</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="pt">${esc(motivo)}</soap:Text></soap:Reason></soap:Fault></soap:Body></soap:Envelope>`;
}

function atender(servico: string, ambiente: string, corpo: string, cliente: Buffer): Resposta {
  const doc = new DOMParser().parseFromString(corpo, 'text/xml');
  const dados = doc.getElementsByTagNameNS(`http://www.portalfiscal.inf.br/nfe/wsdl/${servico}`, 'nfeDadosMsg').item(0);
  if (!dados || doc.documentElement?.namespaceURI !== 'http://www.w3.org/2003/05/soap-envelope') throw new Error('not a SOAP 1.2 envelope for this service');
  const msg = Array.from({ length: dados.childNodes.length }, (_, i) => dados.childNodes.item(i)).find((n) => n?.nodeType === 1) as Element | undefined;
  if (!msg) throw new Error('empty nfeDadosMsg');
  const tpAmb = ambiente === 'producao' ? '1' : '2';
  const resultado: Resposta = (() => {
    switch (servico) {
      case 'NFeAutorizacao4':
        return autorizar(msg, tpAmb, cliente);
      case 'NFeRetAutorizacao4':
        return consultarRecibo(msg);
      case 'NFeConsultaProtocolo4':
        return consultar(msg);
      case 'NFeRecepcaoEvento4':
        return evento(msg, cliente);
      case 'NFeInutilizacao4':
        return inutilizar(msg, cliente);
      default:
        return status(msg, cliente);
    }
  })();
  const envelope = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/${servico}">${resultado.corpo}</nfeResultMsg></soap:Body></soap:Envelope>`;
  const cnpj = servico === 'NFeStatusServico4' ? (cnpjDoCertificado(cliente) ?? undefined) : cnpjDaMensagem(servico, msg);
  return { corpo: resultado.passo === 'ERRO_500' ? soapFault('Erro interno') : envelope, passo: resultado.passo, cnpj };
}

/** A throw-away CA and a server certificate for 127.0.0.1, made at start (no key material committed). */
function certificados(dir: string) {
  const par = () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    return { privada: forge.pki.privateKeyFromPem(privateKey), publica: forge.pki.publicKeyFromPem(publicKey), pem: privateKey };
  };
  const ca = par();
  const caCert = forge.pki.createCertificate();
  caCert.publicKey = ca.publica;
  caCert.serialNumber = '01';
  caCert.validity.notBefore = new Date(Date.now() - 86_400_000);
  caCert.validity.notAfter = new Date(Date.now() + 30 * 86_400_000);
  const caNome = [{ shortName: 'CN', value: 'AC SEFAZ STAND-IN TESTE' }];
  caCert.setSubject(caNome);
  caCert.setIssuer(caNome);
  caCert.setExtensions([{ name: 'basicConstraints', cA: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true }]);
  caCert.sign(ca.privada, forge.md.sha256.create());
  const servidor = par();
  const cert = forge.pki.createCertificate();
  cert.publicKey = servidor.publica;
  cert.serialNumber = '02';
  cert.validity.notBefore = caCert.validity.notBefore;
  cert.validity.notAfter = caCert.validity.notAfter;
  cert.setSubject([{ shortName: 'CN', value: '127.0.0.1' }]);
  cert.setIssuer(caNome);
  cert.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }, { name: 'extKeyUsage', serverAuth: true }]);
  cert.sign(ca.privada, forge.md.sha256.create());
  const caFile = path.join(dir, 'sefaz-stand-in-ca.pem');
  fs.writeFileSync(caFile, forge.pki.certificateToPem(caCert));
  return { key: servidor.pem, cert: forge.pki.certificateToPem(cert), caFile };
}

function listen(server: http.Server | https.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });
}

export async function startSefazStandIn(dir: string): Promise<SefazStandIn> {
  const { key, cert, caFile } = certificados(dir);
  const server = https.createServer({ key, cert, requestCert: true, rejectUnauthorized: false }, (req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (p: Buffer) => partes.push(p));
    req.on('end', () => {
      const cliente = (req.socket as TLSSocket).getPeerCertificate();
      // Like SEFAZ: no client certificate, no service (HTTP 403).
      if (!cliente?.raw) {
        res.writeHead(403, { 'content-type': 'text/plain' }).end('client certificate required');
        return;
      }
      const [, ws, , , ambiente, servico] = (req.url ?? '').split('/');
      const contentType = req.headers['content-type'] ?? '';
      if (ws !== 'ws' || !OPERACOES[servico] || !contentType.startsWith('application/soap+xml') || !contentType.includes(`/${servico}/${OPERACOES[servico]}"`)) {
        res.writeHead(500, { 'content-type': 'application/soap+xml' }).end(soapFault('serviço ou ação SOAP desconhecidos'));
        return;
      }
      let resposta: Resposta;
      try {
        resposta = atender(servico, ambiente, Buffer.concat(partes).toString('utf8'), cliente.raw);
      } catch (error) {
        res.writeHead(500, { 'content-type': 'application/soap+xml' }).end(soapFault(error instanceof Error ? error.message : 'erro'));
        return;
      }
      if (resposta.cnpj) empresa(resposta.cnpj).recebidos.push({ servico, sha256: createHash('sha256').update(assinadoRecebido(Buffer.concat(partes).toString('utf8'))).digest('hex') });
      const atrasoMs = (resposta.cnpj ? empresas.get(resposta.cnpj)?.cenario.atrasoMs : undefined) ?? 8_000;
      if (resposta.passo === 'PROCESSA_E_DERRUBA' || resposta.passo === 'DERRUBA') {
        req.socket.destroy();
        return;
      }
      const enviar = () => res.writeHead(resposta.passo === 'ERRO_500' ? 500 : 200, { 'content-type': 'application/soap+xml; charset=utf-8' }).end(resposta.corpo);
      if (resposta.passo === 'PROCESSA_E_ATRASA') setTimeout(enviar, atrasoMs).unref();
      else enviar();
    });
  });
  const porta = await listen(server);

  const controle = http.createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (p: Buffer) => partes.push(p));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const responder = (status: number, corpo: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(corpo));
      if (req.method === 'POST' && url.pathname === '/cenarios') {
        const { cnpj, ...cenario } = JSON.parse(Buffer.concat(partes).toString('utf8')) as Cenario & { cnpj: string };
        empresa(cnpj).cenario = cenario;
        return responder(200, { ok: true });
      }
      if (req.method === 'POST' && url.pathname === '/numeros-de-outra-chave') {
        const { cnpj, mod, serie, numero, chave } = JSON.parse(Buffer.concat(partes).toString('utf8')) as { cnpj: string; mod: string; serie: number; numero: number; chave: string };
        empresa(cnpj).numeros.set(`${mod}|${serie}|${numero}`, chave);
        return responder(200, { ok: true });
      }
      if (req.method === 'GET' && url.pathname === '/estado') {
        const e = empresa(url.searchParams.get('cnpj') ?? '');
        return responder(200, {
          chamadas: e.chamadas,
          autorizadas: [...e.autorizacoes.values()].map((a) => ({
            chave: a.chave,
            cStat: a.cStat,
            nProt: a.nProt,
            cancelada: Boolean(a.cancelamento),
            tpEventoCancelamento: a.cancelamento?.tpEvento ?? null,
            chNFeRef: a.cancelamento?.chNFeRef ?? null,
          })),
          inutilizadas: e.inutilizadas,
          recebidos: e.recebidos,
        });
      }
      return responder(404, { ok: false });
    });
  });
  const portaControle = await listen(controle);
  return {
    url: `https://127.0.0.1:${porta}`,
    controlUrl: `http://127.0.0.1:${portaControle}`,
    caFile,
    stop: async () => {
      server.closeAllConnections();
      controle.closeAllConnections();
      await Promise.all([new Promise((r) => server.close(r)), new Promise((r) => controle.close(r))]);
    },
  };
}
