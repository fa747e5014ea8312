import { tomadorNacional } from '../domain/tomador';
import type { CampoInvalido, ConfiguracaoFiscalCompartilhada } from '@erp/contracts';
import { validarXml } from '@erp/fiscal-schemas';
import type { FiscalSettingsReader, Logger } from '@erp/kit';
import { xmlOutOfLayout } from '../app/refusals';
import type { Transmissor } from '../messaging/sefaz-relay';
import type { DocumentoRecord } from '../store/document-model';
import { nfseAbrasfDaChave } from '../domain/nfse-chave';
import { cancelarNfseEnvio, consultarNfseRpsEnvio, envelopeAbrasf, gerarNfseEnvio, saidaAbrasf, substituirNfseEnvio, type DadosRps } from '../xml/nfse/abrasf/mensagens';
import { NS_ABRASF, PERFIS_ABRASF, type OperacaoAbrasf, type PerfilAbrasf } from '../xml/nfse/abrasf/perfis';
import { dataCompetencia } from '../xml/nfse/dps-data';
import { assinadorDeForma, assinarXml, type Assinador } from '../xml/signature';
import type { Autorizador, ConsultaCancelamento, PedidoAutorizacao, PedidoCancelamento, RespostaAutorizacao, RespostaCancelamento, RespostaInutilizacao, RespostaStatus } from './authorizer';

export interface NfseAbrasfOptions {
  transmitir: Transmissor;
  assinador: (companyId: string, algoritmo: 'RSA-SHA1' | 'RSA-SHA256') => Assinador;
  settings: FiscalSettingsReader;
  log: Logger;
}

/** "RPS já informado": the RPS became an NFS-e before (a resend after a lost answer): settled by the query by RPS. [UNCONFIRMED] */
export const ERROS_RPS_DUPLICADO = new Set(['E10']);
/** "NFS-e já cancelada": a resend of a cancellation registered before; adopted by the query by RPS. [UNCONFIRMED] */
export const ERROS_JA_CANCELADA = new Set(['E79']);
const PACOTE = 'nfse-abrasf-2.04' as const;

const incerto = (xMotivo: string): RespostaAutorizacao => ({ desfecho: 'INCERTO', cStat: null, xMotivo, protocolo: null, autorizadoEm: null, xmlAutorizado: null });
const tag = (xml: string, nome: string) => new RegExp(`<(?:\\w+:)?${nome}[^>]*>([^<]*)</(?:\\w+:)?${nome}>`).exec(xml)?.[1] ?? null;

export function dadosRps(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada): DadosRps {
  const d = doc.destinatario;
  return {
    serie: doc.serie,
    numero: doc.numero ?? 1,
    emitidoEm: doc.emitidoEm,
    competencia: dataCompetencia(doc.competencia, doc.emitidoEm),
    cnpj: doc.emitenteCnpj,
    inscricaoMunicipal: settings.nfse.inscricaoMunicipal,
    codigoMunicipio: settings.nfse.codigoCidade ?? doc.emitenteMunicipio,
    itemListaServico: doc.itens[0]?.codigoServico ?? settings.nfse.codigoServico ?? '',
    discriminacao: doc.itens.map((item) => item.descricao).join('; '),
    valorCentavos: doc.valorTotalCentavos,
    aliquotaIss: doc.itens[0]?.aliquotaIss ?? null,
    simplesNacional: settings.empresa.regimeTributario === 'SIMPLES_NACIONAL',
    tomador: tomadorNacional(d),
  };
}

/**
 * The ABRASF 2.04 adapter: one generic adapter whose provider differences are the profile's data (`perfis.ts`).
 * GerarNfse with our RPS (series and number; the NFS-e number and verification code are the city's, kept as
 * `protocolo` and in `chaveAcesso` = `<IBGE>-<NFS-e number>-<verification code>`: there is no national key); a lost
 * answer or "RPS já informado" is settled by ConsultarNfsePorRps (resent once when the city does not have it);
 * CancelarNfse by the city's NFS-e number. Transmitted through the settings relay to the company's own endpoint.
 */
export class NfseAbrasfAuthorizer implements Autorizador {
  readonly nome = 'abrasf-2.04';
  readonly transmiteXml = true;

  constructor(private readonly o: NfseAbrasfOptions) {}

  private perfil(settings: ConfiguracaoFiscalCompartilhada): PerfilAbrasf {
    return PERFIS_ABRASF[settings.nfse.provedor ?? ''] ?? PERFIS_ABRASF.ABRASF_2_04;
  }

  /**
   * What GerarNfse (or SubstituirNfse, for an NFS-e that replaces another: `chaveNfseSubstituida`) sends: the RPS
   * signed when the profile says so; for a substitution the replaced NFS-e's cancellation request (code 1, error in
   * the issue) signed too, and `SubstituicaoNfse` signed over both.
   */
  private async envio(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada, assinador: Assinador): Promise<string> {
    const perfil = { algoritmo: settings.nfse.algoritmoAssinatura, canonicalizacao: settings.nfse.canonicalizacao };
    const gerar = gerarNfseEnvio(dadosRps(doc, settings));
    const rps = this.perfil(settings).assinaRps ? await assinarXml(gerar, 'InfDeclaracaoPrestacaoServico', assinador, perfil) : gerar;
    const substituida = doc.chaveNfseSubstituida ? nfseAbrasfDaChave(doc.chaveNfseSubstituida) : null;
    if (!substituida) return rps;
    const cancelamento = cancelarNfseEnvio({ numeroNfse: substituida.numero, cnpj: doc.emitenteCnpj, inscricaoMunicipal: settings.nfse.inscricaoMunicipal, codigoMunicipio: substituida.codigoMunicipio, codigo: '1' });
    const pedido = await assinarXml(cancelamento, 'InfPedidoCancelamento', assinador, perfil);
    const id = `SUBST${doc.emitenteCnpj}N${substituida.numero}`;
    return assinarXml(substituirNfseEnvio(pedido, rps, id), 'SubstituicaoNfse', assinador, perfil);
  }

  async conferirLeiaute(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada): Promise<CampoInvalido[]> {
    if (doc.chaveNfseSubstituida && !nfseAbrasfDaChave(doc.chaveNfseSubstituida)) {
      return [{ campo: 'chaveNfseSubstituida', regra: 'chave_abrasf', erro: 'no município ABRASF a NFS-e substituída é dada pela chave <município>-<número>-<código de verificação>' }];
    }
    const xml = await this.envio(doc, settings, assinadorDeForma);
    const resultado = await validarXml(PACOTE, 'nfse_v204.xsd', xml);
    if (resultado.ok) return [];
    this.o.log.error({ documentoId: doc._id, erros: resultado.erros.slice(0, 5) }, 'RPS built out of the official schema');
    return resultado.erros.slice(0, 5).map((erro) => ({ campo: 'rps', regra: 'xsd', erro: erro.mensagem }));
  }

  async prepararAutorizacao(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada): Promise<string> {
    const campos = await this.conferirLeiaute(doc, settings);
    if (campos.length > 0) throw xmlOutOfLayout(campos);
    return this.envio(doc, settings, this.o.assinador(doc.companyId, settings.nfse.algoritmoAssinatura));
  }

  private async chamar(companyId: string, operacao: OperacaoAbrasf, dados: string): Promise<string | null> {
    const settings = await this.o.settings(companyId);
    const perfil = this.perfil(settings);
    const resposta = await this.o.transmitir(companyId, { tipo: 'NFSE' }, envelopeAbrasf(perfil, operacao, dados), settings.timeoutSegundos * 1000, perfil.soap === '1.1' ? perfil.soapAction(operacao) : undefined);
    if (!resposta.ok || resposta.status >= 500) {
      this.o.log.warn({ companyId, operacao, codigo: resposta.ok ? resposta.status : resposta.codigo }, 'ABRASF web service did not answer');
      return null;
    }
    return saidaAbrasf(resposta.corpo);
  }

  async autorizar(p: PedidoAutorizacao): Promise<RespostaAutorizacao> {
    if (!p.xmlAssinado) throw new Error('the ABRASF adapter transmits an RPS');
    return p.retomada ? this.consultar(p, true) : this.gerar(p, true);
  }

  private async gerar(p: PedidoAutorizacao, podeReenviar: boolean): Promise<RespostaAutorizacao> {
    const saida = await this.chamar(p.companyId, p.xmlAssinado!.includes('<SubstituirNfseEnvio') ? 'SubstituirNfse' : 'GerarNfse', p.xmlAssinado!);
    if (saida === null) return this.consultar(p, podeReenviar);
    // SubstituirNfse answers both NFS-e: the new one is the NfseSubstituidora.
    if (saida.includes('CompNfse')) return autorizada(/<NfseSubstituidora>([\s\S]*)<\/NfseSubstituidora>/.exec(saida)?.[1] ?? saida);
    const codigo = tag(saida, 'Codigo');
    if (codigo && ERROS_RPS_DUPLICADO.has(codigo)) return this.consultar(p, false);
    return { desfecho: 'REJEITADO', cStat: codigo ?? 'ABRASF', xMotivo: (tag(saida, 'Mensagem') ?? 'RPS recusado pelo município').slice(0, 255), protocolo: null, autorizadoEm: null, xmlAutorizado: null };
  }

  private async consultar(p: PedidoAutorizacao, podeReenviar: boolean): Promise<RespostaAutorizacao> {
    const settings = await this.o.settings(p.companyId);
    const saida = await this.chamar(p.companyId, 'ConsultarNfsePorRps', consultarNfseRpsEnvio({ serie: p.serie, numero: p.numero, cnpj: p.cnpj, inscricaoMunicipal: settings.nfse.inscricaoMunicipal }));
    if (saida === null) return incerto('município sem resposta');
    if (saida.includes('CompNfse')) return autorizada(saida);
    return podeReenviar ? this.gerar(p, false) : incerto('o município não tem NFS-e deste RPS');
  }

  /** A cancellation by substitution was sent with the new NFS-e (SubstituirNfse): nothing is signed for it. */
  async prepararCancelamento(p: Omit<PedidoCancelamento, 'xmlAssinado'>): Promise<string | null> {
    if (p.chNFeRef) return null;
    const settings = await this.o.settings(p.companyId);
    const xml = cancelarNfseEnvio({ numeroNfse: p.protocolo, cnpj: p.cnpj, inscricaoMunicipal: settings.nfse.inscricaoMunicipal, codigoMunicipio: settings.nfse.codigoCidade ?? '', codigo: p.motivo === '2' ? '2' : '1' });
    const perfil = { algoritmo: settings.nfse.algoritmoAssinatura, canonicalizacao: settings.nfse.canonicalizacao };
    return assinarXml(xml, 'InfPedidoCancelamento', this.o.assinador(p.companyId, perfil.algoritmo), perfil);
  }

  /**
   * CancelarNfse by the city's number. A lost answer, or "NFS-e já cancelada" (E79), is settled by the query by RPS
   * (the CompNfse carries its NfseCancelamento once cancelled); not cancelled after a lost answer: the same signed
   * request once more. A cancellation by substitution (chNFeRef) is only read back: SubstituirNfse cancelled it.
   */
  async cancelar(p: PedidoCancelamento, podeReenviar = true): Promise<RespostaCancelamento> {
    if (p.chNFeRef) {
      const consulta = await this.consultarCancelamento(p);
      return consulta.desfecho === 'NAO_REGISTRADO' ? { ...consulta, desfecho: 'RECUSADO', cStat: 'ABRASF', xMotivo: 'o município não registra a substituição desta NFS-e' } : consulta;
    }
    const saida = await this.chamar(p.companyId, 'CancelarNfse', p.xmlAssinado!);
    if (saida !== null && saida.includes('RetCancelamento')) return cancelada(saida, p.protocolo);
    const codigo = saida === null ? null : tag(saida, 'Codigo');
    if (saida === null || (codigo && ERROS_JA_CANCELADA.has(codigo))) {
      const consulta = await this.consultarCancelamento(p);
      if (consulta.desfecho !== 'NAO_REGISTRADO') return consulta;
      return saida === null && podeReenviar ? this.cancelar(p, false) : { ...consulta, desfecho: 'INCERTO' };
    }
    return { desfecho: 'RECUSADO', cStat: codigo ?? 'ABRASF', xMotivo: (tag(saida, 'Mensagem') ?? 'cancelamento recusado').slice(0, 255), protocolo: null, registradoEm: null, xmlEvento: null };
  }

  /** ConsultarNfsePorRps of the document's RPS: its CompNfse with a NfseCancelamento is a registered cancellation. */
  async consultarCancelamento(p: ConsultaCancelamento): Promise<RespostaCancelamento> {
    const semResposta = (xMotivo: string): RespostaCancelamento => ({ desfecho: 'INCERTO', cStat: null, xMotivo, protocolo: null, registradoEm: null, xmlEvento: null });
    if (!p.rps) return semResposta('consulta do cancelamento sem o RPS do documento');
    const settings = await this.o.settings(p.companyId);
    const saida = await this.chamar(p.companyId, 'ConsultarNfsePorRps', consultarNfseRpsEnvio({ ...p.rps, inscricaoMunicipal: settings.nfse.inscricaoMunicipal }));
    if (saida === null || !saida.includes('CompNfse')) return semResposta(saida === null ? 'município sem resposta' : 'o município não tem a NFS-e deste RPS');
    const cancelamento = /<NfseCancelamento[\s>][\s\S]*<\/NfseCancelamento>/.exec(saida)?.[0];
    if (!cancelamento) return { desfecho: 'NAO_REGISTRADO', cStat: null, xMotivo: 'NFS-e sem cancelamento no município', protocolo: null, registradoEm: null, xmlEvento: null };
    return cancelada(`<CancelarNfseResposta xmlns="${NS_ABRASF}"><RetCancelamento>${cancelamento}</RetCancelamento></CancelarNfseResposta>`, tag(saida, 'Numero') ?? '');
  }

  async prepararInutilizacao(): Promise<null> {
    return null;
  }

  async inutilizar(): Promise<RespostaInutilizacao> {
    return { desfecho: 'RECUSADA', cStat: null, xMotivo: 'a NFS-e não tem inutilização de numeração', protocolo: null, registradoEm: null, xml: null };
  }

  async statusServico(): Promise<RespostaStatus> {
    return { cStat: null, xMotivo: 'o ABRASF 2.04 não tem serviço de status' };
  }
}

/** The cancellation's answer (CancelarNfseResposta with its RetCancelamento), kept as the cancellation XML. */
function cancelada(xml: string, numeroNfse: string): RespostaCancelamento {
  const dataHora = tag(xml, 'DataHora');
  return { desfecho: 'REGISTRADO', cStat: '135', xMotivo: 'NFS-e cancelada', protocolo: numeroNfse, registradoEm: dataHora ? new Date(dataHora) : new Date(), xmlEvento: xml };
}

/** The CompNfse of an answer: the city's number and verification code; the NFS-e XML kept is the CompNfse. */
function autorizada(saida: string): RespostaAutorizacao {
  const comp = /<CompNfse[\s>][\s\S]*<\/CompNfse>/.exec(saida)?.[0];
  const numero = comp ? tag(comp, 'Numero') : null;
  const verificacao = comp ? tag(comp, 'CodigoVerificacao') : null;
  const emissao = comp ? tag(comp, 'DataEmissao') : null;
  const municipio = comp ? /<OrgaoGerador>\s*<CodigoMunicipio>([0-9]{7})</.exec(comp)?.[1] : null;
  if (!comp || !numero || !verificacao || !emissao || !municipio) return incerto('CompNfse incompleta na resposta do município');
  const xml = comp.includes('xmlns=') ? comp : comp.replace('<CompNfse', '<CompNfse xmlns="http://www.abrasf.org.br/nfse.xsd"');
  return { desfecho: 'AUTORIZADO', cStat: '100', xMotivo: 'NFS-e gerada', protocolo: numero, autorizadoEm: new Date(emissao), xmlAutorizado: xml, chaveAcesso: `${municipio}-${numero}-${verificacao}` };
}
