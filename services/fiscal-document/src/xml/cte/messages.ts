import { gzipSync } from 'node:zlib';
import { namespaceServicoCte, type ServicoCte } from '@erp/contracts';
import { create } from 'xmlbuilder2';
import { dataHoraBrasilia } from '@erp/fiscal-rules';
import { texto } from '../format';
import { inserir } from '../splice';
import { NS_CTE } from './types';

/**
 * The CT-e 4.00 request messages and their SOAP 1.2 envelopes (no SOAP header since 4.00a), and the distribution
 * documents (cteProc, procEventoCTe). The reception's body is gzip + base64 of the signed CT-e (MOC §3.4.1); the
 * query and the events travel as plain XML. Pure.
 */
const NS_SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';
const tpAmb = (producao: boolean) => (producao ? '1' : '2');

export function envelopeCte(servico: ServicoCte, mensagem: string): string {
  const envelope = create()
    .ele(NS_SOAP12, 'soap12:Envelope')
    .ele(NS_SOAP12, 'soap12:Body')
    .ele(namespaceServicoCte(servico), 'cteDadosMsg')
    .ele('conteudo')
    .end({ headless: true });
  return inserir(envelope, 'conteudo', mensagem);
}

/** The reception's content: the signed CT-e, without XML declaration, gzipped and in base64. */
export function cteCompactado(cteAssinado: string): string {
  return gzipSync(Buffer.from(cteAssinado.replace(/^<\?xml[^>]*\?>\s*/, ''), 'utf8')).toString('base64');
}

export function consSitCTe(producao: boolean, chave: string): string {
  return create().ele(NS_CTE, 'consSitCTe', { versao: '4.00' }).ele('tpAmb').txt(tpAmb(producao)).up().ele('xServ').txt('CONSULTAR').up().ele('chCTe').txt(chave).end({ headless: true });
}

/** `consStatServCTe` 4.00 (CTeStatusServicoV4): tpAmb, cUF, xServ STATUS. */
export function consStatServCTe(producao: boolean, cUF: string): string {
  return create().ele(NS_CTE, 'consStatServCTe', { versao: '4.00' }).ele('tpAmb').txt(tpAmb(producao)).up().ele('cUF').txt(cUF).up().ele('xServ').txt('STATUS').end({ headless: true });
}

export interface EventoCte {
  chave: string;
  cnpj: string;
  producao: boolean;
  em: Date;
  /** 1 to 999 (3 digits in the Id; the NF-e uses 2). */
  sequencia: number;
  tpEvento: string;
  /** The `detEvento` content (`evCancCTe`, `evCCeCTe`), built by the caller. */
  detalhe: string;
}

/** `Id = ID + tpEvento(6) + chave(44) + nSeqEvento(3)`: 55 characters (eventoCTeTiposBasico_v4.00.xsd). */
export const idEventoCte = (tpEvento: string, chave: string, sequencia: number) => `ID${tpEvento}${chave}${String(sequencia).padStart(3, '0')}`;

/** `eventoCTe` 4.00, unsigned (the signature goes inside, after infEvento). */
export function eventoCte(e: EventoCte): string {
  const base = create()
    .ele(NS_CTE, 'eventoCTe', { versao: '4.00' })
    .ele('infEvento', { Id: idEventoCte(e.tpEvento, e.chave, e.sequencia) })
    .ele('cOrgao').txt(e.chave.slice(0, 2)).up()
    .ele('tpAmb').txt(tpAmb(e.producao)).up()
    .ele('CNPJ').txt(e.cnpj).up()
    .ele('chCTe').txt(e.chave).up()
    .ele('dhEvento').txt(dataHoraBrasilia(e.em)).up()
    .ele('tpEvento').txt(e.tpEvento).up()
    .ele('nSeqEvento').txt(String(e.sequencia)).up()
    .ele('detEvento', { versaoEvento: '4.00' })
    .ele('marcador')
    .end({ headless: true });
  return inserir(base, 'marcador', e.detalhe);
}

/** `evCancCTe`: the authorization protocol and the reason (15 to 255 characters). */
export function evCancCTe(protocolo: string, justificativa: string): string {
  return create().ele(NS_CTE, 'evCancCTe').ele('descEvento').txt('Cancelamento').up().ele('nProt').txt(protocolo).up().ele('xJust').txt(texto(justificativa, 255)).end({ headless: true });
}

/** `cteProc` (procCTe_v4.00.xsd) or, for a CT-e OS, `cteOSProc` (procCTeOS_v4.00.xsd): the signed document + protCTe. */
export function cteProc(cteAssinado: string, protCTe: string, raiz: 'cteProc' | 'cteOSProc' = 'cteProc'): string {
  const base = create().ele(NS_CTE, raiz, { versao: '4.00' }).ele('cte').up().ele('prot').end({ headless: true });
  return inserir(inserir(base, 'cte', cteAssinado), 'prot', protCTe);
}

export function procEventoCTe(eventoAssinado: string, retEvento: string): string {
  const base = create().ele(NS_CTE, 'procEventoCTe', { versao: '4.00' }).ele('evento').up().ele('ret').end({ headless: true });
  return inserir(inserir(base, 'evento', eventoAssinado), 'ret', retEvento);
}

/** `evCCeCTe`: the changes (grupoAlterado, campoAlterado, valorAlterado, nroItemAlterado) and the fixed xCondUso. */
export function evCCeCTe(alteracoes: { grupo: string; campo: string; valor: string; numeroItem?: number }[], condicaoUso: string): string {
  const ev = create().ele(NS_CTE, 'evCCeCTe').ele('descEvento').txt('Carta de Correcao').up();
  for (const a of alteracoes) {
    const inf = ev.ele('infCorrecao').ele('grupoAlterado').txt(a.grupo).up().ele('campoAlterado').txt(a.campo).up().ele('valorAlterado').txt(texto(a.valor, 500)).up();
    if (a.numeroItem !== undefined) inf.ele('nroItemAlterado').txt(String(a.numeroItem));
  }
  return ev.ele('xCondUso').txt(condicaoUso).end({ headless: true });
}
