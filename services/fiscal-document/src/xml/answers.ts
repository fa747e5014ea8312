import type { Element } from '@xmldom/xmldom';
import { NS_NFE } from './nfe';
import { leitorRespostas, type Protocolo } from './answer-reader';

/**
 * The reading of SEFAZ's answers (retEnviNFe, retConsReciNFe, retConsSitNFe, retEnvEvento, retInutNFe,
 * retConsStatServ). Pure. Each decision is taken on `cStat` (as text: 3 or 4 digits), never on `xMotivo`.
 */
export type ProtocoloNfe = Protocolo;

const { serializar, filho, valor, retorno, protocolo } = leitorRespostas(NS_NFE);
const protocoloNfe = (pai: Element): ProtocoloNfe | null => protocolo(pai, 'protNFe', 'chNFe');

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
