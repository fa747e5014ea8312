import { namespaceServicoSefaz, type ServicoSefaz } from '@erp/contracts';
import { NS_NFE } from './xml';

/**
 * The return messages of the NF-e 4.00 web services (retEnviNFe, retConsReciNFe, retConsSitNFe, retEnvEvento,
 * retInutNFe, retConsStatServ), with the structure and element order of their official schemas, and the SOAP 1.2
 * envelope around them.
 */
/** The authority's application version (verAplic: at most 20 characters in every answer's schema). */
export const VER_APLIC = 'ERP_AUT_LOCAL_4.00';

export const escapar = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Brasília time (UTC-3 all year) as TDateTimeUTC. */
export function dataHora(instante: Date): string {
  return `${new Date(Math.floor(instante.getTime() / 1000) * 1000 - 3 * 3_600_000).toISOString().slice(0, 19)}-03:00`;
}

export function ret(raiz: string, conteudo: string, versao = '4.00'): string {
  return `<${raiz} xmlns="${NS_NFE}" versao="${versao}">${conteudo}</${raiz}>`;
}

export function envelopeSoap(servico: ServicoSefaz, corpo: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><nfeResultMsg xmlns="${namespaceServicoSefaz(servico)}">${corpo}</nfeResultMsg></soap:Body></soap:Envelope>`;
}

/**
 * A SOAP 1.2 fault: `Sender` for a request that is not a message of the service (answered HTTP 400, as the SOAP 1.2
 * HTTP binding says), `Receiver` for the authority's own failure (HTTP 500).
 */
export function soapFault(motivo: string, codigo: 'Sender' | 'Receiver' = 'Sender'): string {
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><soap:Fault><soap:Code><soap:Value>soap:${codigo}</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="pt">${escapar(motivo)}</soap:Text></soap:Reason></soap:Fault></soap:Body></soap:Envelope>`;
}

/** What the authority recorded of an NF-e it authorized or denied. */
export interface Protocolo {
  chave: string;
  cStat: string;
  xMotivo: string;
  nProt: string;
  dhRecbto: string;
  /** SHA-1 digest of the NF-e as signed (DigestValue), returned in the protocol. */
  digVal: string;
}

const COM_PROTOCOLO = new Set(['100', '150', '110', '301', '302', '303']);

/** `protNFe` of an authorization, a denial (both numbered) or a rejection (no number). */
export function protNFe(p: Protocolo, tpAmb: string): string {
  const numero = COM_PROTOCOLO.has(p.cStat) ? `<nProt>${p.nProt}</nProt><digVal>${p.digVal}</digVal>` : '';
  return `<protNFe versao="4.00"><infProt><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><chNFe>${p.chave}</chNFe><dhRecbto>${p.dhRecbto}</dhRecbto>${numero}<cStat>${p.cStat}</cStat><xMotivo>${escapar(p.xMotivo)}</xMotivo></infProt></protNFe>`;
}
