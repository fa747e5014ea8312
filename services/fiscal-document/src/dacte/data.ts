import type { Element } from '@xmldom/xmldom';
import type { DocumentoRecord } from '../store/document-model';
import { NS_CTE } from '../xml/cte/types';
import { parseXml } from '../xml/signature';

/** A party of the DACTE (sender, recipient, issuer): as the authorized XML names it. */
export interface ParteDacte {
  nome: string;
  documento: string;
  ie: string | null;
  endereco: string;
  municipio: string;
  uf: string;
}

/** What the DACTE shows, read from the cteProc: the authority's record, not our settings of today. */
export interface DadosDacte {
  /** '57' CT-e (DACTE) or '67' CT-e OS (DACTE OS: taker, service and the rodoOS registration instead of cargo). */
  modelo: string;
  chave: string;
  numero: number;
  serie: number;
  emitidoEm: Date;
  homologacao: boolean;
  cfop: string;
  natOp: string;
  inicio: string;
  fim: string;
  tomador: string;
  emitente: ParteDacte;
  remetente: ParteDacte | null;
  destinatario: ParteDacte | null;
  /** toma4 (57, OUTROS) or toma (67): the taker named in its own group. */
  tomadorParte: ParteDacte | null;
  expedidor: ParteDacte | null;
  recebedor: ParteDacte | null;
  /** CT-e OS: infServico and the rodoOS registration (TAF or NroRegEstadual). */
  servico: { descricao: string; quantidade: string; registro: string } | null;
  componentes: { nome: string; valor: string }[];
  vTPrest: string;
  vRec: string;
  icms: { situacao: string; base: string; aliquota: string; valor: string };
  carga: { produto: string; valor: string; quantidade: string };
  rntrc: string;
  chavesNfe: string[];
  qrCode: string;
  protocolo: { numero: string; em: Date } | null;
  cancelamento: { protocolo: string | null; em: Date } | null;
  /** The latest CC-e registered (printed as the DANFE prints the NF-e's), set by the caller. */
  cartaCorrecao?: { sequencia: number; texto: string; protocolo: string; em: Date } | null;
}

const TOMADOR: Record<string, string> = { '0': 'REMETENTE', '1': 'EXPEDIDOR', '2': 'RECEBEDOR', '3': 'DESTINATÁRIO', '4': 'OUTROS' };

const todos = (pai: Element, nome: string): Element[] => Array.from({ length: pai.getElementsByTagNameNS(NS_CTE, nome).length }, (_, i) => pai.getElementsByTagNameNS(NS_CTE, nome).item(i)!);
const el = (pai: Element | null, nome: string): Element | null => (pai ? (pai.getElementsByTagNameNS(NS_CTE, nome).item(0) ?? null) : null);
const tx = (pai: Element | null, nome: string): string => el(pai, nome)?.textContent?.trim() ?? '';

function parte(grupo: Element | null, endereco: string): ParteDacte | null {
  if (!grupo) return null;
  const e = el(grupo, endereco);
  return {
    nome: tx(grupo, 'xNome'),
    documento: tx(grupo, 'CNPJ') || tx(grupo, 'CPF'),
    ie: tx(grupo, 'IE') || null,
    endereco: e ? `${tx(e, 'xLgr')}, ${tx(e, 'nro')} - ${tx(e, 'xBairro')}` : '',
    municipio: e ? tx(e, 'xMun') : '',
    uf: e ? tx(e, 'UF') : '',
  };
}

export function dacteDoXml(xml: string, doc: DocumentoRecord): DadosDacte {
  const raiz = parseXml(xml).documentElement!;
  const inf = el(raiz, 'infCte')!;
  const ide = el(inf, 'ide');
  const icms = el(el(inf, 'imp'), 'ICMS')?.firstChild as Element | null;
  const prot = el(raiz, 'infProt');
  const chave = (inf.getAttribute('Id') ?? '').slice(3);
  const os = tx(ide, 'mod') === '67';
  const toma4 = el(ide, 'toma4');
  const rodoOs = el(inf, 'rodoOS');
  return {
    modelo: os ? '67' : '57',
    chave,
    numero: Number(tx(ide, 'nCT')),
    serie: Number(tx(ide, 'serie')),
    emitidoEm: new Date(tx(ide, 'dhEmi')),
    homologacao: tx(ide, 'tpAmb') === '2',
    cfop: tx(ide, 'CFOP'),
    natOp: tx(ide, 'natOp'),
    inicio: `${tx(ide, 'xMunIni')} - ${tx(ide, 'UFIni')}`,
    fim: `${tx(ide, 'xMunFim')} - ${tx(ide, 'UFFim')}`,
    tomador: os ? tx(el(inf, 'toma'), 'xNome') : (TOMADOR[tx(el(ide, 'toma3') ?? toma4, 'toma')] ?? ''),
    emitente: parte(el(inf, 'emit'), 'enderEmit')!,
    remetente: parte(el(inf, 'rem'), 'enderReme'),
    destinatario: parte(el(inf, 'dest'), 'enderDest'),
    tomadorParte: os ? parte(el(inf, 'toma'), 'enderToma') : parte(toma4, 'enderToma'),
    expedidor: parte(el(inf, 'exped'), 'enderExped'),
    recebedor: parte(el(inf, 'receb'), 'enderReceb'),
    servico: os ? { descricao: tx(inf, 'xDescServ'), quantidade: tx(el(inf, 'infServico'), 'qCarga'), registro: tx(rodoOs, 'TAF') ? `TAF ${tx(rodoOs, 'TAF')}` : `REGISTRO ESTADUAL ${tx(rodoOs, 'NroRegEstadual')}` } : null,
    componentes: todos(inf, 'Comp').map((c) => ({ nome: tx(c, 'xNome'), valor: tx(c, 'vComp') })),
    vTPrest: tx(inf, 'vTPrest'),
    vRec: tx(inf, 'vRec'),
    icms: { situacao: tx(icms, 'CST'), base: tx(icms, 'vBC'), aliquota: tx(icms, 'pICMS'), valor: tx(icms, 'vICMS') },
    carga: { produto: tx(inf, 'proPred'), valor: tx(inf, 'vCarga'), quantidade: tx(inf, 'qCarga') },
    rntrc: tx(inf, 'RNTRC'),
    chavesNfe: todos(el(inf, 'infDoc') ?? inf, 'infNFe').map((n) => tx(n, 'chave')),
    qrCode: tx(raiz, 'qrCodCTe'),
    protocolo: prot && tx(prot, 'nProt') ? { numero: tx(prot, 'nProt'), em: new Date(tx(prot, 'dhRecbto')) } : null,
    cancelamento: doc.situacao === 'CANCELADO' && doc.canceladoEm ? { protocolo: doc.protocoloCancelamento, em: new Date(doc.canceladoEm) } : null,
  };
}
