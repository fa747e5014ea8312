import type { Ambiente } from '@erp/contracts';
import { CONDICAO_USO_CCE_CTE, type AlteracaoCte } from '../domain/cte-correction';
import { lerRetEventoCte } from '../xml/cte/answers';
import { eventoCte, evCCeCTe, procEventoCTe } from '../xml/cte/messages';
import { assinarXml, type Assinador } from '../xml/signature';
import type { CteTransport } from './cte-transport';

/**
 * The CT-e's correction letter (event 110110) on the agreed port (`prepararCorrecao` / `corrigir`; the request and
 * answer have the shapes of `PedidoCorrecao` / `RespostaCorrecao`): `Id = ID110110<chave><nSeqEvento 3 digits>`, the
 * sequence claimed by the caller, signed through settings, sent plain to CTeRecepcaoEventoV4. 135/134 registered;
 * a lost answer or 631 (that sequence already registered) settled by the query, whose events carry it.
 */
export interface PedidoCorrecaoCte {
  companyId: string;
  ambiente: Ambiente;
  uf: string;
  cnpj: string;
  chaveAcesso: string;
  sequencia: number;
  alteracoes: AlteracaoCte[] | null;
  solicitadoEm: Date;
  xmlAssinado: string | null;
}

export interface RespostaCorrecaoCte {
  desfecho: 'REGISTRADA' | 'RECUSADA' | 'INCERTO';
  cStat: string | null;
  xMotivo: string;
  protocolo: string | null;
  registradoEm: Date | null;
  /** `procEventoCTe`. */
  xmlEvento: string | null;
}

export class CteCorrections {
  constructor(
    private readonly t: CteTransport,
    private readonly assinador: (companyId: string) => Assinador,
  ) {}

  async preparar(p: Omit<PedidoCorrecaoCte, 'xmlAssinado'>): Promise<string> {
    if (!p.alteracoes || p.alteracoes.length === 0) throw new Error('a CT-e correction letter carries alteracoes');
    const xml = eventoCte({
      chave: p.chaveAcesso,
      cnpj: p.cnpj,
      producao: p.ambiente === 'PRODUÇÃO',
      em: p.solicitadoEm,
      sequencia: p.sequencia,
      tpEvento: '110110',
      detalhe: evCCeCTe(p.alteracoes, CONDICAO_USO_CCE_CTE),
    });
    return assinarXml(xml, 'infEvento', this.assinador(p.companyId));
  }

  async corrigir(p: PedidoCorrecaoCte): Promise<RespostaCorrecaoCte> {
    if (!p.xmlAssinado) throw new Error('the CT-e adapter transmits a signed event');
    const retorno = this.t.read(await this.t.call(p, 'CTeRecepcaoEventoV4', p.xmlAssinado), lerRetEventoCte);
    if (retorno && (retorno.cStat === '135' || retorno.cStat === '134')) {
      return { desfecho: 'REGISTRADA', cStat: retorno.cStat, xMotivo: retorno.xMotivo, protocolo: retorno.protocolo, registradoEm: retorno.registradoEm, xmlEvento: procEventoCTe(p.xmlAssinado, retorno.xml) };
    }
    if (retorno && retorno.cStat !== '631' && !['108', '109', '678', '999'].includes(retorno.cStat)) {
      return { desfecho: 'RECUSADA', cStat: retorno.cStat, xMotivo: retorno.xMotivo, protocolo: null, registradoEm: null, xmlEvento: null };
    }
    // No answer, a duplicate or the service down: the query's events tell whether this sequence was registered.
    const consulta = await this.t.query(p);
    const evento = consulta?.eventos.find((e) => e.tpEvento === '110110' && (e.cStat === '135' || e.cStat === '134') && e.xml.includes(`ID110110${p.chaveAcesso}${String(p.sequencia).padStart(3, '0')}`));
    if (evento) return { desfecho: 'REGISTRADA', cStat: evento.cStat, xMotivo: 'Evento registrado', protocolo: evento.protocolo, registradoEm: evento.registradoEm, xmlEvento: evento.xml };
    return { desfecho: 'INCERTO', cStat: retorno?.cStat ?? null, xMotivo: retorno?.xMotivo ?? 'autorizador do CT-e sem resposta', protocolo: null, registradoEm: null, xmlEvento: null };
  }
}
