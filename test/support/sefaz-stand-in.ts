import { generateKeyPairSync, X509Certificate } from 'node:crypto';
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
 * fields; tpAmb against the endpoint; duplicates 204/539; voided numbers; protocol and deadline of a
 * cancellation; numbers of a voiding) and answers with the real return structures.
 *
 * Per issuer CNPJ a test sets a scenario over the control port (plain HTTP): the next answers of each service,
 * e.g. "process then drop the connection", "process then answer too late", "answer 217 to this query", "103
 * then 105 then 104", a denial, a rejection, a cancellation deadline.
 */
const NS = 'http://www.portalfiscal.inf.br/nfe';
const NS_DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const VER_APLIC = 'STANDIN_NFE_4.00';

/** `ANTES_DO_CANCELAMENTO`: a query answered as if a cancellation just registered were not there yet (lag). */
export type Passo = 'NORMAL' | 'PROCESSA_E_DERRUBA' | 'PROCESSA_E_ATRASA' | 'NAO_CONSTA' | 'ANTES_DO_CANCELAMENTO' | 'ASSINCRONO' | 'ERRO_500';

export interface Cenario {
  autorizacao?: Passo[];
  consulta?: Passo[];
  evento?: Passo[];
  inutilizacao?: Passo[];
  /** cStat of a denial (110, 301, 302) for the next authorization. */
  denegar?: string;
  /** cStat of a rejection for the next authorization (e.g. 778, NCM unknown). */
  rejeitar?: string;
  /** A cancellation later than this after authorization is refused with 501. */
  prazoCancelamentoMinutos?: number;
  /** How late a PROCESSA_E_ATRASA answer comes. */
  atrasoMs?: number;
}

interface Autorizacao {
  chave: string;
  cStat: string;
  xMotivo: string;
  nProt: string;
  dhRecbto: string;
  em: number;
  cancelamento?: { nProt: string; dhRegEvento: string; procEvento: string };
}

interface Empresa {
  cenario: Cenario;
  autorizacoes: Map<string, Autorizacao>;
  numeros: Map<string, string>;
  inutilizadas: { mod: string; serie: number; de: number; ate: number; nProt: string }[];
  recibos: Map<string, { chave: string; polls: number; prot: string }>;
  chamadas: Record<string, number>;
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
    e = { cenario: {}, autorizacoes: new Map(), numeros: new Map(), inutilizadas: [], recibos: new Map(), chamadas: {} };
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

type Resposta = { corpo: string; passo: Passo };

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
  if (passo === 'ERRO_500') return { corpo: '', passo };
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
  if (passo === 'ASSINCRONO') {
    const nRec = `${cUF}${String(Date.now()).slice(-13)}`;
    e.recibos.set(nRec, { chave, polls: 0, prot: protNFe(a, tpAmb) });
    return { corpo: lote('103', 'Lote recebido com sucesso', `<infRec><nRec>${nRec}</nRec><tMed>1</tMed></infRec>`), passo: 'NORMAL' };
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
  if (passo === 'ERRO_500') return { corpo: '', passo };
  if (!a || passo === 'NAO_CONSTA') {
    return { corpo: ret('retConsSitNFe', `${cab}<cStat>217</cStat><xMotivo>Rejeição: NF-e não consta na base de dados da SEFAZ</xMotivo><cUF>${chave.slice(0, 2)}</cUF><dhRecbto>${agora()}</dhRecbto><chNFe>${chave}</chNFe>`), passo: passo === 'NAO_CONSTA' ? 'NORMAL' : passo };
  }
  const cancelada = a.cancelamento && passo !== 'ANTES_DO_CANCELAMENTO';
  const cStat = cancelada ? '101' : a.cStat;
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
    const retEvento = `<retEvento versao="1.00"><infEvento><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><cOrgao>${chave.slice(0, 2)}</cOrgao><cStat>${cStat}</cStat><xMotivo>${esc(xMotivo)}</xMotivo><chNFe>${chave}</chNFe><tpEvento>${tpEvento}</tpEvento><xEvento>Cancelamento registrado</xEvento><nSeqEvento>${nSeq}</nSeqEvento><dhRegEvento>${dh}</dhRegEvento>${nProt ? `<nProt>${nProt}</nProt>` : ''}</infEvento></retEvento>`;
    return { retEvento, corpo: ret('retEnvEvento', `<idLote>${texto(msg, 'idLote')}</idLote><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><cOrgao>${chave.slice(0, 2)}</cOrgao><cStat>128</cStat><xMotivo>Lote de Evento Processado</xMotivo>${retEvento}`, '1.00') };
  };
  if (passo === 'ERRO_500') return { corpo: '', passo };
  const assinatura = assinaturaConfere(ev, cliente, cnpj);
  if (assinatura) return { corpo: resposta(assinatura.cStat, assinatura.xMotivo).corpo, passo };
  const a = e.autorizacoes.get(chave);
  if (!a) return { corpo: resposta('494', 'Rejeição: Chave de Acesso inexistente').corpo, passo };
  if (a.cancelamento) return { corpo: resposta('573', 'Rejeição: Duplicidade de evento').corpo, passo };
  if (a.cStat !== '100') return { corpo: resposta('580', 'Rejeição: NF-e não autorizada (cancelada ou denegada)').corpo, passo };
  if (texto(ev.getElementsByTagNameNS(NS, 'detEvento').item(0)!, 'nProt') !== a.nProt) return { corpo: resposta('222', 'Rejeição: Protocolo de Autorização de Uso difere do cadastrado').corpo, passo };
  const prazo = e.cenario.prazoCancelamentoMinutos;
  if (prazo !== undefined && Date.now() - a.em > prazo * 60_000) return { corpo: resposta('501', 'Rejeição: Prazo de Cancelamento Superior ao Previsto na Legislação').corpo, passo };
  const nProt = protocolo(chave.slice(0, 2));
  const dh = agora();
  const r = resposta('135', 'Evento registrado e vinculado a NF-e', nProt, dh);
  a.cancelamento = { nProt, dhRegEvento: dh, procEvento: `<procEventoNFe versao="1.00">${serializar(ev)}${r.retEvento}</procEventoNFe>` };
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
  if (passo === 'ERRO_500') return { corpo: '', passo };
  const id = `ID${cUF}${ano}${cnpj}${mod}${String(serie).padStart(3, '0')}${String(de).padStart(9, '0')}${String(ate).padStart(9, '0')}`;
  if (inf.getAttribute('Id') !== id) return { corpo: resposta('217', 'Rejeição: Id da inutilização difere da concatenação dos campos'), passo };
  const assinatura = assinaturaConfere(inut, cliente, cnpj);
  if (assinatura) return { corpo: resposta(assinatura.cStat, assinatura.xMotivo), passo };
  for (let n = de; n <= ate; n += 1) if (e.numeros.has(`${mod}|${serie}|${n}`)) return { corpo: resposta('241', 'Rejeição: Um número da faixa já foi utilizado'), passo };
  const mesma = e.inutilizadas.find((i) => i.mod === mod && i.serie === serie && i.de === de && i.ate === ate);
  if (mesma) return { corpo: resposta('563', 'Rejeição: Já existe pedido de Inutilização com a mesma faixa de inutilização', mesma.nProt), passo };
  if (e.inutilizadas.some((i) => i.mod === mod && i.serie === serie && i.de <= ate && de <= i.ate)) return { corpo: resposta('256', 'Rejeição: Uma NF-e da faixa já está inutilizada na Base de dados da SEFAZ'), passo };
  const nProt = protocolo(cUF);
  e.inutilizadas.push({ mod, serie, de, ate, nProt });
  return { corpo: resposta('102', 'Inutilização de número homologado', nProt), passo };
}

function status(msg: Element): Resposta {
  return { corpo: ret('retConsStatServ', `<tpAmb>${texto(msg, 'tpAmb')}</tpAmb><verAplic>${VER_APLIC}</verAplic><cStat>107</cStat><xMotivo>Serviço em Operação</xMotivo><cUF>${texto(msg, 'cUF')}</cUF><dhRecbto>${agora()}</dhRecbto><tMed>1</tMed>`), passo: 'NORMAL' };
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
  const resultado = (() => {
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
        return status(msg);
    }
  })();
  const envelope = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/${servico}">${resultado.corpo}</nfeResultMsg></soap:Body></soap:Envelope>`;
  return { corpo: resultado.passo === 'ERRO_500' ? soapFault('Erro interno') : envelope, passo: resultado.passo };
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
      const cnpjAtraso = [...empresas.values()].find((e) => e.cenario.atrasoMs)?.cenario.atrasoMs ?? 8_000;
      if (resposta.passo === 'PROCESSA_E_DERRUBA') {
        req.socket.destroy();
        return;
      }
      const enviar = () => res.writeHead(resposta.passo === 'ERRO_500' ? 500 : 200, { 'content-type': 'application/soap+xml; charset=utf-8' }).end(resposta.corpo);
      if (resposta.passo === 'PROCESSA_E_ATRASA') setTimeout(enviar, cnpjAtraso).unref();
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
          autorizadas: [...e.autorizacoes.values()].map((a) => ({ chave: a.chave, cStat: a.cStat, nProt: a.nProt, cancelada: Boolean(a.cancelamento) })),
          inutilizadas: e.inutilizadas,
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
