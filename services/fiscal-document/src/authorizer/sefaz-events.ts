import { cUfFromSigla } from '@erp/fiscal-rules';
import { desfechoCancelamento, desfechoInutilizacao, EVENTOS_CANCELAMENTO, situacaoConsulta } from '../domain/sefaz-status';
import { lerRetornoEvento, lerRetornoInutilizacao, lerRetornoStatus, type RetornoConsulta } from '../xml/answers';
import { procEventoNFe, procInutNFe } from '../xml/distribution';
import { modeloSefaz } from '../xml/nfe-data';
import { consStatServ, envEvento, eventoCancelamento, eventoCancelamentoSubstituicao, inutNFe } from '../xml/requests';
import { assinarXml, type Assinador } from '../xml/signature';
import type { ConsultaCancelamento, PedidoCancelamento, PedidoInutilizacao, PedidoStatus, RespostaCancelamento, RespostaInutilizacao, RespostaStatus } from './authorizer';
import { idLote, type SefazTransport } from './sefaz-transport';

/**
 * The SEFAZ adapter's events and services other than the authorization: cancellation (110111, or 110112 for an
 * NFC-e replaced by another: 135/155 registered; 573/580 or a lost answer: query, and adopt a registered
 * cancellation; 501 deadline passed), voiding (inutNFe: a lost answer sent again once, 563/206 adopted) and
 * NFeStatusServico4.
 */
export class SefazEvents {
  constructor(
    private readonly t: SefazTransport,
    private readonly assinador: (companyId: string) => Assinador,
  ) {}

  /** Event 110111, or 110112 when an NFC-e is replaced by another (`chNFeRef`). */
  async prepararCancelamento(p: Omit<PedidoCancelamento, 'xmlAssinado'>): Promise<string> {
    const dados = {
      chave: p.chaveAcesso,
      cnpj: p.cnpj,
      producao: p.ambiente === 'PRODUÇÃO',
      em: p.solicitadoEm,
      sequencia: 1,
      protocolo: p.protocolo,
      justificativa: p.justificativa,
    };
    const xml = p.chNFeRef ? eventoCancelamentoSubstituicao({ ...dados, chaveSubstituta: p.chNFeRef }) : eventoCancelamento(dados);
    return assinarXml(xml, 'infEvento', this.assinador(p.companyId));
  }

  cancelar(p: PedidoCancelamento): Promise<RespostaCancelamento> {
    if (!p.xmlAssinado) throw new Error('the SEFAZ adapter transmits a signed event');
    return this.enviarCancelamento(p, true);
  }

  private async enviarCancelamento(p: PedidoCancelamento, podeReenviar: boolean): Promise<RespostaCancelamento> {
    const envio = await this.t.call(p, 'NFeRecepcaoEvento4', envEvento(idLote(), p.xmlAssinado!));
    const retorno = this.t.read(envio, lerRetornoEvento);
    if (!retorno) return this.cancelamentoPorConsulta(p, podeReenviar);
    const cStat = retorno.evento?.cStat ?? retorno.cStat;
    const xMotivo = retorno.evento?.xMotivo ?? retorno.xMotivo;
    switch (desfechoCancelamento(cStat)) {
      case 'REGISTRADO':
        return {
          desfecho: 'REGISTRADO',
          cStat,
          xMotivo,
          protocolo: retorno.evento?.protocolo ?? null,
          registradoEm: retorno.evento?.registradoEm ?? null,
          xmlEvento: retorno.evento ? procEventoNFe(p.xmlAssinado!, retorno.evento.xml) : null,
        };
      case 'CONSULTAR':
      case 'INDISPONIVEL':
        return this.cancelamentoPorConsulta(p, false, { cStat, xMotivo });
      case 'PRAZO_EXPIRADO':
        return { desfecho: 'PRAZO_EXPIRADO', cStat, xMotivo, protocolo: null, registradoEm: null, xmlEvento: null };
      case 'RECUSADO':
        return { desfecho: 'RECUSADO', cStat, xMotivo, protocolo: null, registradoEm: null, xmlEvento: null };
    }
  }

  /** After 573/580 or a lost answer: SEFAZ may have registered the cancellation already; adopt it if so. */
  private async cancelamentoPorConsulta(p: PedidoCancelamento, podeReenviar: boolean, anterior?: { cStat: string; xMotivo: string }): Promise<RespostaCancelamento> {
    const consulta = await this.t.query(p);
    const incerto = semCancelamento('INCERTO', anterior?.cStat ?? null, anterior?.xMotivo ?? 'SEFAZ sem resposta');
    if (!consulta) return incerto;
    const registrado = cancelamentoRegistrado(consulta);
    if (registrado) return registrado;
    const situacao = situacaoConsulta(consulta.cStat);
    if (situacao === 'AUTORIZADA') return podeReenviar ? this.enviarCancelamento(p, false) : incerto;
    if (situacao === 'DENEGADA' || situacao === 'NAO_CONSTA') return semCancelamento('RECUSADO', anterior?.cStat ?? consulta.cStat, anterior?.xMotivo ?? consulta.xMotivo);
    return incerto;
  }

  /** A query by key only, nothing sent: is the cancellation registered at SEFAZ? */
  async consultarCancelamento(p: ConsultaCancelamento): Promise<RespostaCancelamento> {
    const consulta = await this.t.query(p);
    if (!consulta) return semCancelamento('INCERTO', null, 'SEFAZ sem resposta');
    const registrado = cancelamentoRegistrado(consulta);
    if (registrado) return registrado;
    // Authorized (or denied, or unknown to SEFAZ) with no cancellation event: the lost request never arrived.
    const situacao = situacaoConsulta(consulta.cStat);
    if (situacao === 'AUTORIZADA' || situacao === 'DENEGADA' || situacao === 'NAO_CONSTA') return semCancelamento('NAO_REGISTRADO', consulta.cStat, consulta.xMotivo);
    // Cancelled without the event in the answer, or a code that tells nothing: ask again later.
    return semCancelamento('INCERTO', consulta.cStat, consulta.xMotivo);
  }

  // ---- voiding (inutilização) ----

  async prepararInutilizacao(p: Omit<PedidoInutilizacao, 'xmlAssinado'>): Promise<string> {
    const xml = inutNFe({
      cUF: cUf(p.uf),
      cnpj: p.cnpj,
      producao: p.ambiente === 'PRODUÇÃO',
      ano: String(p.ano % 100).padStart(2, '0'),
      modelo: modeloSefaz(p.modelo) === 'NFE' ? '55' : '65',
      serie: p.serie,
      de: p.de,
      ate: p.ate,
      justificativa: p.justificativa,
    });
    return assinarXml(xml, 'infInut', this.assinador(p.companyId));
  }

  /** A lost answer is sent again once: the same request twice is answered 563/206, which is adopted. */
  async inutilizar(p: PedidoInutilizacao): Promise<RespostaInutilizacao> {
    if (!p.xmlAssinado) throw new Error('the SEFAZ adapter transmits a signed inutNFe');
    for (let tentativa = 0; tentativa < 2; tentativa += 1) {
      const envio = await this.t.call(p, 'NFeInutilizacao4', p.xmlAssinado);
      const retorno = this.t.read(envio, lerRetornoInutilizacao);
      if (!retorno) continue;
      const desfecho = desfechoInutilizacao(retorno.cStat);
      if (desfecho === 'INDISPONIVEL') break;
      const base = { cStat: retorno.cStat, xMotivo: retorno.xMotivo, protocolo: retorno.protocolo, registradoEm: retorno.recebidoEm };
      if (desfecho === 'RECUSADA') return { desfecho: 'RECUSADA', ...base, xml: null };
      return { desfecho: 'INUTILIZADA', ...base, xml: procInutNFe(p.xmlAssinado, retorno.xml) };
    }
    return { desfecho: 'INCERTO', cStat: null, xMotivo: 'SEFAZ sem resposta', protocolo: null, registradoEm: null, xml: null };
  }

  // ---- service status ----

  /** NFeStatusServico4: 107 "Serviço em Operação"; anything else (108, 109, no answer) means not now. */
  async statusServico(p: PedidoStatus): Promise<RespostaStatus> {
    const envio = await this.t.call(p, 'NFeStatusServico4', consStatServ(p.ambiente === 'PRODUÇÃO', cUf(p.uf)));
    return this.t.read(envio, lerRetornoStatus) ?? { cStat: null, xMotivo: 'SEFAZ sem resposta' };
  }
}

const cUf = (uf: string) => cUfFromSigla(uf) ?? '00';

const semCancelamento = (desfecho: 'INCERTO' | 'RECUSADO' | 'NAO_REGISTRADO', cStat: string | null, xMotivo: string): RespostaCancelamento => ({
  desfecho,
  cStat,
  xMotivo,
  protocolo: null,
  registradoEm: null,
  xmlEvento: null,
});

/** The registered cancellation event a query answer carries (the NF-e is then 101/151), with its `procEventoNFe`. */
function cancelamentoRegistrado(consulta: RetornoConsulta): RespostaCancelamento | null {
  if (situacaoConsulta(consulta.cStat) !== 'CANCELADA') return null;
  const evento = consulta.eventos.find((e) => EVENTOS_CANCELAMENTO.has(e.tpEvento) && desfechoCancelamento(e.cStat) === 'REGISTRADO');
  if (!evento) return null;
  return { desfecho: 'REGISTRADO', cStat: evento.cStat, xMotivo: evento.xMotivo, protocolo: evento.protocolo, registradoEm: evento.registradoEm, xmlEvento: evento.xml };
}

