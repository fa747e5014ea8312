import { createHash } from 'node:crypto';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { dec2, decN, percentual, texto } from '../format';
import { escreverIcms, icmsDoItem } from './icms';
import { escreverDifal, escreverIbsCbs, escreverIpi, escreverPisCofins, valorItem } from './item-taxes';
import { escreverDestinatario, escreverEmitente, escreverExportacao, escreverIde } from './parties';
import { escreverPagamentos } from './payment';
import { escreverTotal } from './total';
import { ITEM_HOMOLOGACAO_NFCE, NS_NFE, type DadosNfe, type ResponsavelTecnico } from './types';

export {
  ITEM_HOMOLOGACAO_NFCE,
  NOME_HOMOLOGACAO,
  NS_NFE,
  VERSAO_PROCESSO,
  type DadosNfe,
  type EnderecoEmitente,
  type IcmsStRetido,
  type ItemNfe,
  type LinhaItem,
  type ResponsavelTecnico,
} from './types';

/**
 * The NF-e / NFC-e 4.00 XML (layout PL_010, NT 2025.002-RTC v1.30 groups), assembled from one part per group
 * (ide and parties, each item's product and taxes, totals, transport, payment, additional data, the technical
 * responsible) in the exact order of leiauteNFe_v4.00.xsd, with xmlbuilder2. Pure: everything comes in `DadosNfe`;
 * the result is the unsigned `<NFe>` (the signature is added by `signature.ts`, the NFC-e `infNFeSupl` here).
 */
export function montarNfe(dados: DadosNfe, opcoes: { indentado?: boolean } = {}): string {
  const nfce = dados.modelo === 'NFCE';
  const homologacao = dados.ambiente === 'HOMOLOGAÇÃO';
  const doc = create().ele(NS_NFE, 'NFe');
  const inf = doc.ele('infNFe', { versao: '4.00', Id: `NFe${dados.chave}` });
  escreverIde(inf, dados);
  escreverEmitente(inf, dados);
  escreverDestinatario(inf, dados);

  const icms = dados.itens.map((item, i) => icmsDoItem(item, i, dados.emitente.crt));
  dados.itens.forEach((item, i) => {
    const det = inf.ele('det', { nItem: String(i + 1) });
    const prod = det.ele('prod');
    prod.ele('cProd').txt(texto(item.codigo, 60));
    prod.ele('cEAN').txt('SEM GTIN');
    prod.ele('xProd').txt(nfce && homologacao && i === 0 ? ITEM_HOMOLOGACAO_NFCE : texto(item.descricao, 120));
    prod.ele('NCM').txt(item.ncm);
    if (item.cest) prod.ele('CEST').txt(item.cest);
    prod.ele('CFOP').txt(item.cfop);
    prod.ele('uCom').txt(texto(item.unidade, 6));
    prod.ele('qCom').txt(decN(item.quantidade, 4));
    prod.ele('vUnCom').txt(decN(item.valorUnitario, 10));
    prod.ele('vProd').txt(dec2(item.valorCentavos));
    prod.ele('cEANTrib').txt('SEM GTIN');
    prod.ele('uTrib').txt(texto(item.unidade, 6));
    prod.ele('qTrib').txt(decN(item.quantidade, 4));
    prod.ele('vUnTrib').txt(decN(item.valorUnitario, 10));
    prod.ele('indTot').txt('1');
    const imposto = det.ele('imposto');
    escreverIcms(imposto, icms[i]);
    escreverIpi(imposto, item, dados);
    escreverPisCofins(imposto, item);
    escreverDifal(imposto, item);
    escreverIbsCbs(imposto, item, dados);
    det.ele('vItem').txt(dec2(valorItem(item, dados)));
  });
  const vNf = escreverTotal(inf, dados, icms);

  // Freight: paid by the issuer (CIF, 0) when a CT-e documents it, else no freight (9; always 9 on an NFC-e).
  inf.ele('transp').ele('modFrete').txt(String(dados.modalidadeFrete ?? (!nfce && dados.chaveCteReferenciada ? 0 : 9)));
  escreverPagamentos(inf, dados.pagamentos ?? null, vNf);
  const complementares = [
    dados.emitente.crt === '1' ? 'Documento emitido por ME ou EPP optante pelo Simples Nacional.' : null,
    textoCreditoSn(dados),
    dados.chaveCteReferenciada ? `Transporte documentado pelo CT-e ${dados.chaveCteReferenciada}.` : null,
    dados.informacoesComplementares,
  ].filter((t): t is string => Boolean(t));
  if (complementares.length > 0) inf.ele('infAdic').ele('infCpl').txt(texto(complementares.join(' '), 5000));
  escreverExportacao(inf, dados);
  if (dados.responsavelTecnico) escreverResponsavelTecnico(inf, dados.responsavelTecnico, dados.chave);

  if (dados.qrCode) doc.ele('infNFeSupl').ele('qrCode').txt(dados.qrCode.url).up().ele('urlChave').txt(dados.qrCode.urlChave);
  // Indented only to tell a schema error's line (schema-check.ts); what is signed and sent is the compact text.
  return doc.end({ headless: true, prettyPrint: opcoes.indentado ?? false });
}

/**
 * `infRespTec` (NT 2018.005): who made the issuing software; with the CSRT where the UF issued one, `hashCSRT` is
 * Base64(SHA-1(CSRT + access key)).
 */
function escreverResponsavelTecnico(inf: XMLBuilder, r: ResponsavelTecnico, chave: string): void {
  const resp = inf.ele('infRespTec');
  resp.ele('CNPJ').txt(r.cnpj);
  resp.ele('xContato').txt(texto(r.contato, 60));
  resp.ele('email').txt(r.email);
  resp.ele('fone').txt(r.fone);
  if (r.csrt) {
    resp.ele('idCSRT').txt(r.csrt.id);
    resp.ele('hashCSRT').txt(createHash('sha1').update(r.csrt.codigo + chave).digest('base64'));
  }
}

/**
 * CSOSN 101 / 201: the statement LC 123/2006 art. 23 §2º asks for (the credit's value and rate), in the words the
 * CGSN's resolution uses; one rate per document when the items share it, else the total only.
 */
function textoCreditoSn(dados: DadosNfe): string | null {
  const creditos = dados.itens.flatMap((item) => (item.icms?.creditoSimples ? [item.icms.creditoSimples] : []));
  if (creditos.length === 0) return null;
  const total = creditos.reduce((t, c) => t + c.valorCentavos, 0);
  const aliquotas = new Set(creditos.map((c) => c.aliquota));
  const aliquota = aliquotas.size === 1 ? `; CORRESPONDENTE A ALIQUOTA DE ${percentual(creditos[0].aliquota).replace('.', ',')}%` : '';
  return `PERMITE O APROVEITAMENTO DO CREDITO DE ICMS NO VALOR DE R$ ${dec2(total).replace('.', ',')}${aliquota}, NOS TERMOS DO ART. 23 DA LC 123/2006.`;
}
