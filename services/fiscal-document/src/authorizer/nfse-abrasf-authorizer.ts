import { tomadorNacional } from '../domain/tomador';
import type { CampoInvalido, ConfiguracaoFiscalCompartilhada } from '@erp/contracts';
import { validarXml } from '@erp/fiscal-schemas';
import type { FiscalSettingsReader, Logger } from '@erp/kit';
import { xmlOutOfLayout } from '../app/refusals';
import type { Transmissor } from '../messaging/sefaz-relay';
import type { DocumentoRecord } from '../store/document-model';
import { cancelarNfseEnvio, consultarNfseRpsEnvio, envelopeAbrasf, gerarNfseEnvio, saidaAbrasf, type DadosRps } from '../xml/nfse/abrasf/mensagens';
import { PERFIS_ABRASF, type OperacaoAbrasf, type PerfilAbrasf } from '../xml/nfse/abrasf/perfis';
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

  async conferirLeiaute(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada): Promise<CampoInvalido[]> {
    const xml = await assinarXml(gerarNfseEnvio(dadosRps(doc, settings)), 'InfDeclaracaoPrestacaoServico', assinadorDeForma);
    const resultado = await validarXml(PACOTE, 'nfse_v204.xsd', xml);
    if (resultado.ok) return [];
    this.o.log.error({ documentoId: doc._id, erros: resultado.erros.slice(0, 5) }, 'RPS built out of the official schema');
    return resultado.erros.slice(0, 5).map((erro) => ({ campo: 'rps', regra: 'xsd', erro: erro.mensagem }));
  }

  async prepararAutorizacao(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada): Promise<string> {
    const campos = await this.conferirLeiaute(doc, settings);
    if (campos.length > 0) throw xmlOutOfLayout(campos);
    const xml = gerarNfseEnvio(dadosRps(doc, settings));
    if (!this.perfil(settings).assinaRps) return xml;
    const perfil = { algoritmo: settings.nfse.algoritmoAssinatura, canonicalizacao: settings.nfse.canonicalizacao };
    return assinarXml(xml, 'InfDeclaracaoPrestacaoServico', this.o.assinador(doc.companyId, perfil.algoritmo), perfil);
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
    const saida = await this.chamar(p.companyId, 'GerarNfse', p.xmlAssinado!);
    if (saida === null) return this.consultar(p, podeReenviar);
    if (saida.includes('CompNfse')) return autorizada(saida);
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

  async prepararCancelamento(p: Omit<PedidoCancelamento, 'xmlAssinado'>): Promise<string> {
    const settings = await this.o.settings(p.companyId);
    const xml = cancelarNfseEnvio({ numeroNfse: p.protocolo, cnpj: p.cnpj, inscricaoMunicipal: settings.nfse.inscricaoMunicipal, codigoMunicipio: settings.nfse.codigoCidade ?? '', codigo: '1' });
    const perfil = { algoritmo: settings.nfse.algoritmoAssinatura, canonicalizacao: settings.nfse.canonicalizacao };
    return assinarXml(xml, 'InfPedidoCancelamento', this.o.assinador(p.companyId, perfil.algoritmo), perfil);
  }

  async cancelar(p: PedidoCancelamento): Promise<RespostaCancelamento> {
    const saida = await this.chamar(p.companyId, 'CancelarNfse', p.xmlAssinado!);
    if (saida === null) return { desfecho: 'INCERTO', cStat: null, xMotivo: 'município sem resposta', protocolo: null, registradoEm: null, xmlEvento: null };
    if (saida.includes('RetCancelamento')) {
      const dataHora = tag(saida, 'DataHora');
      return { desfecho: 'REGISTRADO', cStat: '135', xMotivo: 'NFS-e cancelada', protocolo: p.protocolo, registradoEm: dataHora ? new Date(dataHora) : new Date(), xmlEvento: saida };
    }
    return { desfecho: 'RECUSADO', cStat: tag(saida, 'Codigo') ?? 'ABRASF', xMotivo: (tag(saida, 'Mensagem') ?? 'cancelamento recusado').slice(0, 255), protocolo: null, registradoEm: null, xmlEvento: null };
  }

  /** The query by RPS needs the RPS, which the port's query does not carry: left unknown (docs/nfse.md). */
  async consultarCancelamento(_p: ConsultaCancelamento): Promise<RespostaCancelamento> {
    return { desfecho: 'INCERTO', cStat: null, xMotivo: 'consulta do cancelamento ABRASF não implementada', protocolo: null, registradoEm: null, xmlEvento: null };
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
