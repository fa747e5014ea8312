import { CONDICAO_USO_CCE, namespaceServicoSefaz, type ServicoSefaz } from '@erp/contracts';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { dataHoraBrasilia } from '@erp/fiscal-rules';
import { texto } from './format';
import { NS_NFE, VERSAO_PROCESSO } from './nfe';
import { inserir } from './splice';

/**
 * The request messages of the NF-e 4.00 web services and their SOAP 1.2 envelopes (enviNFe, consReciNFe,
 * consSitNFe, consStatServ, evento and envEvento, inutNFe). Pure.
 */
const tpAmb = (producao: boolean) => (producao ? '1' : '2');

const NS_SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';

export function envelopeSoap(servico: ServicoSefaz, mensagem: string): string {
  const envelope = create()
    .ele(NS_SOAP12, 'soap12:Envelope')
    .ele(NS_SOAP12, 'soap12:Body')
    .ele(namespaceServicoSefaz(servico), 'nfeDadosMsg')
    .ele('conteudo')
    .end({ headless: true });
  return inserir(envelope, 'conteudo', mensagem);
}

/** `enviNFe` with one signed NF-e, synchronous (`indSinc` 1: SEFAZ answers with the protocol when it can). */
export function enviNFe(idLote: string, nfeAssinada: string): string {
  const base = create().ele(NS_NFE, 'enviNFe', { versao: '4.00' }).ele('idLote').txt(idLote).up().ele('indSinc').txt('1').up().ele('nfe').end({ headless: true });
  return inserir(base, 'nfe', nfeAssinada);
}

export function consReciNFe(producao: boolean, nRec: string): string {
  return create().ele(NS_NFE, 'consReciNFe', { versao: '4.00' }).ele('tpAmb').txt(tpAmb(producao)).up().ele('nRec').txt(nRec).end({ headless: true });
}

export function consSitNFe(producao: boolean, chave: string): string {
  return create()
    .ele(NS_NFE, 'consSitNFe', { versao: '4.00' })
    .ele('tpAmb').txt(tpAmb(producao)).up()
    .ele('xServ').txt('CONSULTAR').up()
    .ele('chNFe').txt(chave)
    .end({ headless: true });
}

export function consStatServ(producao: boolean, cUF: string): string {
  return create()
    .ele(NS_NFE, 'consStatServ', { versao: '4.00' })
    .ele('tpAmb').txt(tpAmb(producao)).up()
    .ele('cUF').txt(cUF).up()
    .ele('xServ').txt('STATUS')
    .end({ headless: true });
}

export interface DadosEvento {
  chave: string;
  cnpj: string;
  producao: boolean;
  em: Date;
  /** Sequence of this event type for the key (1 for the cancellation). */
  sequencia: number;
}

/** `Id` of an event: "ID" + tpEvento + chave + nSeqEvento (2 digits). */
export const idEvento = (tpEvento: string, chave: string, sequencia: number) => `ID${tpEvento}${chave}${String(sequencia).padStart(2, '0')}`;

function evento(d: DadosEvento, tpEvento: string, detalhe: (det: XMLBuilder) => void): string {
  const inf = create()
    .ele(NS_NFE, 'evento', { versao: '1.00' })
    .ele('infEvento', { Id: idEvento(tpEvento, d.chave, d.sequencia) });
  inf.ele('cOrgao').txt(d.chave.slice(0, 2));
  inf.ele('tpAmb').txt(tpAmb(d.producao));
  inf.ele('CNPJ').txt(d.cnpj);
  inf.ele('chNFe').txt(d.chave);
  inf.ele('dhEvento').txt(dataHoraBrasilia(d.em));
  inf.ele('tpEvento').txt(tpEvento);
  inf.ele('nSeqEvento').txt(String(d.sequencia));
  inf.ele('verEvento').txt('1.00');
  const det = inf.ele('detEvento', { versao: '1.00' });
  detalhe(det);
  return inf.end({ headless: true });
}

/** Event 110111 "Cancelamento" (e110111_v1.00.xsd): the authorization protocol and a 15-255 character reason. */
export function eventoCancelamento(d: DadosEvento & { protocolo: string; justificativa: string }): string {
  return evento(d, '110111', (det) => {
    det.ele('descEvento').txt('Cancelamento').up().ele('nProt').txt(d.protocolo).up().ele('xJust').txt(texto(d.justificativa, 255));
  });
}

/**
 * Event 110112 "Cancelamento por substituição" (NFC-e only, NT 2018.004): the original NFC-e is replaced by
 * one issued in contingency (`chaveSubstituta`) for the same sale.
 */
export function eventoCancelamentoSubstituicao(d: DadosEvento & { protocolo: string; justificativa: string; chaveSubstituta: string }): string {
  return evento(d, '110112', (det) => {
    det
      .ele('descEvento').txt('Cancelamento por substituicao').up()
      .ele('cOrgaoAutor').txt(d.chave.slice(0, 2)).up()
      .ele('tpAutor').txt('1').up()
      .ele('verAplic').txt(VERSAO_PROCESSO).up()
      .ele('nProt').txt(d.protocolo).up()
      .ele('xJust').txt(texto(d.justificativa, 255)).up()
      .ele('chNFeRef').txt(d.chaveSubstituta);
  });
}

/**
 * Event 110110 "Carta de Correção" (e110110_v1.00.xsd): the correction (15-1,000 characters) and the conditions of
 * use word for word; sequence 1-20.
 */
export function eventoCartaCorrecao(d: DadosEvento & { correcao: string }): string {
  return evento(d, '110110', (det) => {
    det.ele('descEvento').txt('Carta de Correcao').up().ele('xCorrecao').txt(texto(d.correcao, 1000)).up().ele('xCondUso').txt(CONDICAO_USO_CCE);
  });
}

export function envEvento(idLote: string, eventoAssinado: string): string {
  const base = create().ele(NS_NFE, 'envEvento', { versao: '1.00' }).ele('idLote').txt(idLote).up().ele('evento').end({ headless: true });
  return inserir(base, 'evento', eventoAssinado);
}

export interface DadosInutilizacao {
  cUF: string;
  cnpj: string;
  producao: boolean;
  /** Two digits of the year of the numbers. */
  ano: string;
  modelo: '55' | '65';
  serie: number;
  de: number;
  ate: number;
  justificativa: string;
}

/** `Id` of a voiding: "ID" + cUF + AA + CNPJ + mod + serie(3) + nNFIni(9) + nNFFin(9). */
export const idInutilizacao = (d: DadosInutilizacao) =>
  `ID${d.cUF}${d.ano}${d.cnpj}${d.modelo}${String(d.serie).padStart(3, '0')}${String(d.de).padStart(9, '0')}${String(d.ate).padStart(9, '0')}`;

/** `inutNFe` (inutNFe_v4.00.xsd), to be signed on `infInut`. */
export function inutNFe(d: DadosInutilizacao): string {
  return create()
    .ele(NS_NFE, 'inutNFe', { versao: '4.00' })
    .ele('infInut', { Id: idInutilizacao(d) })
    .ele('tpAmb').txt(tpAmb(d.producao)).up()
    .ele('xServ').txt('INUTILIZAR').up()
    .ele('cUF').txt(d.cUF).up()
    .ele('ano').txt(d.ano).up()
    .ele('CNPJ').txt(d.cnpj).up()
    .ele('mod').txt(d.modelo).up()
    .ele('serie').txt(String(d.serie)).up()
    .ele('nNFIni').txt(String(d.de)).up()
    .ele('nNFFin').txt(String(d.ate)).up()
    .ele('xJust').txt(texto(d.justificativa, 255))
    .end({ headless: true });
}
