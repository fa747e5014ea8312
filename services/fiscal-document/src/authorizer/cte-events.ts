import { desfechoCancelamentoCte, EVENTO_CANCELAMENTO_CTE, situacaoConsultaCte } from '../domain/cte-status';
import { lerRetEventoCte, type EventoRegistradoCte } from '../xml/cte/answers';
import { evCancCTe, eventoCte, procEventoCTe } from '../xml/cte/messages';
import { assinarXml, type Assinador } from '../xml/signature';
import type { ConsultaCancelamento, PedidoCancelamento, RespostaCancelamento } from './authorizer';
import type { CteTransport } from './cte-transport';

/**
 * The CT-e cancellation (event 110111, nSeqEvento 1, `Id = ID110111<chave>001`: the CT-e's sequence has 3 digits),
 * sent plain (not gzipped) to CTeRecepcaoEventoV4; decided by `desfechoCancelamentoCte`; a lost answer or a
 * duplicate is settled by a query by key, whose answer carries every registered event (procEventoCTe).
 */
export class CteEvents {
  constructor(
    private readonly t: CteTransport,
    private readonly assinador: (companyId: string) => Assinador,
  ) {}

  async prepararCancelamento(p: Omit<PedidoCancelamento, 'xmlAssinado'>): Promise<string> {
    const xml = eventoCte({
      chave: p.chaveAcesso,
      cnpj: p.cnpj,
      producao: p.ambiente === 'PRODUÇÃO',
      em: p.solicitadoEm,
      sequencia: 1,
      tpEvento: EVENTO_CANCELAMENTO_CTE,
      detalhe: evCancCTe(p.protocolo, p.justificativa),
    });
    return assinarXml(xml, 'infEvento', this.assinador(p.companyId));
  }

  cancelar(p: PedidoCancelamento): Promise<RespostaCancelamento> {
    if (!p.xmlAssinado) throw new Error('the CT-e adapter transmits a signed event');
    return this.enviar(p, true);
  }

  private async enviar(p: PedidoCancelamento, podeReenviar: boolean): Promise<RespostaCancelamento> {
    const retorno = this.t.read(await this.t.call(p, 'CTeRecepcaoEventoV4', p.xmlAssinado!), lerRetEventoCte);
    if (!retorno) return this.porConsulta(p, podeReenviar);
    const { cStat, xMotivo } = retorno;
    switch (desfechoCancelamentoCte(cStat)) {
      case 'REGISTRADO':
        return { desfecho: 'REGISTRADO', cStat, xMotivo, protocolo: retorno.protocolo, registradoEm: retorno.registradoEm, xmlEvento: procEventoCTe(p.xmlAssinado!, retorno.xml) };
      case 'CONSULTAR':
      case 'INDISPONIVEL':
        return this.porConsulta(p, false, { cStat, xMotivo });
      case 'PRAZO_EXPIRADO':
        return sem('PRAZO_EXPIRADO', cStat, xMotivo);
      case 'RECUSADO':
        return sem('RECUSADO', cStat, xMotivo);
    }
  }

  private async porConsulta(p: PedidoCancelamento, podeReenviar: boolean, anterior?: { cStat: string; xMotivo: string }): Promise<RespostaCancelamento> {
    const consulta = await this.t.query(p);
    const incerto = sem('INCERTO', anterior?.cStat ?? null, anterior?.xMotivo ?? 'autorizador do CT-e sem resposta');
    if (!consulta) return incerto;
    const registrado = cancelamento(consulta.cStat, consulta.eventos);
    if (registrado) return registrado;
    const situacao = situacaoConsultaCte(consulta.cStat);
    if (situacao === 'AUTORIZADA') return podeReenviar ? this.enviar(p, false) : anterior ? sem('RECUSADO', anterior.cStat, anterior.xMotivo) : incerto;
    if (situacao === 'NAO_CONSTA') return sem('RECUSADO', anterior?.cStat ?? consulta.cStat, anterior?.xMotivo ?? consulta.xMotivo);
    return incerto;
  }

  async consultarCancelamento(p: ConsultaCancelamento): Promise<RespostaCancelamento> {
    const consulta = await this.t.query(p);
    if (!consulta) return sem('INCERTO', null, 'autorizador do CT-e sem resposta');
    const registrado = cancelamento(consulta.cStat, consulta.eventos);
    if (registrado) return registrado;
    const situacao = situacaoConsultaCte(consulta.cStat);
    if (situacao === 'AUTORIZADA' || situacao === 'NAO_CONSTA') return sem('NAO_REGISTRADO', consulta.cStat, consulta.xMotivo);
    return sem('INCERTO', consulta.cStat, consulta.xMotivo);
  }
}

const sem = (desfecho: 'INCERTO' | 'RECUSADO' | 'NAO_REGISTRADO' | 'PRAZO_EXPIRADO', cStat: string | null, xMotivo: string): RespostaCancelamento => ({
  desfecho,
  cStat,
  xMotivo,
  protocolo: null,
  registradoEm: null,
  xmlEvento: null,
});

function cancelamento(cStat: string, eventos: EventoRegistradoCte[]): RespostaCancelamento | null {
  if (situacaoConsultaCte(cStat) !== 'CANCELADA') return null;
  const evento = eventos.find((e) => e.tpEvento === EVENTO_CANCELAMENTO_CTE && desfechoCancelamentoCte(e.cStat) === 'REGISTRADO');
  if (!evento) return null;
  return { desfecho: 'REGISTRADO', cStat: evento.cStat, xMotivo: 'Evento registrado', protocolo: evento.protocolo, registradoEm: evento.registradoEm, xmlEvento: evento.xml };
}
