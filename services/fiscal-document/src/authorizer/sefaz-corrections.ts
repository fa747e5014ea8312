import { lerRetornoEvento } from '../xml/answers';
import { procEventoNFe } from '../xml/distribution';
import { envEvento, eventoCartaCorrecao } from '../xml/requests';
import { assinarXml, type Assinador } from '../xml/signature';
import type { PedidoCorrecao, RespostaCorrecao } from './authorizer';
import { idLote, type SefazTransport } from './sefaz-transport';

/** 135 registered and linked to the NF-e; 136 registered, not linked (MOC 7.0, event answers). */
const REGISTRADO = new Set(['135', '136']);
/** Codes that say nothing about the event: ask SEFAZ by key whether it holds it (a lost first answer). */
const CONSULTAR = new Set(['573', '108', '109', '999']);

/**
 * The SEFAZ adapter's correction letter (CC-e, event 110110 of the NF-e): signed once, sent; 135/136 registered;
 * 573 (this sequence already registered: an earlier send whose answer was lost), 108/109/999 or no answer: a query
 * by key, and the event of this sequence adopted when SEFAZ holds it; any other cStat refuses it.
 */
export class SefazCorrections {
  constructor(
    private readonly t: SefazTransport,
    private readonly assinador: (companyId: string) => Assinador,
  ) {}

  async preparar(p: Omit<PedidoCorrecao, 'xmlAssinado'>): Promise<string> {
    if (p.modelo !== 'NFE' || p.correcao === null) throw new Error('the SEFAZ adapter writes the correction letter of an NF-e (text)');
    const xml = eventoCartaCorrecao({ chave: p.chaveAcesso, cnpj: p.cnpj, producao: p.ambiente === 'PRODUÇÃO', em: p.solicitadoEm, sequencia: p.sequencia, correcao: p.correcao });
    return assinarXml(xml, 'infEvento', this.assinador(p.companyId));
  }

  async corrigir(p: PedidoCorrecao): Promise<RespostaCorrecao> {
    if (!p.xmlAssinado) throw new Error('the SEFAZ adapter transmits a signed event');
    const envio = await this.t.call(p, 'NFeRecepcaoEvento4', envEvento(idLote(), p.xmlAssinado));
    const retorno = this.t.read(envio, lerRetornoEvento);
    if (!retorno) return this.porConsulta(p, null, 'SEFAZ sem resposta');
    const cStat = retorno.evento?.cStat ?? retorno.cStat;
    const xMotivo = retorno.evento?.xMotivo ?? retorno.xMotivo;
    if (REGISTRADO.has(cStat) && retorno.evento) {
      const e = retorno.evento;
      return { desfecho: 'REGISTRADA', cStat, xMotivo, protocolo: e.protocolo, registradoEm: e.registradoEm, xmlEvento: procEventoNFe(p.xmlAssinado, e.xml) };
    }
    if (CONSULTAR.has(cStat)) return this.porConsulta(p, cStat, xMotivo);
    return { desfecho: 'RECUSADA', cStat, xMotivo, protocolo: null, registradoEm: null, xmlEvento: null };
  }

  /** The event of this sequence, when SEFAZ's query by key lists it registered; else still unknown. */
  private async porConsulta(p: PedidoCorrecao, cStat: string | null, xMotivo: string): Promise<RespostaCorrecao> {
    const consulta = await this.t.query(p);
    const sequencia = `<nSeqEvento>${p.sequencia}</nSeqEvento>`;
    const evento = consulta?.eventos.find((e) => e.tpEvento === '110110' && REGISTRADO.has(e.cStat) && e.xml.includes(sequencia));
    if (evento) return { desfecho: 'REGISTRADA', cStat: evento.cStat, xMotivo: evento.xMotivo, protocolo: evento.protocolo, registradoEm: evento.registradoEm, xmlEvento: evento.xml };
    return { desfecho: 'INCERTO', cStat, xMotivo, protocolo: null, registradoEm: null, xmlEvento: null };
  }
}
