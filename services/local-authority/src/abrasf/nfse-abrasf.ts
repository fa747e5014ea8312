import { randomInt } from 'node:crypto';
import type { Element } from '@xmldom/xmldom';
import { siglaFromCUf } from '@erp/fiscal-rules';
import { decimal, reais } from '../domain/xml';
import { assinarComoSefin } from '../sefin/assinatura-sefin';
import { textoNfse } from '../sefin/comum';
import type { RegistroAbrasf } from './registro-abrasf';

export const NS_ABRASF = 'http://www.abrasf.org.br/nfse.xsd';
const escapar = (xml: string) => xml.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const mensagens = (raiz: string, codigo: string, mensagem: string) =>
  `<${raiz} xmlns="${NS_ABRASF}"><ListaMensagemRetorno><MensagemRetorno><Codigo>${codigo}</Codigo><Mensagem>${escapar(mensagem).slice(0, 200)}</Mensagem></MensagemRetorno></ListaMensagemRetorno></${raiz}>`;
export const agoraAbrasf = () => `${new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 19)}`;

/** The registry's id of an RPS: `<CNPJ>|<série>|<número>`. */
export const idRpsAbrasf = (cnpj: string, inf: Element) => `${cnpj}|${textoNfse(inf, 'Rps', 'IdentificacaoRps', 'Serie')}|${textoNfse(inf, 'Rps', 'IdentificacaoRps', 'Numero')}`;

/**
 * The city's NFS-e of an RPS (`InfDeclaracaoPrestacaoServico` as received, `rpsXml` its whole `Rps` element): the
 * city's next number, a 9-character verification code, the values (ISS = value x rate / 100, half up, in centavos),
 * the declaration as received, `NfseSubstituida` when it replaces another; signed with the authority's key and
 * registered under its RPS (one NFS-e per RPS: null when the RPS already has one).
 */
export async function gerarNfseMunicipal(
  registro: RegistroAbrasf,
  tls: { key: string; cert: string },
  d: { cnpj: string; inf: Element; rpsXml: string; substituida?: string },
): Promise<{ comp: string; numero: string; cMun: string } | null> {
  const { cnpj, inf } = d;
  const cMun = textoNfse(inf, 'Servico', 'CodigoMunicipio') ?? '';
  const numero = String(await registro.proximoNumero(cMun));
  const verificacao = randomInt(0, 36 ** 9).toString(36).toUpperCase().padStart(9, '0');
  const vServ = decimal(textoNfse(inf, 'Servico', 'Valores', 'ValorServicos')) ?? 0;
  const aliquota = textoNfse(inf, 'Servico', 'Valores', 'Aliquota');
  const vIss = aliquota ? Math.round((vServ * (decimal(aliquota) ?? 0)) / 10_000) : null;
  const declaracao = d.rpsXml.replace(/^<Rps/, '<DeclaracaoPrestacaoServico').replace(/<\/Rps>$/, '</DeclaracaoPrestacaoServico>');
  const uf = siglaFromCUf(cMun.slice(0, 2)) ?? 'SP';
  const nfse = await assinarComoSefin(
    `<Nfse xmlns="${NS_ABRASF}" versao="2.04"><InfNfse Id="NFSE${cMun}N${numero}"><Numero>${numero}</Numero><CodigoVerificacao>${verificacao}</CodigoVerificacao><DataEmissao>${agoraAbrasf()}</DataEmissao>` +
      (d.substituida ? `<NfseSubstituida>${d.substituida}</NfseSubstituida>` : '') +
      `<ValoresNfse><BaseCalculo>${reais(vServ)}</BaseCalculo>${aliquota ? `<Aliquota>${aliquota}</Aliquota><ValorIss>${reais(vIss ?? 0)}</ValorIss>` : ''}<ValorLiquidoNfse>${reais(vServ)}</ValorLiquidoNfse></ValoresNfse>` +
      `<PrestadorServico><RazaoSocial>PRESTADOR ${cnpj}</RazaoSocial><Endereco><Endereco>Endereco do cadastro municipal</Endereco><Numero>SN</Numero><Bairro>Centro</Bairro><CodigoMunicipio>${cMun}</CodigoMunicipio><Uf>${uf}</Uf><Cep>00000000</Cep></Endereco></PrestadorServico>` +
      `<OrgaoGerador><CodigoMunicipio>${cMun}</CodigoMunicipio><Uf>${uf}</Uf></OrgaoGerador>${declaracao}</InfNfse></Nfse>`,
    'Nfse',
    `NFSE${cMun}N${numero}`,
    tls,
  );
  const comp = `<CompNfse xmlns="${NS_ABRASF}">${nfse}</CompNfse>`;
  if (!(await registro.registrar({ _id: idRpsAbrasf(cnpj, inf), cnpj, cMun, numeroNfse: numero, nfse: comp, em: new Date() }))) return null;
  return { comp, numero, cMun };
}

export interface SaidaAbrasf {
  status: number;
  corpo: string;
  derrubar: boolean;
}

export type Responder = (saida: string) => SaidaAbrasf;
