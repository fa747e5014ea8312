import { create } from 'xmlbuilder2';
import { dec2, texto } from '../../format';
import { NS_ABRASF, type OperacaoAbrasf, type PerfilAbrasf } from './perfis';

/**
 * The ABRASF 2.04 messages (`nfse_v204.xsd`, package `nfse-abrasf-2.04`), elements in the schema's order: the RPS
 * of GerarNfse (our series and number; the NFS-e number is the city's), the query by RPS (the recovery after a lost
 * answer) and the cancellation request. The RPS is signed over `InfDeclaracaoPrestacaoServico` when the provider's
 * profile says so, the cancellation over `InfPedidoCancelamento`.
 */
export interface DadosRps {
  serie: number;
  numero: number;
  emitidoEm: Date;
  /** `AAAA-MM-DD` */
  competencia: string;
  cnpj: string;
  inscricaoMunicipal: string | null;
  codigoMunicipio: string;
  itemListaServico: string;
  discriminacao: string;
  valorCentavos: number;
  aliquotaIss: number | null;
  simplesNacional: boolean;
  tomador: { tipo: 'CNPJ' | 'CPF'; documento: string; nome: string } | null;
}

export const idRps = (d: Pick<DadosRps, 'cnpj' | 'serie' | 'numero'>) => `RPS${d.cnpj}${d.serie}N${d.numero}`;
const data = (instante: Date) => new Date(instante.getTime() - 3 * 3600_000).toISOString().slice(0, 10);

function cpfCnpj(pai: ReturnType<ReturnType<typeof create>['ele']>, tipo: 'CNPJ' | 'CPF', documento: string): void {
  pai.ele('CpfCnpj').ele(tipo === 'CNPJ' ? 'Cnpj' : 'Cpf').txt(documento);
}

export function gerarNfseEnvio(d: DadosRps): string {
  const raiz = create({ version: '1.0', encoding: 'UTF-8' }).ele(NS_ABRASF, 'GerarNfseEnvio');
  const inf = raiz.ele('Rps').ele('InfDeclaracaoPrestacaoServico', { Id: idRps(d) });
  const rps = inf.ele('Rps');
  const ident = rps.ele('IdentificacaoRps');
  ident.ele('Numero').txt(String(d.numero));
  ident.ele('Serie').txt(String(d.serie));
  ident.ele('Tipo').txt('1');
  rps.ele('DataEmissao').txt(data(d.emitidoEm));
  rps.ele('Status').txt('1');
  inf.ele('Competencia').txt(d.competencia);
  const servico = inf.ele('Servico');
  const valores = servico.ele('Valores');
  valores.ele('ValorServicos').txt(dec2(d.valorCentavos));
  if (d.aliquotaIss !== null) valores.ele('Aliquota').txt((Math.round(d.aliquotaIss * 100) / 100).toFixed(2));
  servico.ele('IssRetido').txt('2');
  servico.ele('ItemListaServico').txt(d.itemListaServico);
  servico.ele('Discriminacao').txt(texto(d.discriminacao, 2000));
  servico.ele('CodigoMunicipio').txt(d.codigoMunicipio);
  servico.ele('ExigibilidadeISS').txt('1');
  const prestador = inf.ele('Prestador');
  cpfCnpj(prestador, 'CNPJ', d.cnpj);
  if (d.inscricaoMunicipal) prestador.ele('InscricaoMunicipal').txt(d.inscricaoMunicipal);
  if (d.tomador) {
    const tomador = inf.ele('TomadorServico');
    cpfCnpj(tomador.ele('IdentificacaoTomador'), d.tomador.tipo, d.tomador.documento);
    tomador.ele('RazaoSocial').txt(texto(d.tomador.nome, 150));
  }
  inf.ele('OptanteSimplesNacional').txt(d.simplesNacional ? '1' : '2');
  inf.ele('IncentivoFiscal').txt('2');
  return raiz.end({ headless: true });
}

export function consultarNfseRpsEnvio(d: Pick<DadosRps, 'serie' | 'numero' | 'cnpj' | 'inscricaoMunicipal'>): string {
  const raiz = create({ version: '1.0', encoding: 'UTF-8' }).ele(NS_ABRASF, 'ConsultarNfseRpsEnvio');
  const ident = raiz.ele('IdentificacaoRps');
  ident.ele('Numero').txt(String(d.numero));
  ident.ele('Serie').txt(String(d.serie));
  ident.ele('Tipo').txt('1');
  const prestador = raiz.ele('Prestador');
  cpfCnpj(prestador, 'CNPJ', d.cnpj);
  if (d.inscricaoMunicipal) prestador.ele('InscricaoMunicipal').txt(d.inscricaoMunicipal);
  return raiz.end({ headless: true });
}

/** CancelarNfse: the city's NFS-e number, with the reason (1 error in the issue, 2 service not provided). */
export function cancelarNfseEnvio(d: { numeroNfse: string; cnpj: string; inscricaoMunicipal: string | null; codigoMunicipio: string; codigo: '1' | '2' }): string {
  const raiz = create({ version: '1.0', encoding: 'UTF-8' }).ele(NS_ABRASF, 'CancelarNfseEnvio');
  const inf = raiz.ele('Pedido').ele('InfPedidoCancelamento', { Id: `CANC${d.cnpj}N${d.numeroNfse}` });
  const ident = inf.ele('IdentificacaoNfse');
  ident.ele('Numero').txt(d.numeroNfse);
  cpfCnpj(ident, 'CNPJ', d.cnpj);
  if (d.inscricaoMunicipal) ident.ele('InscricaoMunicipal').txt(d.inscricaoMunicipal);
  ident.ele('CodigoMunicipio').txt(d.codigoMunicipio);
  inf.ele('CodigoCancelamento').txt(d.codigo);
  return raiz.end({ headless: true });
}

/**
 * SubstituirNfse: the signed cancellation request of the replaced NFS-e (`Pedido`, from `cancelarNfseEnvio`) and the
 * signed RPS of the new one (`Rps`, from `gerarNfseEnvio`) under `SubstituicaoNfse`, which is signed in turn.
 */
export function substituirNfseEnvio(cancelarAssinado: string, gerarAssinado: string, id: string): string {
  const pedido = /<Pedido[\s>][\s\S]*<\/Pedido>/.exec(cancelarAssinado)?.[0];
  const rps = /<Rps[\s>][\s\S]*<\/Rps>/.exec(gerarAssinado)?.[0];
  if (!pedido || !rps) throw new Error('SubstituirNfse needs a Pedido and an Rps');
  return `<SubstituirNfseEnvio xmlns="${NS_ABRASF}"><SubstituicaoNfse Id="${id}">${pedido}${rps}</SubstituicaoNfse></SubstituirNfseEnvio>`;
}

const escapar = (xml: string) => xml.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The SOAP envelope of an operation: `nfseCabecMsg` (the `cabecalho`) and `nfseDadosMsg` as strings, as the WSDL says. */
export function envelopeAbrasf(perfil: PerfilAbrasf, operacao: OperacaoAbrasf, dados: string): string {
  const cabecalho = `<cabecalho xmlns="${perfil.namespaceCabecalho}" versao="${perfil.versaoDados}"><versaoDados>${perfil.versaoDados}</versaoDados></cabecalho>`;
  const declaracao = '<?xml version="1.0" encoding="UTF-8"?>';
  const texto = (xml: string) => (perfil.mensagensEmCdata ? `<![CDATA[${declaracao}${xml}]]>` : escapar(xml));
  const ns = perfil.soap === '1.1' ? 'http://schemas.xmlsoap.org/soap/envelope/' : 'http://www.w3.org/2003/05/soap-envelope';
  return (
    `<soap:Envelope xmlns:soap="${ns}"><soap:Body><ws:${operacao}Request xmlns:ws="${perfil.namespaceWs}">` +
    `<nfseCabecMsg>${texto(cabecalho)}</nfseCabecMsg><nfseDadosMsg>${texto(dados.replace(/^<\?xml[^>]*>/, ''))}</nfseDadosMsg>` +
    `</ws:${operacao}Request></soap:Body></soap:Envelope>`
  );
}

/** The XML text of `outputXML` in an operation's answer (escaped or as CDATA), or null. */
export function saidaAbrasf(corpo: string): string | null {
  const m = /<(?:\w+:)?outputXML[^>]*>([\s\S]*?)<\/(?:\w+:)?outputXML>/.exec(corpo);
  if (!m) return null;
  const bruto = m[1].trim();
  const cdata = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(bruto);
  return cdata ? cdata[1] : bruto.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}
