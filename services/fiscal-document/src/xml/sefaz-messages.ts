import type { ServicoSefaz } from '@erp/contracts';
import { XMLSerializer, type Document, type Element, type Node } from '@xmldom/xmldom';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { dataHoraBrasilia } from '@erp/fiscal-rules';
import { texto } from './format';
import { NS_NFE, VERSAO_PROCESSO } from './nfe-builder';
import { parseXml } from './signature';

/**
 * The request messages of the NF-e 4.00 web services and their SOAP 1.2 envelopes, and the reading of their
 * answers (retEnviNFe, retConsReciNFe, retConsSitNFe, retEnvEvento, retInutNFe, retConsStatServ). Pure.
 * Each decision is taken on `cStat` (as text: 3 or 4 digits), never on `xMotivo`.
 *
 * A signed document (NFe, evento, inutNFe) is embedded as the exact text that was signed and stored: a
 * re-serialization could differ from the stored bytes, and the stored XML is what the DANFE and the
 * authorized `nfeProc` are made of.
 */
const NS_SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';
const semDeclaracao = (xml: string) => xml.replace(/^<\?xml[^>]*\?>\s*/, '');
const tpAmb = (producao: boolean) => (producao ? '1' : '2');

/** Splices signed text into a message built by the builder, where the marker element stands. */
function inserir(mensagem: string, marcador: string, conteudo: string): string {
  const vazio = `<${marcador}/>`;
  if (!mensagem.includes(vazio)) throw new Error(`marker ${marcador} not found`);
  return mensagem.replace(vazio, () => semDeclaracao(conteudo));
}

export function envelopeSoap(servico: ServicoSefaz, mensagem: string): string {
  const envelope = create()
    .ele(NS_SOAP12, 'soap12:Envelope')
    .ele(NS_SOAP12, 'soap12:Body')
    .ele(`http://www.portalfiscal.inf.br/nfe/wsdl/${servico}`, 'nfeDadosMsg')
    .ele('conteudo')
    .end({ headless: true });
  return inserir(envelope, 'conteudo', mensagem);
}

/** `enviNFe` with one signed NF-e, synchronous (`indSinc` 1: SEFAZ answers with the protocol when it can). */
export function enviNFe(idLote: string, nfeAssinada: string): string {
  const base = create().ele(NS_NFE, 'enviNFe', { versao: '4.00' }).ele('idLote').txt(idLote).up().ele('indSinc').txt('1').up().ele('nfe').end({ headless: true });
  return inserir(base, 'nfe', nfeAssinada);
}

export function consReciNFe(producao: boolean, nRec: string): string {
  return create().ele(NS_NFE, 'consReciNFe', { versao: '4.00' }).ele('tpAmb').txt(tpAmb(producao)).up().ele('nRec').txt(nRec).end({ headless: true });
}

export function consSitNFe(producao: boolean, chave: string): string {
  return create()
    .ele(NS_NFE, 'consSitNFe', { versao: '4.00' })
    .ele('tpAmb').txt(tpAmb(producao)).up()
    .ele('xServ').txt('CONSULTAR').up()
    .ele('chNFe').txt(chave)
    .end({ headless: true });
}

export function consStatServ(producao: boolean, cUF: string): string {
  return create()
    .ele(NS_NFE, 'consStatServ', { versao: '4.00' })
    .ele('tpAmb').txt(tpAmb(producao)).up()
    .ele('cUF').txt(cUF).up()
    .ele('xServ').txt('STATUS')
    .end({ headless: true });
}

export interface DadosEvento {
  chave: string;
  cnpj: string;
  producao: boolean;
  em: Date;
  /** Sequence of this event type for the key (1 for the cancellation). */
  sequencia: number;
}

/** `Id` of an event: "ID" + tpEvento + chave + nSeqEvento (2 digits). */
export const idEvento = (tpEvento: string, chave: string, sequencia: number) => `ID${tpEvento}${chave}${String(sequencia).padStart(2, '0')}`;

function evento(d: DadosEvento, tpEvento: string, detalhe: (det: XMLBuilder) => void): string {
  const inf = create()
    .ele(NS_NFE, 'evento', { versao: '1.00' })
    .ele('infEvento', { Id: idEvento(tpEvento, d.chave, d.sequencia) });
  inf.ele('cOrgao').txt(d.chave.slice(0, 2));
  inf.ele('tpAmb').txt(tpAmb(d.producao));
  inf.ele('CNPJ').txt(d.cnpj);
  inf.ele('chNFe').txt(d.chave);
  inf.ele('dhEvento').txt(dataHoraBrasilia(d.em));
  inf.ele('tpEvento').txt(tpEvento);
  inf.ele('nSeqEvento').txt(String(d.sequencia));
  inf.ele('verEvento').txt('1.00');
  const det = inf.ele('detEvento', { versao: '1.00' });
  detalhe(det);
  return inf.end({ headless: true });
}

/** Event 110111 "Cancelamento" (e110111_v1.00.xsd): the authorization protocol and a 15-255 character reason. */
export function eventoCancelamento(d: DadosEvento & { protocolo: string; justificativa: string }): string {
  return evento(d, '110111', (det) => {
    det.ele('descEvento').txt('Cancelamento').up().ele('nProt').txt(d.protocolo).up().ele('xJust').txt(texto(d.justificativa, 255));
  });
}

/**
 * Event 110112 "Cancelamento por substituição" (NFC-e only, NT 2018.004): the original NFC-e is replaced by
 * one issued in contingency (`chaveSubstituta`) for the same sale.
 */
export function eventoCancelamentoSubstituicao(d: DadosEvento & { protocolo: string; justificativa: string; chaveSubstituta: string }): string {
  return evento(d, '110112', (det) => {
    det
      .ele('descEvento').txt('Cancelamento por substituicao').up()
      .ele('cOrgaoAutor').txt(d.chave.slice(0, 2)).up()
      .ele('tpAutor').txt('1').up()
      .ele('verAplic').txt(VERSAO_PROCESSO).up()
      .ele('nProt').txt(d.protocolo).up()
      .ele('xJust').txt(texto(d.justificativa, 255)).up()
      .ele('chNFeRef').txt(d.chaveSubstituta);
  });
}

export function envEvento(idLote: string, eventoAssinado: string): string {
  const base = create().ele(NS_NFE, 'envEvento', { versao: '1.00' }).ele('idLote').txt(idLote).up().ele('evento').end({ headless: true });
  return inserir(base, 'evento', eventoAssinado);
}

export interface DadosInutilizacao {
  cUF: string;
  cnpj: string;
  producao: boolean;
  /** Two digits of the year of the numbers. */
  ano: string;
  modelo: '55' | '65';
  serie: number;
  de: number;
  ate: number;
  justificativa: string;
}

/** `Id` of a voiding: "ID" + cUF + AA + CNPJ + mod + serie(3) + nNFIni(9) + nNFFin(9). */
export const idInutilizacao = (d: DadosInutilizacao) =>
  `ID${d.cUF}${d.ano}${d.cnpj}${d.modelo}${String(d.serie).padStart(3, '0')}${String(d.de).padStart(9, '0')}${String(d.ate).padStart(9, '0')}`;

/** `inutNFe` (inutNFe_v4.00.xsd), to be signed on `infInut`. */
export function inutNFe(d: DadosInutilizacao): string {
  return create()
    .ele(NS_NFE, 'inutNFe', { versao: '4.00' })
    .ele('infInut', { Id: idInutilizacao(d) })
    .ele('tpAmb').txt(tpAmb(d.producao)).up()
    .ele('xServ').txt('INUTILIZAR').up()
    .ele('cUF').txt(d.cUF).up()
    .ele('ano').txt(d.ano).up()
    .ele('CNPJ').txt(d.cnpj).up()
    .ele('mod').txt(d.modelo).up()
    .ele('serie').txt(String(d.serie)).up()
    .ele('nNFIni').txt(String(d.de)).up()
    .ele('nNFFin').txt(String(d.ate)).up()
    .ele('xJust').txt(texto(d.justificativa, 255))
    .end({ headless: true });
}

// ---- answers ----

/** The answer is not a SEFAZ return (a SOAP fault, an HTML error page, a broken body): treated as no answer. */
export class RespostaIlegivel extends Error {
  constructor(detalhe: string) {
    super(`unreadable SEFAZ answer: ${detalhe}`);
    this.name = 'RespostaIlegivel';
  }
}

const serializar = (no: Node) => new XMLSerializer().serializeToString(no);

function filho(pai: Element | Document, nome: string): Element | null {
  return pai.getElementsByTagNameNS(NS_NFE, nome).item(0);
}

function valor(pai: Element | Document | null, nome: string): string | null {
  if (!pai) return null;
  const no = filho(pai, nome);
  return no?.textContent?.trim() ?? null;
}

function retorno(corpo: string, raiz: string): Element {
  let doc: Document;
  try {
    doc = parseXml(corpo);
  } catch (error) {
    throw new RespostaIlegivel(error instanceof Error ? error.message : 'not XML');
  }
  const no = filho(doc, raiz);
  if (!no) throw new RespostaIlegivel(`no <${raiz}> in the answer`);
  if (!valor(no, 'cStat')) throw new RespostaIlegivel(`<${raiz}> without cStat`);
  return no;
}

export interface ProtocoloNfe {
  cStat: string;
  xMotivo: string;
  chave: string;
  protocolo: string | null;
  recebidoEm: Date | null;
  /** The `<protNFe>` as received, for the `nfeProc`. */
  xml: string;
}

function protocoloNfe(pai: Element): ProtocoloNfe | null {
  const prot = filho(pai, 'protNFe');
  if (!prot) return null;
  const dh = valor(prot, 'dhRecbto');
  return {
    cStat: valor(prot, 'cStat') ?? '',
    xMotivo: valor(prot, 'xMotivo') ?? '',
    chave: valor(prot, 'chNFe') ?? '',
    protocolo: valor(prot, 'nProt'),
    recebidoEm: dh ? new Date(dh) : null,
    xml: serializar(prot),
  };
}

export interface RetornoAutorizacao {
  /** The batch's status: 104 processed (read `protocolo`), 103/105 received / in processing (poll `recibo`). */
  cStat: string;
  xMotivo: string;
  recibo: string | null;
  protocolo: ProtocoloNfe | null;
}

/** `retEnviNFe` (NFeAutorizacao4) or `retConsReciNFe` (NFeRetAutorizacao4): the same reading. */
export function lerRetornoAutorizacao(corpo: string): RetornoAutorizacao {
  const ret = (() => {
    try {
      return retorno(corpo, 'retEnviNFe');
    } catch {
      return retorno(corpo, 'retConsReciNFe');
    }
  })();
  return {
    cStat: valor(ret, 'cStat')!,
    xMotivo: valor(ret, 'xMotivo') ?? '',
    recibo: valor(ret, 'nRec'),
    protocolo: protocoloNfe(ret),
  };
}

export interface EventoRegistrado {
  tpEvento: string;
  cStat: string;
  xMotivo: string;
  protocolo: string | null;
  registradoEm: Date | null;
  /** `<retEvento>` as received (from an event answer) or the whole `<procEventoNFe>` (from a query). */
  xml: string;
}

export interface RetornoConsulta {
  cStat: string;
  xMotivo: string;
  protocolo: ProtocoloNfe | null;
  eventos: EventoRegistrado[];
}

function eventoDe(inf: Element, xml: string): EventoRegistrado {
  const dh = valor(inf, 'dhRegEvento');
  return {
    tpEvento: valor(inf, 'tpEvento') ?? '',
    cStat: valor(inf, 'cStat') ?? '',
    xMotivo: valor(inf, 'xMotivo') ?? '',
    protocolo: valor(inf, 'nProt'),
    registradoEm: dh ? new Date(dh) : null,
    xml,
  };
}

/** `retConsSitNFe`: the NF-e's status (100, 101, 110, 217...), its protocol and the events registered on it. */
export function lerRetornoConsulta(corpo: string): RetornoConsulta {
  const ret = retorno(corpo, 'retConsSitNFe');
  const eventos: EventoRegistrado[] = [];
  const procs = ret.getElementsByTagNameNS(NS_NFE, 'procEventoNFe');
  for (let i = 0; i < procs.length; i += 1) {
    const proc = procs.item(i)!;
    const retEvento = filho(proc, 'retEvento');
    const inf = retEvento ? filho(retEvento, 'infEvento') : null;
    if (inf) eventos.push(eventoDe(inf, serializar(proc)));
  }
  return { cStat: valor(ret, 'cStat')!, xMotivo: valor(ret, 'xMotivo') ?? '', protocolo: protocoloNfe(ret), eventos };
}

export interface RetornoEvento {
  /** The batch's status (128 processed); the event's own is in `evento`. */
  cStat: string;
  xMotivo: string;
  evento: EventoRegistrado | null;
}

export function lerRetornoEvento(corpo: string): RetornoEvento {
  const ret = retorno(corpo, 'retEnvEvento');
  const retEvento = filho(ret, 'retEvento');
  const inf = retEvento ? filho(retEvento, 'infEvento') : null;
  return { cStat: valor(ret, 'cStat')!, xMotivo: valor(ret, 'xMotivo') ?? '', evento: inf && retEvento ? eventoDe(inf, serializar(retEvento)) : null };
}

export interface RetornoInutilizacao {
  cStat: string;
  xMotivo: string;
  protocolo: string | null;
  recebidoEm: Date | null;
  xml: string;
}

export function lerRetornoInutilizacao(corpo: string): RetornoInutilizacao {
  const ret = retorno(corpo, 'retInutNFe');
  const inf = filho(ret, 'infInut') ?? ret;
  const dh = valor(inf, 'dhRecbto');
  return { cStat: valor(inf, 'cStat')!, xMotivo: valor(inf, 'xMotivo') ?? '', protocolo: valor(inf, 'nProt'), recebidoEm: dh ? new Date(dh) : null, xml: serializar(ret) };
}

export function lerRetornoStatus(corpo: string): { cStat: string; xMotivo: string } {
  const ret = retorno(corpo, 'retConsStatServ');
  return { cStat: valor(ret, 'cStat')!, xMotivo: valor(ret, 'xMotivo') ?? '' };
}

// ---- distribution documents: the signed document with SEFAZ's answer ----

export function nfeProc(nfeAssinada: string, protNFe: string): string {
  const base = create().ele(NS_NFE, 'nfeProc', { versao: '4.00' }).ele('nfe').up().ele('prot').end({ headless: true });
  return inserir(inserir(base, 'nfe', nfeAssinada), 'prot', protNFe);
}

export function procEventoNFe(eventoAssinado: string, retEvento: string): string {
  const base = create().ele(NS_NFE, 'procEventoNFe', { versao: '1.00' }).ele('evento').up().ele('ret').end({ headless: true });
  return inserir(inserir(base, 'evento', eventoAssinado), 'ret', retEvento);
}

export function procInutNFe(inutAssinada: string, retInutNFe: string): string {
  const base = create().ele(NS_NFE, 'ProcInutNFe', { versao: '4.00' }).ele('inut').up().ele('ret').end({ headless: true });
  return inserir(inserir(base, 'inut', inutAssinada), 'ret', retInutNFe);
}
