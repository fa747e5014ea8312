import type { CampoInvalido, ConfiguracaoFiscalCompartilhada } from '@erp/contracts';
import type { FiscalSettingsReader, Logger } from '@erp/kit';
import { xmlOutOfLayout } from '../app/refusals';
import { desfechoAutorizacaoCte, situacaoConsultaCte } from '../domain/cte-status';
import type { Transmissor } from '../messaging/sefaz-relay';
import type { DocumentoRecord } from '../store/document-model';
import { montarCte } from '../xml/cte';
import { montarCteOs } from '../xml/cte/os';
import { modeloDaChave } from '../domain/access-key';
import { lerRetCte, type ProtocoloCte } from '../xml/cte/answers';
import { dadosXmlCte, dadosXmlCteOs } from '../xml/cte/data';
import { cteCompactado, cteProc } from '../xml/cte/messages';
import { validarCteCompleto, validarCteOsCompleto } from '../xml/cte/schema-check';
import { assinadorDeForma, assinarXml, type Assinador } from '../xml/signature';
import type {
  Autorizador,
  ConsultaCancelamento,
  PedidoAutorizacao,
  PedidoCancelamento,
  PedidoInutilizacao,
  PedidoStatus,
  RespostaAutorizacao,
  RespostaCancelamento,
  RespostaInutilizacao,
  RespostaStatus,
} from './authorizer';
import { CteCorrections, type PedidoCorrecaoCte, type RespostaCorrecaoCte } from './cte-corrections';
import { CteEvents } from './cte-events';
import { CteTransport } from './cte-transport';

/** A CT-e OS (model 67): its key's model; its own reception service, return and distribution roots. */
const ehCteOs = (chave: string) => modeloDaChave(chave) === '67';

/** The CT-e (57) or CT-e OS (67) XML of a stored document, unsigned. */
function montar(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada, indentado: boolean): string {
  return doc.cteOs ? montarCteOs(dadosXmlCteOs(doc, settings), { indentado }) : montarCte(dadosXmlCte(doc, settings), { indentado });
}

export interface CteAuthorizerOptions {
  transmitir: Transmissor;
  assinador: (companyId: string) => Assinador;
  settings: FiscalSettingsReader;
  log: Logger;
}

/**
 * The CT-e 4.00 adapter of the authorizer port (model 57, and model 67 through CTeRecepcaoOSV4): builds the CT-e, validates it against the official
 * schema (package cte-PL_CTe_400_RTC) before it is signed through settings, sends it gzipped to CTeRecepcaoSincV4
 * through the settings relay (the local authority in HOMOLOGAÇÃO outside production), and decides on the cStat:
 *
 * - 100 authorized (cteProc kept); any refusal code rejected.
 * - 204 / 539, a lost answer, 108/109/678/999: query by key (CTeConsultaV4) and adopt the authorizer's outcome; after
 *   a lost first answer a key it does not have (217) is sent again once, the same bytes; after 539, 217 means the
 *   number is another key's (rejected); anything still unknown is INCERTO (PENDENTE, settled by the reconciliation).
 */
export class CteAuthorizer implements Autorizador {
  readonly nome = 'sefaz-cte';
  readonly transmiteXml = true;
  private readonly t: CteTransport;
  private readonly eventos: CteEvents;
  private readonly correcoes: CteCorrections;

  constructor(private readonly o: CteAuthorizerOptions) {
    this.t = new CteTransport(o);
    this.eventos = new CteEvents(this.t, o.assinador);
    this.correcoes = new CteCorrections(this.t, o.assinador);
  }

  async conferirLeiaute(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada): Promise<CampoInvalido[]> {
    const indentado = await assinarXml(montar(doc, settings, true), 'infCte', assinadorDeForma);
    const resultado = doc.cteOs ? await validarCteOsCompleto(indentado) : await validarCteCompleto(indentado);
    if (resultado.ok) return [];
    this.o.log.error({ documentoId: doc._id, erros: resultado.erros.slice(0, 5) }, 'CT-e built out of the official schema');
    return resultado.erros.slice(0, 10).map((e) => ({ campo: '', regra: 'leiaute_cte', erro: `linha ${e.linha}: ${e.mensagem}` }));
  }

  async prepararAutorizacao(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada): Promise<string> {
    const campos = await this.conferirLeiaute(doc, settings);
    if (campos.length > 0) throw xmlOutOfLayout(campos);
    return assinarXml(montar(doc, settings, false), 'infCte', this.o.assinador(doc.companyId));
  }

  async autorizar(p: PedidoAutorizacao): Promise<RespostaAutorizacao> {
    if (!p.xmlAssinado) throw new Error('the CT-e adapter transmits a signed CT-e');
    return p.retomada ? this.porConsulta(p, 'RETOMADA') : this.enviar(p, true);
  }

  private async enviar(p: PedidoAutorizacao, podeReenviar: boolean): Promise<RespostaAutorizacao> {
    const os = ehCteOs(p.chaveAcesso);
    const retorno = this.t.read(await this.t.call(p, os ? 'CTeRecepcaoOSV4' : 'CTeRecepcaoSincV4', cteCompactado(p.xmlAssinado!)), (corpo) => lerRetCte(corpo, os ? 'retCTeOS' : 'retCTe'));
    if (!retorno) return this.porConsulta(p, podeReenviar ? 'SEM_RESPOSTA' : 'SEM_RESPOSTA_REENVIO');
    const protocolo = retorno.protocolo?.chave === p.chaveAcesso ? retorno.protocolo : null;
    const cStat = protocolo?.cStat ?? retorno.cStat;
    const xMotivo = protocolo?.xMotivo ?? retorno.xMotivo;
    switch (desfechoAutorizacaoCte(cStat)) {
      case 'AUTORIZADO':
        return protocolo ? this.resultado(p, protocolo) : this.porConsulta(p, 'DUPLICIDADE');
      case 'DUPLICIDADE':
        return this.porConsulta(p, cStat === '539' ? 'NUMERO_DE_OUTRA_CHAVE' : 'DUPLICIDADE', { cStat, xMotivo });
      case 'INDISPONIVEL':
        return this.porConsulta(p, 'DUPLICIDADE', { cStat, xMotivo });
      case 'REJEITADO':
        return { desfecho: 'REJEITADO', cStat, xMotivo, protocolo: null, autorizadoEm: null, xmlAutorizado: null };
    }
  }

  private async porConsulta(
    p: PedidoAutorizacao,
    porque: 'SEM_RESPOSTA' | 'SEM_RESPOSTA_REENVIO' | 'RETOMADA' | 'DUPLICIDADE' | 'NUMERO_DE_OUTRA_CHAVE',
    anterior?: { cStat: string; xMotivo: string },
  ): Promise<RespostaAutorizacao> {
    const consulta = await this.t.query(p);
    const incerto: RespostaAutorizacao = {
      desfecho: 'INCERTO',
      cStat: anterior?.cStat ?? consulta?.cStat ?? null,
      xMotivo: anterior?.xMotivo ?? consulta?.xMotivo ?? 'autorizador do CT-e sem resposta',
      protocolo: null,
      autorizadoEm: null,
      xmlAutorizado: null,
    };
    if (!consulta) return incerto;
    const situacao = situacaoConsultaCte(consulta.cStat);
    if ((situacao === 'AUTORIZADA' || situacao === 'CANCELADA') && consulta.protocolo) return this.resultado(p, consulta.protocolo);
    if (situacao === 'NAO_CONSTA') {
      if (porque === 'SEM_RESPOSTA' || porque === 'RETOMADA') return this.enviar(p, false);
      if (porque === 'NUMERO_DE_OUTRA_CHAVE' && anterior) return { desfecho: 'REJEITADO', ...anterior, protocolo: null, autorizadoEm: null, xmlAutorizado: null };
    }
    return incerto;
  }

  private resultado(p: PedidoAutorizacao, protocolo: ProtocoloCte): RespostaAutorizacao {
    return {
      desfecho: 'AUTORIZADO',
      cStat: protocolo.cStat,
      xMotivo: protocolo.xMotivo,
      protocolo: protocolo.protocolo,
      autorizadoEm: protocolo.recebidoEm,
      xmlAutorizado: cteProc(p.xmlAssinado!, protocolo.xml, ehCteOs(p.chaveAcesso) ? 'cteOSProc' : 'cteProc'),
    };
  }

  // ---- events (cte-events.ts) ----

  prepararCancelamento(p: Omit<PedidoCancelamento, 'xmlAssinado'>): Promise<string> {
    return this.eventos.prepararCancelamento(p);
  }

  cancelar(p: PedidoCancelamento): Promise<RespostaCancelamento> {
    return this.eventos.cancelar(p);
  }

  consultarCancelamento(p: ConsultaCancelamento): Promise<RespostaCancelamento> {
    return this.eventos.consultarCancelamento(p);
  }

  /** The CC-e 110110 of the CT-e (the agreed port's optional `prepararCorrecao` / `corrigir`; cte-corrections.ts). */
  prepararCorrecao(p: Omit<PedidoCorrecaoCte, 'xmlAssinado'>): Promise<string> {
    return this.correcoes.preparar(p);
  }

  corrigir(p: PedidoCorrecaoCte): Promise<RespostaCorrecaoCte> {
    return this.correcoes.corrigir(p);
  }

  /** The CT-e 4.00 has no voiding service (MOC 4.00a removed it): nothing is signed. */
  async prepararInutilizacao(): Promise<null> {
    return null;
  }

  /** Refused without a call: a rejected CT-e's number stays recorded as unused, for a person to see. */
  async inutilizar(p: PedidoInutilizacao): Promise<RespostaInutilizacao> {
    void p;
    return { desfecho: 'RECUSADA', cStat: null, xMotivo: 'o CT-e 4.00 não tem inutilização de numeração (MOC 4.00a)', protocolo: null, registradoEm: null, xml: null };
  }

  /** CTeStatusServicoV4 of the UF's CT-e (57) or CT-e OS (67) authorizer: 107 in operation; anything else not now. */
  async statusServico(p: PedidoStatus): Promise<RespostaStatus> {
    const resposta = await this.t.status({ companyId: p.companyId, uf: p.uf, ambiente: p.ambiente, modeloCte: p.cteOs ? 'CTEOS' : 'CTE' });
    return resposta ?? { cStat: null, xMotivo: 'autorizador do CT-e sem resposta' };
  }
}
