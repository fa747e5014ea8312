import { XMLSerializer, type Document, type Element, type Node } from '@xmldom/xmldom';
import { NS_NFE } from './nfe';
import { parseXml } from './signature';

/**
 * The reading of SEFAZ's answers (retEnviNFe, retConsReciNFe, retConsSitNFe, retEnvEvento, retInutNFe,
 * retConsStatServ). Pure. Each decision is taken on `cStat` (as text: 3 or 4 digits), never on `xMotivo`.
 */
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
