import { DOMParser, type Element } from '@xmldom/xmldom';
import { validarXml } from '@erp/fiscal-schemas';
import type { Cenarios } from '../app/cenarios';
import { conferirAssinaturaSefin } from '../sefin/assinatura-sefin';
import { filhoNfse, raizDe, textoNfse } from '../sefin/comum';
import { agoraAbrasf, gerarNfseMunicipal, idRpsAbrasf, mensagens, type Responder, type SaidaAbrasf } from './nfse-abrasf';
import type { RegistroAbrasf } from './registro-abrasf';
import { substituirNfse } from './substituicao';

export type { SaidaAbrasf } from './nfse-abrasf';

/** The path the company's ABRASF endpoint points at in tests (`<LOCAL_AUTHORITY_URL>/abrasf/ws`). */
export const BASE_ABRASF = '/abrasf/ws';
const NS = 'http://www.abrasf.org.br/nfse.xsd';
const NS_WS = 'http://nfse.abrasf.org.br';
const PACOTE = 'nfse-abrasf-2.04' as const;

const escapar = (xml: string) => xml.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const envelope = (operacao: string, saida: string) =>
  `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><ws:${operacao}Response xmlns:ws="${NS_WS}"><outputXML>${escapar(saida)}</outputXML></ws:${operacao}Response></soap:Body></soap:Envelope>`;

/**
 * The ABRASF 2.04 stand-in (a city's own web service, the plain profile of the vendored WSDL): SOAP 1.1 with the
 * operation in SOAPAction, `nfseDadosMsg` as a string; GerarNfse (schema, the RPS's signature by the TLS client of the
 * provider's CNPJ base, one NFS-e per RPS: "E10 RPS já informado" for a repeat), ConsultarNfsePorRps (the recovery)
 * CancelarNfse (signed request, one cancellation per NFS-e) and SubstituirNfse (substituicao.ts). The city's number and a 9-character verification
 * code are generated here; the Nfse is signed with the authority's key. Scenario `autorizacao: ['PROCESSA_E_DERRUBA']`
 * drops the connection after the NFS-e is generated, `evento: ['PROCESSA_E_DERRUBA' | 'DERRUBA']` after or before a
 * cancellation is registered, `consulta: ['NAO_CONSTA']` answers a query by RPS as if it had no NFS-e. Codes other than E10 are the stand-in's own **[UNCONFIRMED]**.
 */
export class AbrasfStandIn {
  constructor(
    private readonly registro: RegistroAbrasf,
    private readonly cenarios: Cenarios,
    private readonly tls: { key: string; cert: string },
  ) {}

  async atender(soapAction: string, corpo: string, clienteTls: Buffer): Promise<SaidaAbrasf> {
    const operacao = /^"?http:\/\/nfse\.abrasf\.org\.br\/(\w+)"?$/.exec(soapAction)?.[1] ?? '';
    const env = new DOMParser().parseFromString(corpo, 'text/xml');
    const dados = env.getElementsByTagName('nfseDadosMsg').item(0)?.textContent ?? '';
    const responder = (saida: string) => ({ status: 200, corpo: envelope(operacao, saida), derrubar: false });
    const esquema = await validarXml(PACOTE, 'nfse_v204.xsd', dados);
    if (!esquema.ok) return responder(mensagens(`${operacao === 'ConsultarNfsePorRps' ? 'ConsultarNfseRps' : operacao}Resposta`, 'E160', `Arquivo em desacordo com o XML Schema: ${esquema.erros[0]?.mensagem ?? ''}`));
    const raiz = raizDe(dados)!;
    if (operacao === 'GerarNfse') return this.gerar(raiz, dados, clienteTls, responder);
    if (operacao === 'ConsultarNfsePorRps') {
      const cnpj = textoNfse(raiz, 'Prestador', 'CpfCnpj', 'Cnpj') ?? '';
      const id = `${cnpj}|${textoNfse(raiz, 'IdentificacaoRps', 'Serie')}|${textoNfse(raiz, 'IdentificacaoRps', 'Numero')}`;
      const rps = this.cenarios.proximo(cnpj, 'consulta') === 'NAO_CONSTA' ? null : await this.registro.porRps(id);
      return responder(rps ? `<ConsultarNfseRpsResposta xmlns="${NS}">${await this.comCancelamento(rps.nfse, `${rps.cMun}|${rps.numeroNfse}`)}</ConsultarNfseRpsResposta>` : mensagens('ConsultarNfseRpsResposta', 'E92', 'RPS não convertido em NFS-e'));
    }
    if (operacao === 'CancelarNfse') return this.cancelar(raiz, dados, clienteTls, responder);
    if (operacao === 'SubstituirNfse') return substituirNfse({ registro: this.registro, cenarios: this.cenarios, tls: this.tls }, raiz, dados, clienteTls, responder);
    return { status: 500, corpo: '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>operação desconhecida</faultstring></soap:Fault></soap:Body></soap:Envelope>', derrubar: false };
  }

  private async comCancelamento(nfse: string, chave: string): Promise<string> {
    const cancelamento = await this.registro.cancelamento(chave);
    return cancelamento ? nfse.replace('</CompNfse>', `${cancelamento.confirmacao}</CompNfse>`) : nfse;
  }

  private async gerar(raiz: Element, dados: string, clienteTls: Buffer, responder: Responder): Promise<SaidaAbrasf> {
    const rpsEl = filhoNfse(raiz, 'Rps')!;
    const inf = filhoNfse(rpsEl, 'InfDeclaracaoPrestacaoServico')!;
    const cnpj = textoNfse(inf, 'Prestador', 'CpfCnpj', 'Cnpj') ?? '';
    this.cenarios.contar(cnpj, 'SefinNfse');
    const passo = this.cenarios.proximo(cnpj, 'autorizacao');
    if (passo === 'DERRUBA') return { status: 0, corpo: '', derrubar: true };
    const assinatura = await conferirAssinaturaSefin(dados, rpsEl, inf.getAttribute('Id') ?? '', clienteTls, cnpj);
    if (assinatura) return responder(mensagens('GerarNfseResposta', 'E714', `${assinatura.descricao}: ${assinatura.complemento ?? ''}`));
    const rejeitar = this.cenarios.consumir(cnpj, 'rejeitar');
    if (rejeitar) return responder(mensagens('GerarNfseResposta', rejeitar.slice(0, 4), 'Rejeição de teste (cenário da autoridade local)'));
    if (await this.registro.porRps(idRpsAbrasf(cnpj, inf))) return responder(mensagens('GerarNfseResposta', 'E10', 'RPS já informado'));
    const rpsXml = /<Rps[\s>][\s\S]*<\/Rps>(?=<\/GerarNfseEnvio>)/.exec(dados.replace(/>\s+</g, '><'))![0];
    const gerada = await gerarNfseMunicipal(this.registro, this.tls, { cnpj, inf, rpsXml });
    if (!gerada) return responder(mensagens('GerarNfseResposta', 'E10', 'RPS já informado'));
    const saida = responder(`<GerarNfseResposta xmlns="${NS}"><ListaNfse>${gerada.comp}</ListaNfse></GerarNfseResposta>`);
    return passo === 'PROCESSA_E_DERRUBA' ? { ...saida, derrubar: true } : saida;
  }

  private async cancelar(raiz: Element, dados: string, clienteTls: Buffer, responder: Responder): Promise<SaidaAbrasf> {
    const pedido = filhoNfse(raiz, 'Pedido')!;
    const inf = filhoNfse(pedido, 'InfPedidoCancelamento')!;
    const cnpj = textoNfse(inf, 'IdentificacaoNfse', 'CpfCnpj', 'Cnpj') ?? '';
    const cMun = textoNfse(inf, 'IdentificacaoNfse', 'CodigoMunicipio') ?? '';
    const numero = textoNfse(inf, 'IdentificacaoNfse', 'Numero') ?? '';
    this.cenarios.contar(cnpj, 'SefinEventos');
    const passo = this.cenarios.proximo(cnpj, 'evento');
    if (passo === 'DERRUBA') return { status: 0, corpo: '', derrubar: true };
    const rps = await this.registro.porNumero(cMun, numero);
    if (!rps || rps.cnpj !== cnpj) return responder(mensagens('CancelarNfseResposta', 'E78', 'NFS-e inexistente para o prestador'));
    const assinatura = await conferirAssinaturaSefin(dados, pedido, inf.getAttribute('Id') ?? '', clienteTls, cnpj);
    if (assinatura) return responder(mensagens('CancelarNfseResposta', 'E714', assinatura.descricao));
    const semDeclaracao = /<Pedido[\s>][\s\S]*<\/Pedido>/.exec(dados)![0];
    const confirmacao = `<NfseCancelamento versao="2.04"><Confirmacao Id="CONF${cMun}N${numero}">${semDeclaracao}<DataHora>${agoraAbrasf()}</DataHora></Confirmacao></NfseCancelamento>`;
    if (!(await this.registro.cancelar(`${cMun}|${numero}`, confirmacao))) return responder(mensagens('CancelarNfseResposta', 'E79', 'NFS-e já cancelada'));
    const saida = responder(`<CancelarNfseResposta xmlns="${NS}"><RetCancelamento>${confirmacao}</RetCancelamento></CancelarNfseResposta>`);
    return passo === 'PROCESSA_E_DERRUBA' ? { ...saida, derrubar: true } : saida;
  }
}
