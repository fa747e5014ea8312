import { escapar, VER_APLIC } from '../domain/respostas';
import { NS_CTE } from './mensagem';

/** The CT-e 4.00 return messages (retCTe, retCTeOS, retConsSitCTe, retEventoCTe), in their schemas' element order. */
export function retCte(tpAmb: string, cUF: string, cStat: string, xMotivo: string, protCTe = '', raiz: 'retCTe' | 'retCTeOS' = 'retCTe'): string {
  return `<${raiz} xmlns="${NS_CTE}" versao="4.00"><tpAmb>${tpAmb}</tpAmb><cUF>${cUF}</cUF><verAplic>${VER_APLIC}</verAplic><cStat>${cStat}</cStat><xMotivo>${escapar(xMotivo)}</xMotivo>${protCTe}</${raiz}>`;
}

export interface ProtocoloCte {
  chave: string;
  cStat: string;
  xMotivo: string;
  nProt: string;
  dhRecbto: string;
  digVal: string;
}

/** protCTe: numbered (nProt, digVal) when authorized, bare for a rejection. */
export function protCte(p: ProtocoloCte, tpAmb: string): string {
  const numero = p.cStat === '100' ? `<nProt>${p.nProt}</nProt><digVal>${p.digVal}</digVal>` : '';
  return `<protCTe versao="4.00"><infProt><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><chCTe>${p.chave}</chCTe><dhRecbto>${p.dhRecbto}</dhRecbto>${numero}<cStat>${p.cStat}</cStat><xMotivo>${escapar(p.xMotivo)}</xMotivo></infProt></protCTe>`;
}
