import { randomInt, X509Certificate } from 'node:crypto';
import type { Element } from '@xmldom/xmldom';
import { descricaoServico, siglaFromCUf } from '@erp/fiscal-rules';
import { validarXml } from '@erp/fiscal-schemas';
import { digitoChave } from '../domain/chave';
import { decimal, reais } from '../domain/xml';
import { assinarComoSefin, conferirAssinaturaSefin, type ErroSefin } from './assinatura-sefin';
import { dataHoraSefin, deGzipB64, ERRO_SCHEMA, filhoNfse, gzipB64, json, NS_NFSE, PACOTE, raizDe, recusa, textoNfse, VER_APLIC_SEFIN, type ContextoSefin, type SaidaSefin } from './comum';

/**
 * `POST /nfse` of the Sefin stand-in: `{dpsXmlGZipB64}` -> 201 with the NFS-e Sefin generated, or 400 with `erros`.
 * Checked in Sefin's order: the body (gzip + base64 of an XML), the official schema (`DPS_v1.01.xsd`, E1235), the
 * environment (homologation only), the Id against the DPS's own fields, the signature (E0714), cNBS with the IBSCBS
 * group (E0322), then the registry: a DPS Id already used gives E0014 with the Id (one NFS-e per DPS, one unique
 * insert). The key is generated here (what the national standard does): cMun(7) + ambGer(2: Sefin) + tpInsc +
 * inscrição(14) + nNFSe(13) + AAMM + cNum(9) + DV (mod 11). Codes other than E1235/E0322/E0714 are the stand-in's
 * own where Sefin's could not be read (docs/nfse.md).
 */
export async function emitir(corpo: unknown, c: ContextoSefin): Promise<SaidaSefin> {
  const xml = deGzipB64((corpo as { dpsXmlGZipB64?: unknown } | null)?.dpsXmlGZipB64);
  if (xml === null) return recusa([{ codigo: 'E0001', descricao: 'dpsXmlGZipB64 ausente ou não é GZip em base64' }]);
  const esquema = await validarXml(PACOTE, 'DPS_v1.01.xsd', xml);
  if (!esquema.ok) return recusa([ERRO_SCHEMA(esquema.erros.map((e) => e.mensagem).join('; '))]);
  const dps = raizDe(xml)!;
  const inf = filhoNfse(dps, 'infDPS')!;
  const id = inf.getAttribute('Id') ?? '';
  const cnpj = textoNfse(inf, 'prest', 'CNPJ') ?? textoNfse(inf, 'prest', 'CPF') ?? '';
  c.cenarios.contar(cnpj, 'SefinNfse');
  const passo = c.cenarios.proximo(cnpj, 'autorizacao');
  if (passo === 'DERRUBA') return { ...json(0, null), derrubar: true };
  if (passo === 'ERRO_500') return json(500, { erro: 'Erro interno' });
  const erro = (await regras(xml, dps, inf, id, cnpj, c)) ?? rejeicaoDoCenario(c, cnpj);
  if (erro) return recusa([erro], { idDPS: id });

  const duplicada = () => recusa([{ codigo: 'E0014', descricao: 'DPS já existente: já foi gerada uma NFS-e para este Id de DPS', complemento: id }], { idDPS: id });
  // Read first so a repeat spends no NFS-e number; the unique insert below decides between racing repeats.
  if (await c.registro.porDps(id)) return duplicada();
  const cMun = textoNfse(inf, 'cLocEmi')!;
  const numero = await c.registro.proximoNumero(cMun);
  const chave = gerarChave(cMun, cnpj, numero, c.recebidoEm);
  const nfseXml = await montarNfse(xml, inf, chave, numero, c);
  const registrada = await c.registro.registrar({ _id: id, chave, cnpj, nfseXml, substitui: textoNfse(inf, 'subst', 'chSubstda'), em: c.recebidoEm });
  if (!registrada) return duplicada();
  const saida = json(201, { tipoAmbiente: 2, versaoAplicativo: VER_APLIC_SEFIN, dataHoraProcessamento: c.recebidoEm.toISOString(), idDps: id, chaveAcesso: chave, nfseXmlGZipB64: gzipB64(nfseXml), alertas: [] });
  if (passo === 'PROCESSA_E_DERRUBA') return { ...saida, derrubar: true };
  if (passo === 'PROCESSA_E_ATRASA') return { ...saida, atrasoMs: c.cenarios.cenario(cnpj).atrasoMs ?? 8_000 };
  return saida;
}

async function regras(xml: string, dps: Element, inf: Element, id: string, cnpj: string, c: ContextoSefin): Promise<ErroSefin | null> {
  if (textoNfse(inf, 'tpAmb') !== '2') return { codigo: 'E0002', descricao: 'Ambiente de produção não atendido por este servidor (produção restrita)' };
  const tpInsc = textoNfse(inf, 'prest', 'CPF') ? '1' : '2';
  const esperado = `DPS${textoNfse(inf, 'cLocEmi')}${tpInsc}${cnpj.padStart(14, '0')}${(textoNfse(inf, 'serie') ?? '').padStart(5, '0')}${(textoNfse(inf, 'nDPS') ?? '').padStart(15, '0')}`;
  if (id !== esperado) return { codigo: 'E0004', descricao: 'Id da DPS difere da concatenação de cLocEmi, tipo de inscrição, inscrição, série e número', complemento: esperado };
  const assinatura = await conferirAssinaturaSefin(xml, dps, id, c.clienteTls, cnpj);
  if (assinatura) return assinatura;
  if (filhoNfse(inf, 'IBSCBS') && !textoNfse(inf, 'serv', 'cServ', 'cNBS')) return { codigo: 'E0322', descricao: 'O código NBS é obrigatório quando o grupo IBSCBS é informado' };
  return null;
}

function rejeicaoDoCenario(c: ContextoSefin, cnpj: string): ErroSefin | null {
  const codigo = c.cenarios.consumir(cnpj, 'rejeitar');
  return codigo ? { codigo, descricao: 'Rejeição de teste (cenário da autoridade local)' } : null;
}

export function gerarChave(cMun: string, cnpj: string, numero: number, em: Date): string {
  const brasilia = new Date(em.getTime() - 3 * 3600_000).toISOString();
  const aamm = brasilia.slice(2, 4) + brasilia.slice(5, 7);
  const base = `${cMun}2${cnpj.length === 11 ? '1' : '2'}${cnpj.padStart(14, '0')}${String(numero).padStart(13, '0')}${aamm}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
  return base + String(digitoChave(base));
}

/** The name the certificate carries before the CNPJ (`EMPRESA LTDA:11222333000181`): the stand-in has no CNC registry. */
function nomeDoCertificado(der: Buffer): string {
  try {
    return /CN=([^:\n]+)/.exec(new X509Certificate(der).subject)?.[1]?.trim() || 'PRESTADOR';
  } catch {
    return 'PRESTADOR';
  }
}

async function montarNfse(dpsXml: string, inf: Element, chave: string, numero: number, c: ContextoSefin): Promise<string> {
  const cMun = textoNfse(inf, 'cLocEmi')!;
  const cTribNac = textoNfse(inf, 'serv', 'cServ', 'cTribNac') ?? '';
  const vServ = decimal(textoNfse(inf, 'valores', 'vServPrest', 'vServ')) ?? 0;
  const pAliq = textoNfse(inf, 'valores', 'trib', 'tribMun', 'pAliq');
  // ISS = vServ x pAliq / 100, half up, in centavos (pAliq has 2 decimals: hundredths of a percent).
  const vIss = pAliq ? Math.round((vServ * (decimal(pAliq) ?? 0)) / 10_000) : null;
  const im = textoNfse(inf, 'prest', 'IM');
  const dps = /<DPS[\s>][\s\S]*<\/DPS>/.exec(dpsXml)![0];
  const nfse =
    `<NFSe xmlns="${NS_NFSE}" versao="1.01"><infNFSe Id="NFS${chave}">` +
    `<xLocEmi>Municipio ${cMun}</xLocEmi><xLocPrestacao>Municipio ${textoNfse(inf, 'serv', 'locPrest', 'cLocPrestacao') ?? cMun}</xLocPrestacao>` +
    `<nNFSe>${numero}</nNFSe><xTribNac>${descricaoServico(`${cTribNac.slice(0, 2)}.${cTribNac.slice(2, 4)}`) ?? 'Servico'}</xTribNac>` +
    `<verAplic>${VER_APLIC_SEFIN}</verAplic><ambGer>2</ambGer><tpEmis>1</tpEmis><cStat>100</cStat><dhProc>${dataHoraSefin(c.recebidoEm)}</dhProc><nDFSe>${numero}</nDFSe>` +
    `<emit><CNPJ>${textoNfse(inf, 'prest', 'CNPJ')}</CNPJ>${im ? `<IM>${im}</IM>` : ''}<xNome>${escapar(nomeDoCertificado(c.clienteTls))}</xNome>` +
    `<enderNac><xLgr>Endereco do cadastro nacional</xLgr><nro>SN</nro><xBairro>Centro</xBairro><cMun>${cMun}</cMun><UF>${siglaFromCUf(cMun.slice(0, 2)) ?? 'SP'}</UF><CEP>00000000</CEP></enderNac></emit>` +
    `<valores>${pAliq ? `<vBC>${reais(vServ)}</vBC><pAliqAplic>${pAliq}</pAliqAplic><vISSQN>${reais(vIss ?? 0)}</vISSQN>` : ''}<vLiq>${reais(vServ)}</vLiq></valores>` +
    `${dps}</infNFSe></NFSe>`;
  return assinarComoSefin(nfse, 'NFSe', `NFS${chave}`, c.tls);
}

const escapar = (texto: string) => texto.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
