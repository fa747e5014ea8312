import { namespaceServicoSefaz } from '@erp/contracts';
import { DOMParser, XMLSerializer, type Element } from '@xmldom/xmldom';
import { validarXml } from '@erp/fiscal-schemas';
import type { Passo, Servico } from './cenarios';
import type { Registro } from '../store/registro';
import type { Cenarios } from './cenarios';

/** What a web service answers: the return message (inside the SOAP envelope), and what the transport does with it. */
export interface Resposta {
  corpo: string;
  passo: Passo;
  /** The issuer whose scenario applied (its delay, its counters). */
  cnpj?: string;
}

/** What every service handler gets besides the message. */
export interface Atendimento {
  registro: Registro;
  cenarios: Cenarios;
  /** DER of the caller's TLS client certificate. */
  clienteTls: Buffer;
  /** `1` production, `2` homologation: the environment of the endpoint called. */
  tpAmb: string;
  recebidoEm: Date;
}

export class MensagemInvalida extends Error {}

const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';

/** The message inside `nfeDadosMsg` of a SOAP 1.2 envelope of `servico`; a SOAP fault otherwise. */
export function mensagemDoEnvelope(servico: Servico, corpo: string): Element {
  const erros: string[] = [];
  let doc: ReturnType<DOMParser['parseFromString']>;
  try {
    doc = new DOMParser({ onError: (nivel, msg) => nivel !== 'warning' && erros.push(msg) }).parseFromString(corpo, 'text/xml');
  } catch (error) {
    // xmldom throws on a fatal error (after reporting it): bad input, not our failure.
    throw new MensagemInvalida(`XML mal formado: ${erros[0] ?? (error instanceof Error ? error.message : String(error))}`);
  }
  if (erros.length > 0 || !doc.documentElement) throw new MensagemInvalida(`XML mal formado: ${erros[0] ?? 'sem elemento raiz'}`);
  if (doc.documentElement.namespaceURI !== SOAP12 || doc.documentElement.localName !== 'Envelope') throw new MensagemInvalida('não é um envelope SOAP 1.2');
  const dados = doc.getElementsByTagNameNS(namespaceServicoSefaz(servico), 'nfeDadosMsg').item(0);
  const mensagem = dados ? Array.from({ length: dados.childNodes.length }, (_, i) => dados.childNodes.item(i)).find((n) => n?.nodeType === 1) : undefined;
  if (!mensagem) throw new MensagemInvalida(`nfeDadosMsg de ${servico} ausente ou vazio`);
  return mensagem as Element;
}

/** An element as a document of its own (its namespaces declared on it): what is validated and what was signed. */
export const serializar = (el: Element) => new XMLSerializer().serializeToString(el);

/**
 * The official schema's verdict on an element standalone, as SEFAZ words it: null when valid, else the first
 * error (element and reason, as libxml2 reports it), fit for xMotivo.
 */
export async function falhaDeSchema(el: Element, arquivoRaiz: string): Promise<string | null> {
  const resultado = await validarXml('nfe-PL_010_V1.30', arquivoRaiz, serializar(el));
  if (resultado.ok) return null;
  const erro = resultado.erros[0];
  return erro.mensagem.replace(/\{http:\/\/www\.portalfiscal\.inf\.br\/nfe\}/g, '').replace(/\s+/g, ' ').trim();
}

/** `[<schema error>]` after a rejection text, within TMotivo's 255 characters. */
export function comErro(xMotivo: string, erro: string): string {
  const texto = `${xMotivo} [${erro}]`;
  return texto.length > 255 ? `${texto.slice(0, 253)}]` : texto;
}
