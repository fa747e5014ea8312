import { XMLSerializer, type Document, type Element, type Node } from '@xmldom/xmldom';
import { parseXml } from './signature';

/** The answer is not an authorizer's return (a SOAP fault, an HTML error page, a broken body): treated as no answer. */
export class RespostaIlegivel extends Error {
  constructor(detalhe: string) {
    super(`unreadable SEFAZ answer: ${detalhe}`);
    this.name = 'RespostaIlegivel';
  }
}

/** An authorization protocol (`protNFe`, `protCTe`) as the authorizer answered it. */
export interface Protocolo {
  cStat: string;
  xMotivo: string;
  chave: string;
  protocolo: string | null;
  recebidoEm: Date | null;
  /** The protocol element as received, for the distribution XML (`nfeProc`, `cteProc`). */
  xml: string;
}

/**
 * Reading the answers of the NF-e and CT-e web services, which share their shape (a return element with
 * `cStat`, `xMotivo`, a protocol) in their own namespace. Pure; decisions are taken on `cStat`, never `xMotivo`.
 */
export function leitorRespostas(ns: string) {
  const serializar = (no: Node) => new XMLSerializer().serializeToString(no);
  const filho = (pai: Element | Document, nome: string): Element | null => pai.getElementsByTagNameNS(ns, nome).item(0);
  const valor = (pai: Element | Document | null, nome: string): string | null => (pai ? (filho(pai, nome)?.textContent?.trim() ?? null) : null);

  /** The return element `raiz` of an answer; one without it or without its cStat is no answer. */
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

  /** The protocol element `tag` (`protNFe`, `protCTe`) under `pai`, with its key element `tagChave`. */
  function protocolo(pai: Element, tag: string, tagChave: string): Protocolo | null {
    const prot = filho(pai, tag);
    if (!prot) return null;
    const dh = valor(prot, 'dhRecbto');
    return {
      cStat: valor(prot, 'cStat') ?? '',
      xMotivo: valor(prot, 'xMotivo') ?? '',
      chave: valor(prot, tagChave) ?? '',
      protocolo: valor(prot, 'nProt'),
      recebidoEm: dh ? new Date(dh) : null,
      xml: serializar(prot),
    };
  }

  return { serializar, filho, valor, retorno, protocolo };
}
