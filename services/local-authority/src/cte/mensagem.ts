import { gunzipSync } from 'node:zlib';
import { namespaceServicoCte, OperacoesCte, type ServicoCte } from '@erp/contracts';
import { validarXml } from '@erp/fiscal-schemas';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { MensagemInvalida, serializar } from '../app/mensagem';

export const NS_CTE = 'http://www.portalfiscal.inf.br/cte';
const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';
/** The receptions carry gzip + base64 of the document (MOC CT-e 4.00 §3.4.1); the rest plain XML. */
const COMPACTADOS = new Set<ServicoCte>(['CTeRecepcaoSincV4', 'CTeRecepcaoOSV4']);

export class FalhaDescompactacao extends Error {}

function parse(xml: string): Element {
  const erros: string[] = [];
  let doc: ReturnType<DOMParser['parseFromString']>;
  try {
    doc = new DOMParser({ onError: (nivel, msg) => nivel !== 'warning' && erros.push(msg) }).parseFromString(xml, 'text/xml');
  } catch (error) {
    throw new MensagemInvalida(`XML mal formado: ${erros[0] ?? (error instanceof Error ? error.message : String(error))}`);
  }
  if (erros.length > 0 || !doc.documentElement) throw new MensagemInvalida(`XML mal formado: ${erros[0] ?? 'sem elemento raiz'}`);
  return doc.documentElement;
}

/**
 * The message of a CT-e service's SOAP 1.2 envelope: inside `cteDadosMsg` of the service's namespace; for a
 * reception its text, base64 of a gzip of the signed document (FalhaDescompactacao when it is not: rejection 244).
 */
export function mensagemCte(servico: ServicoCte, corpo: string): Element {
  const envelope = parse(corpo);
  if (envelope.namespaceURI !== SOAP12 || envelope.localName !== 'Envelope') throw new MensagemInvalida('não é um envelope SOAP 1.2');
  const dados = envelope.getElementsByTagNameNS(namespaceServicoCte(servico), 'cteDadosMsg').item(0);
  if (!dados) throw new MensagemInvalida(`cteDadosMsg de ${servico} ausente`);
  if (COMPACTADOS.has(servico)) {
    let xml: string;
    try {
      xml = gunzipSync(Buffer.from((dados.textContent ?? '').trim(), 'base64')).toString('utf8');
    } catch {
      throw new FalhaDescompactacao('Rejeição: Falha na descompactação da área de dados');
    }
    try {
      return parse(xml);
    } catch {
      throw new FalhaDescompactacao('Rejeição: Falha na descompactação da área de dados [XML mal formado]');
    }
  }
  const filhos = Array.from({ length: dados.childNodes.length }, (_, i) => dados.childNodes.item(i)).filter((n) => n?.nodeType === 1);
  if (filhos.length === 0) throw new MensagemInvalida(`cteDadosMsg de ${servico} vazio`);
  return filhos[0] as Element;
}

/** The result element of each service (`<operação>Result`, as the WSDL names it) around the return message. */
export function envelopeRetornoCte(servico: ServicoCte, corpo: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP12}"><soap:Body><${OperacoesCte[servico]}Result xmlns="${namespaceServicoCte(servico)}">${corpo}</${OperacoesCte[servico]}Result></soap:Body></soap:Envelope>`;
}

/** The official CT-e 4.00 RTC schema's first error on an element standalone, fit for xMotivo; null when valid. */
export async function falhaDeSchemaCte(el: Element, arquivoRaiz: string): Promise<string | null> {
  const resultado = await validarXml('cte-PL_CTe_400_RTC', arquivoRaiz, serializar(el));
  if (resultado.ok) return null;
  return resultado.erros[0].mensagem.replace(/\{http:\/\/www\.portalfiscal\.inf\.br\/cte\}/g, '').replace(/\s+/g, ' ').trim();
}

export const filhoCte = (pai: Element | null | undefined, nome: string): Element | null => (pai ? pai.getElementsByTagNameNS(NS_CTE, nome).item(0) : null);
export const textoCte = (pai: Element | null | undefined, nome: string): string | null => filhoCte(pai, nome)?.textContent?.trim() ?? null;
