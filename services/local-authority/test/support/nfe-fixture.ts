import { cUfFromSigla, withCnpjCheckDigits } from '@erp/fiscal-rules';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';

/**
 * NF-e / NFC-e documents for the authority's tests, written here (not by fiscal-document's builder) so each test
 * states the document it sends: by default a valid one that passes every rule; a test breaks one thing by an option
 * or by editing the XML before signing (`alterar`). Money in centavos; every total is computed from the items.
 */
export interface ItemFixture {
  cfop?: string;
  ncm?: string;
  cest?: string;
  vProd?: number;
  /** Regime normal: the ICMS situation (00 taxed at `pICMS`, 40 exempt, 60 ST withheld earlier). */
  cst?: '00' | '40' | '60';
  /** Simples Nacional (CRT 1): 102 or 500 (ST withheld earlier). */
  csosn?: '102' | '500';
  pICMS?: number;
  /** CST 60 / CSOSN 500: the ST withheld earlier (vBCSTRet, pST, vICMSSubstituto, vICMSSTRet). */
  retido?: boolean;
  /** The DIFAL group (ICMSUFDest) at 18% internal / 12% interstate, FCP 2%. */
  difal?: boolean;
}

export interface OpcoesNfe {
  modelo?: '55' | '65';
  cnpj: string;
  uf?: string;
  crt?: '1' | '3';
  serie?: number;
  numero?: number;
  cNF?: string;
  dhEmi?: Date;
  tpAmb?: '1' | '2';
  /** null: no recipient (an NFC-e to an unidentified consumer). */
  destinatario?: { cnpj?: string; cpf?: string; estrangeiro?: string; uf: string; ie?: string; indIEDest: '1' | '2' | '9'; xNome?: string } | null;
  indFinal?: '0' | '1';
  itens?: ItemFixture[];
  /** infRespTec, written by default. */
  responsavelTecnico?: boolean;
  tPag?: string;
}

export const NOME_HOMOLOGACAO = 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';
export const CNPJ_RESPONSAVEL_TECNICO = withCnpjCheckDigits('112223330001');

const dec2 = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
const dataHora = (d: Date) => `${new Date(Math.floor(d.getTime() / 1000) * 1000 - 3 * 3_600_000).toISOString().slice(0, 19)}-03:00`;
/** Rounds half up to the centavo: base x rate% (the tests' figures are chosen to be exact). */
const aplicar = (base: number, percentual: number) => Math.round((base * percentual) / 100);

function dv(semDigito: string): number {
  let soma = 0;
  let peso = 2;
  for (let i = semDigito.length - 1; i >= 0; i -= 1) {
    soma += (semDigito.charCodeAt(i) - 48) * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

export function chaveDe(o: { cUF: string; dhEmi: string; cnpj: string; mod: string; serie: number; numero: number; cNF: string }): string {
  const base = `${o.cUF}${o.dhEmi.slice(2, 4)}${o.dhEmi.slice(5, 7)}${o.cnpj}${o.mod}${String(o.serie).padStart(3, '0')}${String(o.numero).padStart(9, '0')}1${o.cNF}`;
  return base + String(dv(base));
}

interface Valores {
  vBC: number;
  vICMS: number;
  vProd: number;
  vPIS: number;
  vCOFINS: number;
  vFCPUFDest: number;
  vICMSUFDest: number;
  vICMSUFRemet: number;
  vBCIBSCBS: number;
  vIBSUF: number;
  vIBSMun: number;
  vCBS: number;
}

function item(det: XMLBuilder, it: ItemFixture, i: number, o: Required<Pick<OpcoesNfe, 'modelo' | 'crt' | 'tpAmb'>>, soma: Valores): void {
  const vProd = it.vProd ?? 100_000;
  const prod = det.ele('prod');
  prod.ele('cProd').txt(`P${i + 1}`).up().ele('cEAN').txt('SEM GTIN').up();
  prod.ele('xProd').txt(o.modelo === '65' && o.tpAmb === '2' && i === 0 ? 'NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL' : `Produto ${i + 1}`).up();
  prod.ele('NCM').txt(it.ncm ?? '94013000').up();
  if (it.cest) prod.ele('CEST').txt(it.cest).up();
  prod.ele('CFOP').txt(it.cfop ?? '5102').up().ele('uCom').txt('UN').up().ele('qCom').txt('1.0000').up().ele('vUnCom').txt(dec2(vProd)).up();
  prod.ele('vProd').txt(dec2(vProd)).up().ele('cEANTrib').txt('SEM GTIN').up().ele('uTrib').txt('UN').up().ele('qTrib').txt('1.0000').up();
  prod.ele('vUnTrib').txt(dec2(vProd)).up().ele('indTot').txt('1');
  soma.vProd += vProd;
  const imposto = det.ele('imposto');
  const icms = imposto.ele('ICMS');
  const retido = (g: XMLBuilder) => g.ele('vBCSTRet').txt(dec2(vProd)).up().ele('pST').txt('18.00').up().ele('vICMSSubstituto').txt(dec2(aplicar(vProd, 12))).up().ele('vICMSSTRet').txt(dec2(aplicar(vProd, 6)));
  if (o.crt === '1') {
    const csosn = it.csosn ?? '102';
    const g = icms.ele(csosn === '500' ? 'ICMSSN500' : 'ICMSSN102').ele('orig').txt('0').up().ele('CSOSN').txt(csosn).up();
    if (csosn === '500' && it.retido) retido(g);
  } else {
    const cst = it.cst ?? '00';
    if (cst === '00') {
      const pICMS = it.pICMS ?? 18;
      const vICMS = aplicar(vProd, pICMS);
      icms.ele('ICMS00').ele('orig').txt('0').up().ele('CST').txt('00').up().ele('modBC').txt('3').up().ele('vBC').txt(dec2(vProd)).up().ele('pICMS').txt(`${pICMS}.00`).up().ele('vICMS').txt(dec2(vICMS));
      soma.vBC += vProd;
      soma.vICMS += vICMS;
    } else if (cst === '60') {
      const g = icms.ele('ICMS60').ele('orig').txt('0').up().ele('CST').txt('60').up();
      if (it.retido) retido(g);
    } else {
      icms.ele('ICMS40').ele('orig').txt('0').up().ele('CST').txt(cst);
    }
  }
  const pis = aplicar(vProd, 1.65);
  const cofins = aplicar(vProd, 7.6);
  if (o.crt === '3') {
    imposto.ele('PIS').ele('PISAliq').ele('CST').txt('01').up().ele('vBC').txt(dec2(vProd)).up().ele('pPIS').txt('1.65').up().ele('vPIS').txt(dec2(pis));
    imposto.ele('COFINS').ele('COFINSAliq').ele('CST').txt('01').up().ele('vBC').txt(dec2(vProd)).up().ele('pCOFINS').txt('7.60').up().ele('vCOFINS').txt(dec2(cofins));
    soma.vPIS += pis;
    soma.vCOFINS += cofins;
  } else {
    for (const t of ['PIS', 'COFINS']) imposto.ele(t).ele(`${t}Outr`).ele('CST').txt('99').up().ele('vBC').txt('0.00').up().ele(`p${t}`).txt('0.00').up().ele(`v${t}`).txt('0.00');
  }
  if (it.difal) {
    // 18% internal in the destination, 12% interstate, FCP 2%: DIFAL = 6% of the base, all to the destination (2019 on).
    const [fcp, dest] = [aplicar(vProd, 2), aplicar(vProd, 6)];
    imposto
      .ele('ICMSUFDest')
      .ele('vBCUFDest').txt(dec2(vProd)).up().ele('vBCFCPUFDest').txt(dec2(vProd)).up().ele('pFCPUFDest').txt('2.00').up().ele('pICMSUFDest').txt('18.00').up()
      .ele('pICMSInter').txt('12.00').up().ele('pICMSInterPart').txt('100.00').up().ele('vFCPUFDest').txt(dec2(fcp)).up().ele('vICMSUFDest').txt(dec2(dest)).up().ele('vICMSUFRemet').txt('0.00');
    soma.vFCPUFDest += fcp;
    soma.vICMSUFDest += dest;
  }
  if (o.crt === '3') {
    // 2026: CBS 0.9%, IBS (UF) 0.1%, IBS (municipality) 0% over the item's value.
    const [cbs, ibsUf] = [aplicar(vProd, 0.9), aplicar(vProd, 0.1)];
    imposto
      .ele('IBSCBS').ele('CST').txt('000').up().ele('cClassTrib').txt('000001').up()
      .ele('gIBSCBS').ele('vBC').txt(dec2(vProd)).up()
      .ele('gIBSUF').ele('pIBSUF').txt('0.10').up().ele('vIBSUF').txt(dec2(ibsUf)).up().up()
      .ele('gIBSMun').ele('pIBSMun').txt('0.00').up().ele('vIBSMun').txt('0.00').up().up()
      .ele('vIBS').txt(dec2(ibsUf)).up()
      .ele('gCBS').ele('pCBS').txt('0.90').up().ele('vCBS').txt(dec2(cbs));
    soma.vBCIBSCBS += vProd;
    soma.vIBSUF += ibsUf;
    soma.vCBS += cbs;
  }
  det.ele('vItem').txt(dec2(vProd));
}

/** The unsigned `<NFe>` (with `infNFeSupl` for an NFC-e) and its key. */
export function montarNfe(opcoes: OpcoesNfe): { xml: string; chave: string } {
  const o = { modelo: '55' as const, uf: 'SP', crt: '3' as const, serie: 1, numero: 1, cNF: '12345678', dhEmi: new Date(), tpAmb: '2' as const, responsavelTecnico: true, ...opcoes };
  const nfce = o.modelo === '65';
  const cUF = cUfFromSigla(o.uf)!;
  const dhEmi = dataHora(o.dhEmi);
  const chave = chaveDe({ cUF, dhEmi, cnpj: o.cnpj, mod: o.modelo, serie: o.serie, numero: o.numero, cNF: o.cNF });
  const dest =
    o.destinatario === undefined
      ? nfce
        ? null
        : { cnpj: withCnpjCheckDigits('998877660001'), uf: o.uf, ie: '110042490114', indIEDest: '1' as const }
      : o.destinatario;
  const idDest = nfce || !dest || dest.uf === o.uf ? '1' : '2';
  const indFinal = o.indFinal ?? (nfce || !dest || dest.indIEDest === '9' ? '1' : '0');
  const doc = create().ele('http://www.portalfiscal.inf.br/nfe', 'NFe');
  const inf = doc.ele('infNFe', { versao: '4.00', Id: `NFe${chave}` });
  const ide = inf.ele('ide');
  const campos: [string, string][] = [
    ['cUF', cUF], ['cNF', o.cNF], ['natOp', 'Venda de mercadoria'], ['mod', o.modelo], ['serie', String(o.serie)], ['nNF', String(o.numero)],
    ['dhEmi', dhEmi], ['tpNF', '1'], ['idDest', idDest], ['cMunFG', municipio(o.uf)],
    ['tpImp', nfce ? '4' : '1'], ['tpEmis', '1'], ['cDV', chave.slice(43)], ['tpAmb', o.tpAmb], ['finNFe', '1'], ['indFinal', indFinal],
    ['indPres', nfce ? '1' : '9'], ['indIntermed', '0'], ['procEmi', '0'], ['verProc', 'testes 1.0'],
  ];
  for (const [nome, valor] of campos) ide.ele(nome).txt(valor);
  const emit = inf.ele('emit');
  emit.ele('CNPJ').txt(o.cnpj).up().ele('xNome').txt('Empresa Emitente de Teste Ltda');
  endereco(emit.ele('enderEmit'), o.uf);
  emit.ele('IE').txt('110042490114').up().ele('CRT').txt(o.crt);
  if (dest) {
    const d = inf.ele('dest');
    if (dest.cnpj) d.ele('CNPJ').txt(dest.cnpj);
    if (dest.cpf) d.ele('CPF').txt(dest.cpf);
    if (dest.estrangeiro !== undefined) d.ele('idEstrangeiro').txt(dest.estrangeiro);
    d.ele('xNome').txt(dest.xNome ?? (o.tpAmb === '2' ? NOME_HOMOLOGACAO : 'Cliente de Teste'));
    endereco(d.ele('enderDest'), dest.uf);
    d.ele('indIEDest').txt(dest.indIEDest);
    if (dest.ie) d.ele('IE').txt(dest.ie);
  }
  const soma: Valores = { vBC: 0, vICMS: 0, vProd: 0, vPIS: 0, vCOFINS: 0, vFCPUFDest: 0, vICMSUFDest: 0, vICMSUFRemet: 0, vBCIBSCBS: 0, vIBSUF: 0, vIBSMun: 0, vCBS: 0 };
  (o.itens ?? [{}]).forEach((it, i) => item(inf.ele('det', { nItem: String(i + 1) }), it, i, o, soma));
  const total = inf.ele('total');
  const tot = total.ele('ICMSTot');
  const difal = (o.itens ?? []).some((i) => i.difal);
  const linhas: [string, number][] = [
    ['vBC', soma.vBC], ['vICMS', soma.vICMS], ['vICMSDeson', 0],
    ...(difal ? ([['vFCPUFDest', soma.vFCPUFDest], ['vICMSUFDest', soma.vICMSUFDest], ['vICMSUFRemet', soma.vICMSUFRemet]] as [string, number][]) : []),
    ['vFCP', 0], ['vBCST', 0], ['vST', 0], ['vFCPST', 0], ['vFCPSTRet', 0], ['vProd', soma.vProd], ['vFrete', 0], ['vSeg', 0], ['vDesc', 0],
    ['vII', 0], ['vIPI', 0], ['vIPIDevol', 0], ['vPIS', soma.vPIS], ['vCOFINS', soma.vCOFINS], ['vOutro', 0], ['vNF', soma.vProd],
  ];
  for (const [nome, valor] of linhas) tot.ele(nome).txt(dec2(valor));
  if (o.crt === '3') {
    total
      .ele('IBSCBSTot').ele('vBCIBSCBS').txt(dec2(soma.vBCIBSCBS)).up()
      .ele('gIBS')
      .ele('gIBSUF').ele('vDif').txt('0.00').up().ele('vDevTrib').txt('0.00').up().ele('vIBSUF').txt(dec2(soma.vIBSUF)).up().up()
      .ele('gIBSMun').ele('vDif').txt('0.00').up().ele('vDevTrib').txt('0.00').up().ele('vIBSMun').txt(dec2(soma.vIBSMun)).up().up()
      .ele('vIBS').txt(dec2(soma.vIBSUF + soma.vIBSMun)).up().ele('vCredPres').txt('0.00').up().ele('vCredPresCondSus').txt('0.00').up().up()
      .ele('gCBS').ele('vDif').txt('0.00').up().ele('vDevTrib').txt('0.00').up().ele('vCBS').txt(dec2(soma.vCBS)).up().ele('vCredPres').txt('0.00').up().ele('vCredPresCondSus').txt('0.00');
  }
  total.ele('vNFTot').txt(dec2(soma.vProd));
  inf.ele('transp').ele('modFrete').txt('9');
  inf.ele('pag').ele('detPag').ele('indPag').txt('0').up().ele('tPag').txt(o.tPag ?? '01').up().ele('vPag').txt(dec2(soma.vProd));
  if (o.responsavelTecnico) {
    inf.ele('infRespTec').ele('CNPJ').txt(CNPJ_RESPONSAVEL_TECNICO).up().ele('xContato').txt('Equipe ERP').up().ele('email').txt('fiscal@erp.example').up().ele('fone').txt('1133334444');
  }
  if (nfce) doc.ele('infNFeSupl').ele('qrCode').txt(`https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=${chave}|3|2`).up().ele('urlChave').txt('https://www.homologacao.nfce.fazenda.sp.gov.br/consulta');
  return { xml: doc.end({ headless: true, prettyPrint: false }), chave };
}

/** The capital's IBGE code of each UF the tests use. */
const CAPITAIS: Record<string, string> = { SP: '3550308', RJ: '3304557', PR: '4106902', MG: '3106200', BA: '2927408', AL: '2704302', SC: '4205407', RS: '4314902' };
const municipio = (uf: string) => CAPITAIS[uf] ?? '3550308';

function endereco(e: XMLBuilder, uf: string): void {
  e.ele('xLgr').txt('Rua das Flores').up().ele('nro').txt('100').up().ele('xBairro').txt('Centro').up().ele('cMun').txt(municipio(uf)).up();
  e.ele('xMun').txt('Capital').up().ele('UF').txt(uf).up().ele('CEP').txt('01001000').up().ele('cPais').txt('1058').up().ele('xPais').txt('Brasil');
}

/** Replaces exactly one occurrence of `de` (a test that edits a document must hit what it means to break). */
export function alterar(xml: string, de: string, para: string): string {
  const i = xml.indexOf(de);
  if (i < 0 || xml.indexOf(de, i + 1) >= 0) throw new Error(`"${de}" must occur exactly once in the document`);
  return xml.slice(0, i) + para + xml.slice(i + de.length);
}

/** Replaces the value of `campo` inside the ICMSTot (or IBSCBSTot) group, where the items' fields of the same name are not. */
export function alterarTotal(xml: string, campo: string, valor: string, grupo: 'ICMSTot' | 'IBSCBSTot' = 'ICMSTot'): string {
  const inicio = xml.indexOf(`<${grupo}>`);
  const fim = xml.indexOf(`</${grupo}>`) + grupo.length + 3;
  return xml.slice(0, inicio) + alterar(xml.slice(inicio, fim), new RegExp(`<${campo}>[^<]*</${campo}>`).exec(xml.slice(inicio, fim))![0], `<${campo}>${valor}</${campo}>`) + xml.slice(fim);
}
