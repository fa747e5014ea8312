import { create } from 'xmlbuilder2';
import { NS_NFE } from './nfe';
import { inserir } from './splice';

/** The distribution documents: each signed document with SEFAZ's answer (nfeProc, procEventoNFe, ProcInutNFe). Pure. */
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
