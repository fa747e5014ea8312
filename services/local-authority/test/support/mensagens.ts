import { assinar, chamar, envelope, lerRetorno, type Destino, type Emissor } from './cliente';

/** The other NF-e 4.00 messages the authority serves, signed where the layout signs them, for its tests. */
const NS = 'xmlns="http://www.portalfiscal.inf.br/nfe"';
const dataHora = (d = new Date()) => `${new Date(Math.floor(d.getTime() / 1000) * 1000 - 3 * 3_600_000).toISOString().slice(0, 19)}-03:00`;

export const COND_USO_CCE =
  'A Carta de Correcao e disciplinada pelo paragrafo 1o-A do art. 7o do Convenio S/N, de 15 de dezembro de 1970 e pode ser utilizada para regularizacao de erro ocorrido na emissao de documento fiscal, desde que o erro nao esteja relacionado com: I - as variaveis que determinam o valor do imposto tais como: base de calculo, aliquota, diferenca de preco, quantidade, valor da operacao ou da prestacao; II - a correcao de dados cadastrais que implique mudanca do remetente ou do destinatario; III - a data de emissao ou de saida.';

export const detCancelamento = (nProt: string) => `<descEvento>Cancelamento</descEvento><nProt>${nProt}</nProt><xJust>Pedido cancelado pelo cliente</xJust>`;
export const detCorrecao = (texto: string) => `<descEvento>Carta de Correcao</descEvento><xCorrecao>${texto}</xCorrecao><xCondUso>${COND_USO_CCE}</xCondUso>`;

/** envEvento with one signed event; `id` overrides the computed Id (to break it). */
export function envEvento(emissor: Emissor, chave: string, tpEvento: string, det: string, opcoes: { nSeq?: number; id?: string } = {}): string {
  const nSeq = opcoes.nSeq ?? 1;
  const id = opcoes.id ?? `ID${tpEvento}${chave}${String(nSeq).padStart(2, '0')}`;
  const evento = `<evento ${NS} versao="1.00"><infEvento Id="${id}"><cOrgao>${chave.slice(0, 2)}</cOrgao><tpAmb>2</tpAmb><CNPJ>${emissor.cnpj}</CNPJ><chNFe>${chave}</chNFe><dhEvento>${dataHora()}</dhEvento><tpEvento>${tpEvento}</tpEvento><nSeqEvento>${nSeq}</nSeqEvento><verEvento>1.00</verEvento><detEvento versao="1.00">${det}</detEvento></infEvento></evento>`;
  return `<envEvento ${NS} versao="1.00"><idLote>1</idLote>${assinar(evento, 'infEvento', emissor)}</envEvento>`;
}

export async function evento(emissor: Emissor, chave: string, tpEvento: string, det: string, opcoes: { nSeq?: number; id?: string } = {}) {
  const r = await chamar('NFeRecepcaoEvento4', envelope('NFeRecepcaoEvento4', envEvento(emissor, chave, tpEvento, det, opcoes)), emissor);
  return { ...r, ...lerRetorno(r.corpo) };
}

export function inutNFe(emissor: Emissor, de: number, ate: number, opcoes: { mod?: string; serie?: number } = {}): string {
  const mod = opcoes.mod ?? '55';
  const serie = opcoes.serie ?? 1;
  const ano = String(new Date().getUTCFullYear() % 100).padStart(2, '0');
  const id = `ID35${ano}${emissor.cnpj}${mod}${String(serie).padStart(3, '0')}${String(de).padStart(9, '0')}${String(ate).padStart(9, '0')}`;
  const inut = `<inutNFe ${NS} versao="4.00"><infInut Id="${id}"><tpAmb>2</tpAmb><xServ>INUTILIZAR</xServ><cUF>35</cUF><ano>${ano}</ano><CNPJ>${emissor.cnpj}</CNPJ><mod>${mod}</mod><serie>${serie}</serie><nNFIni>${de}</nNFIni><nNFFin>${ate}</nNFFin><xJust>Numeracao pulada por rejeicao do documento</xJust></infInut></inutNFe>`;
  return assinar(inut, 'infInut', emissor);
}

export async function inutilizar(emissor: Emissor, de: number, ate: number, opcoes: { mod?: string; serie?: number } = {}) {
  const r = await chamar('NFeInutilizacao4', envelope('NFeInutilizacao4', inutNFe(emissor, de, ate, opcoes)), emissor);
  return { ...r, ...lerRetorno(r.corpo) };
}

export async function consultar(emissor: Emissor, chave: string, destino?: Destino) {
  const r = await chamar('NFeConsultaProtocolo4', envelope('NFeConsultaProtocolo4', `<consSitNFe ${NS} versao="4.00"><tpAmb>2</tpAmb><xServ>CONSULTAR</xServ><chNFe>${chave}</chNFe></consSitNFe>`), emissor, 'NFE', destino);
  return { ...r, ...lerRetorno(r.corpo), cStatNfe: /<retConsSitNFe[^>]*>.*?<cStat>(\d+)<\/cStat>/.exec(r.corpo)?.[1] };
}
