import type { Element } from '@xmldom/xmldom';
import { leitorRespostas, type Protocolo } from '../answer-reader';
import { NS_CTE } from './types';

/**
 * The reading of the CT-e authorizer's answers (retCTe, retConsSitCTe, retEventoCTe). Pure; decisions are taken on
 * `cStat` (text, 3 or 4 digits), never on `xMotivo`. An answer without its return element is no answer.
 */
export type ProtocoloCte = Protocolo;

const { serializar, filho, valor, retorno, protocolo: protocoloDe } = leitorRespostas(NS_CTE);
const protocolo = (pai: Element): ProtocoloCte | null => protocoloDe(pai, 'protCTe', 'chCTe');

/** `retCTe` (CTeRecepcaoSincV4) or `retCTeOS` (CTeRecepcaoOSV4): the message's cStat, and the protocol when processed. */
export function lerRetCte(corpo: string, raiz: 'retCTe' | 'retCTeOS' = 'retCTe'): { cStat: string; xMotivo: string; protocolo: ProtocoloCte | null } {
  const ret = retorno(corpo, raiz);
  return { cStat: valor(ret, 'cStat')!, xMotivo: valor(ret, 'xMotivo') ?? '', protocolo: protocolo(ret) };
}

export interface EventoRegistradoCte {
  tpEvento: string;
  cStat: string;
  protocolo: string | null;
  registradoEm: Date | null;
  /** The `procEventoCTe` as received. */
  xml: string;
}

/** `retConsSitCTe` (CTeConsultaV4): the key's situation, its protocol, and every event registered for it. */
export function lerRetConsultaCte(corpo: string): { cStat: string; xMotivo: string; protocolo: ProtocoloCte | null; eventos: EventoRegistradoCte[] } {
  const ret = retorno(corpo, 'retConsSitCTe');
  const procs = ret.getElementsByTagNameNS(NS_CTE, 'procEventoCTe');
  const eventos: EventoRegistradoCte[] = [];
  for (let i = 0; i < procs.length; i += 1) {
    const proc = procs.item(i)!;
    const retEvento = filho(proc, 'retEventoCTe');
    const info = retEvento ? filho(retEvento, 'infEvento') : null;
    const dh = valor(info, 'dhRegEvento');
    eventos.push({ tpEvento: valor(info, 'tpEvento') ?? '', cStat: valor(info, 'cStat') ?? '', protocolo: valor(info, 'nProt'), registradoEm: dh ? new Date(dh) : null, xml: serializar(proc) });
  }
  return { cStat: valor(ret, 'cStat')!, xMotivo: valor(ret, 'xMotivo') ?? '', protocolo: protocolo(ret), eventos };
}

/** `retEventoCTe` (CTeRecepcaoEventoV4). */
export function lerRetEventoCte(corpo: string): { cStat: string; xMotivo: string; protocolo: string | null; registradoEm: Date | null; xml: string } {
  const ret = retorno(corpo, 'retEventoCTe');
  const info = filho(ret, 'infEvento');
  const dh = valor(info, 'dhRegEvento');
  return { cStat: valor(ret, 'cStat')!, xMotivo: valor(ret, 'xMotivo') ?? '', protocolo: valor(info, 'nProt'), registradoEm: dh ? new Date(dh) : null, xml: serializar(ret) };
}

/** `retConsStatServCTe` (CTeStatusServicoV4): 107 in operation, 108 / 109 paralysed. */
export function lerRetStatusCte(corpo: string): { cStat: string; xMotivo: string } {
  const ret = retorno(corpo, 'retConsStatServCTe');
  return { cStat: valor(ret, 'cStat')!, xMotivo: valor(ret, 'xMotivo') ?? '' };
}
