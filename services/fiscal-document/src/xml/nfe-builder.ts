import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { Ambiente, Tributo } from '@erp/contracts';
import { dataHoraBrasilia } from '@erp/fiscal-rules';
import { dec2, decN, percentual, texto } from './format';
import type { EnderecoDestinatario } from '../domain/emission-input';

/**
 * The NF-e / NFC-e 4.00 XML (layout PL_010, NT 2025.002-RTC v1.30 groups), built element by element with
 * xmlbuilder2 in the exact order of leiauteNFe_v4.00.xsd. Pure: everything comes in `DadosNfe`; the result is
 * the unsigned `<NFe>` (the signature is added by `signature.ts`, the NFC-e `infNFeSupl` here, before it).
 */
export const NS_NFE = 'http://www.portalfiscal.inf.br/nfe';
export const VERSAO_PROCESSO = 'erp-fiscal 1.0';

/** What SEFAZ requires as the recipient's name and the first item's description in homologation (tpAmb 2). */
export const NOME_HOMOLOGACAO = 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';
export const ITEM_HOMOLOGACAO_NFCE = 'NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

export interface EnderecoEmitente {
  logradouro: string;
  numero: string;
  complemento: string | null;
  bairro: string;
  codigoMunicipio: string;
  municipio: string;
  uf: string;
  cep: string;
  telefone: string | null;
}

/** One tax of an item as the tax engine computed it (money in centavos, the rate in percent). */
export interface LinhaItem {
  tributo: Tributo;
  baseCentavos: number;
  aliquota: number;
  valorCentavos: number;
  informativo: boolean;
}

export interface ItemNfe {
  codigo: string;
  descricao: string;
  ncm: string;
  cfop: string;
  unidade: string;
  quantidade: number;
  valorUnitario: number;
  valorCentavos: number;
  /** ICMS situation: CST (regime normal) or CSOSN (Simples Nacional). */
  cst: string | null;
  csosn: string | null;
  impostos: LinhaItem[];
}

export interface DadosNfe {
  chave: string;
  modelo: 'NFE' | 'NFCE';
  ambiente: Ambiente;
  emitidoEm: Date;
  naturezaOperacao: string;
  emitente: {
    cnpj: string;
    razaoSocial: string;
    inscricaoEstadual: string;
    /** 1 Simples Nacional, 3 regime normal (CRT). */
    crt: '1' | '3';
    endereco: EnderecoEmitente;
  };
  destinatario: {
    documento: string;
    tipoDocumento: 'CNPJ' | 'CPF';
    nome: string | null;
    uf: string | null;
    codigoMunicipio: string | null;
    inscricaoEstadual: string | null;
    endereco?: EnderecoDestinatario | null;
  } | null;
  itens: ItemNfe[];
  /** The CT-e of the freight (spec: "the goods NF-e references the CT-e"): `NFref/refCTe`, freight by the issuer. */
  chaveCteReferenciada: string | null;
  /** `modFrete` as issued (absent on documents stored before it was: the rule below). */
  modalidadeFrete?: number | null;
  informacoesComplementares: string | null;
  /** NFC-e only: the QR code text and the consultation URL (`infNFeSupl`). */
  qrCode: { url: string; urlChave: string } | null;
}

const soma = (itens: ItemNfe[], tributo: Tributo, campo: 'baseCentavos' | 'valorCentavos') =>
  itens.reduce((total, item) => total + (item.impostos.find((l) => l.tributo === tributo)?.[campo] ?? 0), 0);

const linha = (item: ItemNfe, tributo: Tributo) => item.impostos.find((l) => l.tributo === tributo) ?? null;

/** `idDest`: 1 internal, 2 interstate, 3 abroad. */
function destinoOperacao(dados: DadosNfe): string {
  const uf = dados.destinatario?.uf;
  if (uf === 'EX') return '3';
  return uf && uf !== dados.emitente.endereco.uf ? '2' : '1';
}

/** ICMS, IPI, PIS, COFINS and the 2026 IBS/CBS group of one item, in the layout's order. */
function impostos(det: XMLBuilder, item: ItemNfe, dados: DadosNfe): void {
  const imposto = det.ele('imposto');
  const icms = imposto.ele('ICMS');
  const origem = '0';
  if (dados.emitente.crt === '1') {
    const csosn = item.csosn ?? '102';
    const grupo = ['102', '103', '300', '400'].includes(csosn) ? 'ICMSSN102' : csosn === '500' ? 'ICMSSN500' : 'ICMSSN900';
    icms.ele(`${grupo}`).ele('orig').txt(origem).up().ele('CSOSN').txt(csosn);
  } else {
    const cst = item.cst ?? '00';
    const valor = linha(item, 'ICMS');
    if (cst === '00' || cst === '90') {
      const g = icms.ele(`ICMS${cst}`).ele('orig').txt(origem).up().ele('CST').txt(cst).up();
      if (cst === '00' || valor) {
        g.ele('modBC').txt('3').up();
        g.ele('vBC').txt(dec2(valor?.baseCentavos ?? 0)).up();
        g.ele('pICMS').txt(percentual(valor?.aliquota ?? 0)).up();
        g.ele('vICMS').txt(dec2(valor?.valorCentavos ?? 0));
      }
    } else if (cst === '60') {
      icms.ele('ICMS60').ele('orig').txt(origem).up().ele('CST').txt(cst);
    } else {
      icms.ele('ICMS40').ele('orig').txt(origem).up().ele('CST').txt(cst);
    }
  }
  const ipi = linha(item, 'IPI');
  if (dados.modelo === 'NFE' && ipi && ipi.valorCentavos > 0) {
    imposto
      .ele('IPI')
      .ele('cEnq').txt('999').up()
      .ele('IPITrib')
      .ele('CST').txt('50').up()
      .ele('vBC').txt(dec2(ipi.baseCentavos)).up()
      .ele('pIPI').txt(percentual(ipi.aliquota)).up()
      .ele('vIPI').txt(dec2(ipi.valorCentavos));
  }
  for (const tributo of ['PIS', 'COFINS'] as const) {
    const valor = linha(item, tributo);
    const grupo = imposto.ele(tributo);
    if (valor) {
      grupo
        .ele(`${tributo}Aliq`)
        .ele('CST').txt('01').up()
        .ele('vBC').txt(dec2(valor.baseCentavos)).up()
        .ele(tributo === 'PIS' ? 'pPIS' : 'pCOFINS').txt(percentual(valor.aliquota)).up()
        .ele(tributo === 'PIS' ? 'vPIS' : 'vCOFINS').txt(dec2(valor.valorCentavos));
    } else {
      // Simples Nacional: PIS/COFINS are inside the DAS; the item still carries the group, with CST 99 and zeros.
      grupo
        .ele(`${tributo}Outr`)
        .ele('CST').txt('99').up()
        .ele('vBC').txt('0.00').up()
        .ele(tributo === 'PIS' ? 'pPIS' : 'pCOFINS').txt('0.00').up()
        .ele(tributo === 'PIS' ? 'vPIS' : 'vCOFINS').txt('0.00');
    }
  }
  // IBS/CBS (NT 2025.002-RTC): regime-normal issuers fill them from 2026 (Simples Nacional from 2027).
  const cbs = linha(item, 'CBS');
  if (dados.emitente.crt === '3' && cbs) {
    const ibsUf = linha(item, 'IBS_UF');
    const ibsMun = linha(item, 'IBS_MUN');
    const vIbs = (ibsUf?.valorCentavos ?? 0) + (ibsMun?.valorCentavos ?? 0);
    imposto
      .ele('IBSCBS')
      .ele('CST').txt('000').up()
      .ele('cClassTrib').txt('000001').up()
      .ele('gIBSCBS')
      .ele('vBC').txt(dec2(cbs.baseCentavos)).up()
      .ele('gIBSUF').ele('pIBSUF').txt(percentual(ibsUf?.aliquota ?? 0)).up().ele('vIBSUF').txt(dec2(ibsUf?.valorCentavos ?? 0)).up().up()
      .ele('gIBSMun').ele('pIBSMun').txt(percentual(ibsMun?.aliquota ?? 0)).up().ele('vIBSMun').txt(dec2(ibsMun?.valorCentavos ?? 0)).up().up()
      .ele('vIBS').txt(dec2(vIbs)).up()
      .ele('gCBS').ele('pCBS').txt(percentual(cbs.aliquota)).up().ele('vCBS').txt(dec2(cbs.valorCentavos));
  }
}

/** `vItem` (NT 2025.002-RTC): the item's value with the taxes outside `vProd`; in 2026 IBS/CBS are not added. */
function valorItem(item: ItemNfe, dados: DadosNfe): number {
  const ipi = dados.modelo === 'NFE' ? (linha(item, 'IPI')?.valorCentavos ?? 0) : 0;
  return item.valorCentavos + ipi;
}

/** The unsigned `<NFe>` (with `infNFeSupl` for an NFC-e), as text without declaration or indentation. */
export function montarNfe(dados: DadosNfe): string {
  const { chave, emitente } = dados;
  const homologacao = dados.ambiente === 'HOMOLOGAÇÃO';
  const nfce = dados.modelo === 'NFCE';
  const doc = create().ele(NS_NFE, 'NFe');
  const inf = doc.ele('infNFe', { versao: '4.00', Id: `NFe${chave}` });

  const destinatario = dados.destinatario;
  const consumidorFinal = nfce || !destinatario || destinatario.tipoDocumento === 'CPF' || !destinatario.inscricaoEstadual;
  const ide = inf.ele('ide');
  ide.ele('cUF').txt(chave.slice(0, 2));
  ide.ele('cNF').txt(chave.slice(35, 43));
  ide.ele('natOp').txt(texto(dados.naturezaOperacao, 60));
  ide.ele('mod').txt(chave.slice(20, 22));
  ide.ele('serie').txt(String(Number(chave.slice(22, 25))));
  ide.ele('nNF').txt(String(Number(chave.slice(25, 34))));
  ide.ele('dhEmi').txt(dataHoraBrasilia(dados.emitidoEm));
  ide.ele('tpNF').txt('1');
  ide.ele('idDest').txt(nfce ? '1' : destinoOperacao(dados));
  ide.ele('cMunFG').txt(emitente.endereco.codigoMunicipio);
  ide.ele('tpImp').txt(nfce ? '4' : '1');
  ide.ele('tpEmis').txt(chave.slice(34, 35));
  ide.ele('cDV').txt(chave.slice(43));
  ide.ele('tpAmb').txt(homologacao ? '2' : '1');
  ide.ele('finNFe').txt('1');
  ide.ele('indFinal').txt(consumidorFinal ? '1' : '0');
  ide.ele('indPres').txt(nfce ? '1' : '9');
  ide.ele('indIntermed').txt('0');
  ide.ele('procEmi').txt('0');
  ide.ele('verProc').txt(VERSAO_PROCESSO);
  if (dados.chaveCteReferenciada) ide.ele('NFref').ele('refCTe').txt(dados.chaveCteReferenciada);

  const emit = inf.ele('emit');
  emit.ele('CNPJ').txt(emitente.cnpj);
  emit.ele('xNome').txt(texto(emitente.razaoSocial, 60));
  const end = emit.ele('enderEmit');
  end.ele('xLgr').txt(texto(emitente.endereco.logradouro, 60));
  end.ele('nro').txt(texto(emitente.endereco.numero, 60));
  if (emitente.endereco.complemento) end.ele('xCpl').txt(texto(emitente.endereco.complemento, 60));
  end.ele('xBairro').txt(texto(emitente.endereco.bairro, 60));
  end.ele('cMun').txt(emitente.endereco.codigoMunicipio);
  end.ele('xMun').txt(texto(emitente.endereco.municipio, 60));
  end.ele('UF').txt(emitente.endereco.uf);
  end.ele('CEP').txt(emitente.endereco.cep);
  end.ele('cPais').txt('1058');
  end.ele('xPais').txt('Brasil');
  if (emitente.endereco.telefone) end.ele('fone').txt(emitente.endereco.telefone);
  emit.ele('IE').txt(emitente.inscricaoEstadual);
  emit.ele('CRT').txt(emitente.crt);

  if (destinatario) {
    const dest = inf.ele('dest');
    dest.ele(destinatario.tipoDocumento).txt(destinatario.documento);
    const nome = homologacao ? NOME_HOMOLOGACAO : destinatario.nome;
    if (nome) dest.ele('xNome').txt(texto(nome, 60));
    const endereco = destinatario.endereco;
    // The input checks that an address comes with the UF and the city's code (document-input.ts).
    if (endereco && destinatario.uf && destinatario.codigoMunicipio) {
      const ender = dest.ele('enderDest');
      ender.ele('xLgr').txt(texto(endereco.logradouro, 60));
      ender.ele('nro').txt(texto(endereco.numero, 60));
      if (endereco.complemento) ender.ele('xCpl').txt(texto(endereco.complemento, 60));
      ender.ele('xBairro').txt(texto(endereco.bairro, 60));
      ender.ele('cMun').txt(destinatario.codigoMunicipio);
      ender.ele('xMun').txt(texto(endereco.municipio, 60));
      ender.ele('UF').txt(destinatario.uf);
      ender.ele('CEP').txt(endereco.cep);
      ender.ele('cPais').txt('1058');
      ender.ele('xPais').txt('Brasil');
      if (endereco.telefone) ender.ele('fone').txt(endereco.telefone);
    }
    const ie = destinatario.inscricaoEstadual;
    // 1 taxpayer with IE, 2 exempt taxpayer, 9 not a taxpayer (always 9 on an NFC-e).
    dest.ele('indIEDest').txt(nfce || !ie ? '9' : ie === 'ISENTO' ? '2' : '1');
    if (!nfce && ie && ie !== 'ISENTO') dest.ele('IE').txt(ie);
  }

  dados.itens.forEach((item, i) => {
    const det = inf.ele('det', { nItem: String(i + 1) });
    const prod = det.ele('prod');
    prod.ele('cProd').txt(texto(item.codigo, 60));
    prod.ele('cEAN').txt('SEM GTIN');
    prod.ele('xProd').txt(nfce && homologacao && i === 0 ? ITEM_HOMOLOGACAO_NFCE : texto(item.descricao, 120));
    prod.ele('NCM').txt(item.ncm);
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
    impostos(det, item, dados);
    det.ele('vItem').txt(dec2(valorItem(item, dados)));
  });

  const vProd = dados.itens.reduce((t, item) => t + item.valorCentavos, 0);
  const vIpi = dados.modelo === 'NFE' ? soma(dados.itens, 'IPI', 'valorCentavos') : 0;
  const vNf = vProd + vIpi;
  const icmsNormal = emitente.crt === '3';
  const total = inf.ele('total');
  const icmsTot = total.ele('ICMSTot');
  const zero = '0.00';
  const totais: [string, string][] = [
    ['vBC', dec2(icmsNormal ? soma(dados.itens, 'ICMS', 'baseCentavos') : 0)],
    ['vICMS', dec2(icmsNormal ? soma(dados.itens, 'ICMS', 'valorCentavos') : 0)],
    ['vICMSDeson', zero],
    ['vFCP', zero],
    ['vBCST', zero],
    ['vST', zero],
    ['vFCPST', zero],
    ['vFCPSTRet', zero],
    ['vProd', dec2(vProd)],
    ['vFrete', zero],
    ['vSeg', zero],
    ['vDesc', zero],
    ['vII', zero],
    ['vIPI', dec2(vIpi)],
    ['vIPIDevol', zero],
    ['vPIS', dec2(soma(dados.itens, 'PIS', 'valorCentavos'))],
    ['vCOFINS', dec2(soma(dados.itens, 'COFINS', 'valorCentavos'))],
    ['vOutro', zero],
    ['vNF', dec2(vNf)],
  ];
  for (const [nome, valor] of totais) icmsTot.ele(nome).txt(valor);
  const temIbsCbs = icmsNormal && dados.itens.some((item) => linha(item, 'CBS'));
  if (temIbsCbs) {
    const vIbsUf = soma(dados.itens, 'IBS_UF', 'valorCentavos');
    const vIbsMun = soma(dados.itens, 'IBS_MUN', 'valorCentavos');
    total
      .ele('IBSCBSTot')
      .ele('vBCIBSCBS').txt(dec2(soma(dados.itens, 'CBS', 'baseCentavos'))).up()
      .ele('gIBS')
      .ele('gIBSUF').ele('vDif').txt(zero).up().ele('vDevTrib').txt(zero).up().ele('vIBSUF').txt(dec2(vIbsUf)).up().up()
      .ele('gIBSMun').ele('vDif').txt(zero).up().ele('vDevTrib').txt(zero).up().ele('vIBSMun').txt(dec2(vIbsMun)).up().up()
      .ele('vIBS').txt(dec2(vIbsUf + vIbsMun)).up()
      .ele('vCredPres').txt(zero).up()
      .ele('vCredPresCondSus').txt(zero).up()
      .up()
      .ele('gCBS')
      .ele('vDif').txt(zero).up()
      .ele('vDevTrib').txt(zero).up()
      .ele('vCBS').txt(dec2(soma(dados.itens, 'CBS', 'valorCentavos'))).up()
      .ele('vCredPres').txt(zero).up()
      .ele('vCredPresCondSus').txt(zero);
  }
  // vNFTot = Σ vItem (W60-10); in 2026 it equals vNF, since IBS/CBS are not added to the items.
  total.ele('vNFTot').txt(dec2(dados.itens.reduce((t, item) => t + valorItem(item, dados), 0)));

  // Freight: paid by the issuer (CIF, 0) when a CT-e documents it, else no freight (9; always 9 on an NFC-e).
  inf.ele('transp').ele('modFrete').txt(String(dados.modalidadeFrete ?? (!nfce && dados.chaveCteReferenciada ? 0 : 9)));

  // The emission collects no means of payment: "99 - Outros" for the whole value (xPag is required with 99).
  inf.ele('pag').ele('detPag').ele('indPag').txt('0').up().ele('tPag').txt('99').up().ele('xPag').txt('Outros').up().ele('vPag').txt(dec2(vNf));

  const complementares = [
    emitente.crt === '1' ? 'Documento emitido por ME ou EPP optante pelo Simples Nacional.' : null,
    dados.chaveCteReferenciada ? `Transporte documentado pelo CT-e ${dados.chaveCteReferenciada}.` : null,
    dados.informacoesComplementares,
  ].filter((t): t is string => Boolean(t));
  if (complementares.length > 0) inf.ele('infAdic').ele('infCpl').txt(texto(complementares.join(' '), 5000));

  if (dados.qrCode) doc.ele('infNFeSupl').ele('qrCode').txt(dados.qrCode.url).up().ele('urlChave').txt(dados.qrCode.urlChave);
  return doc.end({ headless: true, prettyPrint: false });
}
