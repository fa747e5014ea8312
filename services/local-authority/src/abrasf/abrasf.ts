import { randomInt } from 'node:crypto';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { siglaFromCUf } from '@erp/fiscal-rules';
import { validarXml } from '@erp/fiscal-schemas';
import type { Cenarios } from '../app/cenarios';
import { decimal, reais } from '../domain/xml';
import { assinarComoSefin, conferirAssinaturaSefin } from '../sefin/assinatura-sefin';
import { filhoNfse, raizDe, textoNfse } from '../sefin/comum';
import type { RegistroAbrasf } from './registro-abrasf';

/** The path the company's ABRASF endpoint points at in tests (`<LOCAL_AUTHORITY_URL>/abrasf/ws`). */
export const BASE_ABRASF = '/abrasf/ws';
const NS = 'http://www.abrasf.org.br/nfse.xsd';
const NS_WS = 'http://nfse.abrasf.org.br';
const PACOTE = 'nfse-abrasf-2.04' as const;

export interface SaidaAbrasf {
  status: number;
  corpo: string;
  derrubar: boolean;
}

const escapar = (xml: string) => xml.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const envelope = (operacao: string, saida: string) =>
  `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><ws:${operacao}Response xmlns:ws="${NS_WS}"><outputXML>${escapar(saida)}</outputXML></ws:${operacao}Response></soap:Body></soap:Envelope>`;
const mensagens = (raiz: string, codigo: string, mensagem: string) =>
  `<${raiz} xmlns="${NS}"><ListaMensagemRetorno><MensagemRetorno><Codigo>${codigo}</Codigo><Mensagem>${escapar(mensagem).slice(0, 200)}</Mensagem></MensagemRetorno></ListaMensagemRetorno></${raiz}>`;
const agora = () => `${new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 19)}`;

/**
 * The ABRASF 2.04 stand-in (a city's own web service, the plain profile of the vendored WSDL): SOAP 1.1 with the
 * operation in SOAPAction, `nfseDadosMsg` as a string; GerarNfse (schema, the RPS's signature by the TLS client of the
 * provider's CNPJ base, one NFS-e per RPS: "E10 RPS já informado" for a repeat), ConsultarNfsePorRps (the recovery)
 * and CancelarNfse (signed request, one cancellation per NFS-e). The city's number and a 9-character verification
 * code are generated here; the Nfse is signed with the authority's key. Scenario `autorizacao: ['PROCESSA_E_DERRUBA']`
 * drops the connection after the NFS-e is generated. Codes other than E10 are the stand-in's own **[UNCONFIRMED]**.
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
      const rps = await this.registro.porRps(id);
      return responder(rps ? `<ConsultarNfseRpsResposta xmlns="${NS}">${await this.comCancelamento(rps.nfse, `${rps.cMun}|${rps.numeroNfse}`)}</ConsultarNfseRpsResposta>` : mensagens('ConsultarNfseRpsResposta', 'E92', 'RPS não convertido em NFS-e'));
    }
    if (operacao === 'CancelarNfse') return this.cancelar(raiz, dados, clienteTls, responder);
    return { status: 500, corpo: '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>operação desconhecida</faultstring></soap:Fault></soap:Body></soap:Envelope>', derrubar: false };
  }

  private async comCancelamento(nfse: string, chave: string): Promise<string> {
    const cancelamento = await this.registro.cancelamento(chave);
    return cancelamento ? nfse.replace('</CompNfse>', `${cancelamento.confirmacao}</CompNfse>`) : nfse;
  }

  private async gerar(raiz: Element, dados: string, clienteTls: Buffer, responder: (s: string) => SaidaAbrasf): Promise<SaidaAbrasf> {
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
    const id = `${cnpj}|${textoNfse(inf, 'Rps', 'IdentificacaoRps', 'Serie')}|${textoNfse(inf, 'Rps', 'IdentificacaoRps', 'Numero')}`;
    if (await this.registro.porRps(id)) return responder(mensagens('GerarNfseResposta', 'E10', 'RPS já informado'));
    const cMun = textoNfse(inf, 'Servico', 'CodigoMunicipio') ?? '';
    const numero = String(await this.registro.proximoNumero(cMun));
    const verificacao = randomInt(0, 36 ** 9).toString(36).toUpperCase().padStart(9, '0');
    const vServ = decimal(textoNfse(inf, 'Servico', 'Valores', 'ValorServicos')) ?? 0;
    const aliquota = textoNfse(inf, 'Servico', 'Valores', 'Aliquota');
    // ISS = value x rate / 100, half up, in centavos.
    const vIss = aliquota ? Math.round((vServ * (decimal(aliquota) ?? 0)) / 10_000) : null;
    const declaracao = /<Rps[\s>][\s\S]*<\/Rps>(?=<\/GerarNfseEnvio>)/.exec(dados.replace(/>\s+</g, '><'))![0].replace(/^<Rps/, '<DeclaracaoPrestacaoServico').replace(/<\/Rps>$/, '</DeclaracaoPrestacaoServico>');
    const nfse = await assinarComoSefin(
      `<Nfse xmlns="${NS}" versao="2.04"><InfNfse Id="NFSE${cMun}N${numero}"><Numero>${numero}</Numero><CodigoVerificacao>${verificacao}</CodigoVerificacao><DataEmissao>${agora()}</DataEmissao>` +
        `<ValoresNfse><BaseCalculo>${reais(vServ)}</BaseCalculo>${aliquota ? `<Aliquota>${aliquota}</Aliquota><ValorIss>${reais(vIss ?? 0)}</ValorIss>` : ''}<ValorLiquidoNfse>${reais(vServ)}</ValorLiquidoNfse></ValoresNfse>` +
        `<PrestadorServico><RazaoSocial>PRESTADOR ${cnpj}</RazaoSocial><Endereco><Endereco>Endereco do cadastro municipal</Endereco><Numero>SN</Numero><Bairro>Centro</Bairro><CodigoMunicipio>${cMun}</CodigoMunicipio><Uf>${siglaFromCUf(cMun.slice(0, 2)) ?? 'SP'}</Uf><Cep>00000000</Cep></Endereco></PrestadorServico>` +
        `<OrgaoGerador><CodigoMunicipio>${cMun}</CodigoMunicipio><Uf>${siglaFromCUf(cMun.slice(0, 2)) ?? 'SP'}</Uf></OrgaoGerador>${declaracao}</InfNfse></Nfse>`,
      'Nfse',
      `NFSE${cMun}N${numero}`,
      this.tls,
    );
    const comp = `<CompNfse xmlns="${NS}">${nfse}</CompNfse>`;
    if (!(await this.registro.registrar({ _id: id, cnpj, cMun, numeroNfse: numero, nfse: comp, em: new Date() }))) return responder(mensagens('GerarNfseResposta', 'E10', 'RPS já informado'));
    const saida = responder(`<GerarNfseResposta xmlns="${NS}"><ListaNfse>${comp}</ListaNfse></GerarNfseResposta>`);
    return passo === 'PROCESSA_E_DERRUBA' ? { ...saida, derrubar: true } : saida;
  }

  private async cancelar(raiz: Element, dados: string, clienteTls: Buffer, responder: (s: string) => SaidaAbrasf): Promise<SaidaAbrasf> {
    const pedido = filhoNfse(raiz, 'Pedido')!;
    const inf = filhoNfse(pedido, 'InfPedidoCancelamento')!;
    const cnpj = textoNfse(inf, 'IdentificacaoNfse', 'CpfCnpj', 'Cnpj') ?? '';
    const cMun = textoNfse(inf, 'IdentificacaoNfse', 'CodigoMunicipio') ?? '';
    const numero = textoNfse(inf, 'IdentificacaoNfse', 'Numero') ?? '';
    this.cenarios.contar(cnpj, 'SefinEventos');
    const rps = await this.registro.porNumero(cMun, numero);
    if (!rps || rps.cnpj !== cnpj) return responder(mensagens('CancelarNfseResposta', 'E78', 'NFS-e inexistente para o prestador'));
    const assinatura = await conferirAssinaturaSefin(dados, pedido, inf.getAttribute('Id') ?? '', clienteTls, cnpj);
    if (assinatura) return responder(mensagens('CancelarNfseResposta', 'E714', assinatura.descricao));
    const semDeclaracao = /<Pedido[\s>][\s\S]*<\/Pedido>/.exec(dados)![0];
    const confirmacao = `<NfseCancelamento versao="2.04"><Confirmacao Id="CONF${cMun}N${numero}">${semDeclaracao}<DataHora>${agora()}</DataHora></Confirmacao></NfseCancelamento>`;
    if (!(await this.registro.cancelar(`${cMun}|${numero}`, confirmacao))) return responder(mensagens('CancelarNfseResposta', 'E79', 'NFS-e já cancelada'));
    return responder(`<CancelarNfseResposta xmlns="${NS}"><RetCancelamento>${confirmacao}</RetCancelamento></CancelarNfseResposta>`);
  }
}
