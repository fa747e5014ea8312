import { DOMParser, type Element } from '@xmldom/xmldom';
import { validarXml } from '@erp/fiscal-schemas';
import { stackEnv } from '../support/env';
import { DOCUMENTOS, emitir, ENDERECO_CLIENTE, empresaFiscal, referenciaNova, type EmpresaFiscal } from './fiscal-helpers';

/**
 * Every ICMS situation with ICMS-ST, base reduction, deferral or the Simples Nacional credit, issued through the
 * gateway on the one NF-e path (tax engine -> builder -> XSD -> signature -> local authority with the MOC rules): each
 * ends AUTORIZADO and its downloaded nfeProc passes the official schema. One item of 1,000.00 (NCM 94033000, no IPI in
 * the engine's TIPI table) sold inside SP to a taxpayer: SP internal rate 18 %, no general FCP. Figures by hand.
 */
const NS = 'http://www.portalfiscal.inf.br/nfe';
const CONTRIBUINTE_SP = { documento: '11222333000181', nome: 'Cliente Contribuinte Ltda', uf: 'SP', codigoMunicipio: '3550308', inscricaoEstadual: '110042490114', endereco: ENDERECO_CLIENTE };
const ITEM = { codigo: 'M', descricao: 'Mesa de madeira', quantidade: 1, valorUnitario: 1000, ncm: '94033000', cfop: '5102' };
// Goods under ST carry a CEST (806); the ST CFOP of a substitute's sale is 5401.
const ITEM_ST = { ...ITEM, cfop: '5401', cest: '2803800' };
const FAIXA = { anexo: 'I', receitaBruta12Meses: 300000 };

async function autorizada(e: EmpresaFiscal, corpo: Record<string, unknown>): Promise<{ item: Element; total: Element; nfe: Element }> {
  const r = await emitir(e.admin, { referencia: referenciaNova('ICMS'), modelo: 'NFE', destinatario: CONTRIBUINTE_SP, ...corpo });
  expect([r.status, r.body.codigo, r.body.cStat, r.body.campos]).toEqual([201, undefined, undefined, undefined]);
  expect(r.body.dados.situacao).toBe('AUTORIZADO');
  const baixado = await fetch(`${stackEnv.gatewayUrl}${DOCUMENTOS}/${r.body.dados.id}/xml`, { headers: { authorization: `Bearer ${e.usuario}` } });
  expect(baixado.status).toBe(200);
  const xml = await baixado.text();
  expect(await validarXml('nfe-PL_010_V1.30', 'procNFe_v4.00.xsd', xml)).toEqual({ ok: true });
  const nfe = new DOMParser().parseFromString(xml, 'text/xml').documentElement!;
  return { item: em(nfe, 'det')[0], total: em(nfe, 'ICMSTot')[0], nfe };
}

const em = (raiz: Element, nome: string): Element[] => Array.from({ length: raiz.getElementsByTagNameNS(NS, nome).length }, (_, i) => raiz.getElementsByTagNameNS(NS, nome).item(i)!);
const texto = (raiz: Element, nome: string) => em(raiz, nome)[0]?.textContent ?? null;
/** The group's fields in document order, as `name=value`. */
const grupo = (item: Element, nome: string) => Array.from({ length: em(item, nome)[0].childNodes.length }, (_, i) => em(item, nome)[0].childNodes.item(i) as Element).map((c) => `${c.localName}=${c.textContent}`);
const totais = (total: Element, ...nomes: string[]) => nomes.map((n) => `${n}=${texto(total, n)}`);

describe('nf-e ICMS situations through the local authority', () => {
  let normal: EmpresaFiscal;
  let simples: EmpresaFiscal;
  beforeAll(async () => {
    normal = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    simples = await empresaFiscal({ regime: 'SIMPLES_NACIONAL' });
  }, 60_000);

  it('nf-e icms - CST 10: own 1,000.00 x 18 % = 180.00; vBCST 1,000.00 x 1.40 = 1,400.00; ST 1,400.00 x 18 % - 180.00 = 72.00; FCP-ST 2 % = 28.00; vNF 1,100.00', async () => {
    const { item, total } = await autorizada(normal, { itens: [{ ...ITEM_ST, cst: '10', icmsSt: { mva: 40, aliquotaFcp: 2 } }] });
    expect(grupo(item, 'ICMS10')).toEqual([
      'orig=0', 'CST=10', 'modBC=3', 'vBC=1000.00', 'pICMS=18.00', 'vICMS=180.00', 'modBCST=4', 'pMVAST=40.00',
      'vBCST=1400.00', 'pICMSST=18.00', 'vICMSST=72.00', 'vBCFCPST=1400.00', 'pFCPST=2.00', 'vFCPST=28.00',
    ]);
    expect(totais(total, 'vBC', 'vICMS', 'vBCST', 'vST', 'vFCPST', 'vNF')).toEqual(['vBC=1000.00', 'vICMS=180.00', 'vBCST=1400.00', 'vST=72.00', 'vFCPST=28.00', 'vNF=1100.00']);
  }, 60_000);

  it('nf-e icms - interstate SP -> RJ, CST 10 beside CST 00: own 12 % = 120.00; ST 1,400.00 x 20 % (RJ) - 120.00 = 160.00, RJ\'s FCP 2 % = 28.00 by default; totals add both items: vNF 2,000.00 + 160.00 + 28.00 = 2,188.00', async () => {
    const rj = { ...CONTRIBUINTE_SP, uf: 'RJ', codigoMunicipio: '3304557', inscricaoEstadual: '12345678', endereco: { ...ENDERECO_CLIENTE, municipio: 'Rio de Janeiro', cep: '20040003' } };
    const { nfe, total } = await autorizada(normal, {
      destinatario: rj,
      itens: [
        { ...ITEM_ST, cfop: '6401', cst: '10', icmsSt: { mva: 40 } },
        { ...ITEM, codigo: 'N', cfop: '6102', cst: '00' },
      ],
    });
    const [st, comum] = em(nfe, 'det');
    expect(grupo(st, 'ICMS10')).toEqual([
      'orig=0', 'CST=10', 'modBC=3', 'vBC=1000.00', 'pICMS=12.00', 'vICMS=120.00', 'modBCST=4', 'pMVAST=40.00',
      'vBCST=1400.00', 'pICMSST=20.00', 'vICMSST=160.00', 'vBCFCPST=1400.00', 'pFCPST=2.00', 'vFCPST=28.00',
    ]);
    expect([texto(comum, 'vBC'), texto(comum, 'vICMS')]).toEqual(['1000.00', '120.00']);
    expect(totais(total, 'vBC', 'vICMS', 'vBCST', 'vST', 'vFCPST', 'vProd', 'vNF')).toEqual(['vBC=2000.00', 'vICMS=240.00', 'vBCST=1400.00', 'vST=160.00', 'vFCPST=28.00', 'vProd=2000.00', 'vNF=2188.00']);
    expect(texto(nfe, 'idDest')).toBe('2');
  }, 60_000);

  it('nf-e icms - CST 20: pRedBC 40 %: vBC 1,000.00 x 60 % = 600.00; vICMS 600.00 x 18 % = 108.00', async () => {
    const { item, total } = await autorizada(normal, { itens: [{ ...ITEM, cst: '20', reducaoBaseIcms: 40 }] });
    expect(grupo(item, 'ICMS20')).toEqual(['orig=0', 'CST=20', 'modBC=3', 'pRedBC=40.00', 'vBC=600.00', 'pICMS=18.00', 'vICMS=108.00']);
    expect(totais(total, 'vBC', 'vICMS', 'vNF')).toEqual(['vBC=600.00', 'vICMS=108.00', 'vNF=1000.00']);
  }, 60_000);

  it('nf-e icms - CST 30: no own ICMS to deduct: ST 1,400.00 x 18 % = 252.00; vNF 1,252.00', async () => {
    const { item, total } = await autorizada(normal, { itens: [{ ...ITEM_ST, cst: '30', icmsSt: { mva: 40 } }] });
    expect(grupo(item, 'ICMS30')).toEqual(['orig=0', 'CST=30', 'modBCST=4', 'pMVAST=40.00', 'vBCST=1400.00', 'pICMSST=18.00', 'vICMSST=252.00']);
    expect(totais(total, 'vBC', 'vICMS', 'vST', 'vNF')).toEqual(['vBC=0.00', 'vICMS=0.00', 'vST=252.00', 'vNF=1252.00']);
  }, 60_000);

  it('nf-e icms - CST 51: pDif 33.33 %: vICMSOp 180.00; vICMSDif 180.00 x 33.33 % = 59.994 -> 59.99; vICMS 120.01 (351-353)', async () => {
    const { item, total } = await autorizada(normal, { itens: [{ ...ITEM, cst: '51', diferimentoIcms: 33.33 }] });
    expect(grupo(item, 'ICMS51')).toEqual(['orig=0', 'CST=51', 'modBC=3', 'vBC=1000.00', 'pICMS=18.00', 'vICMSOp=180.00', 'pDif=33.33', 'vICMSDif=59.99', 'vICMS=120.01']);
    expect(totais(total, 'vBC', 'vICMS')).toEqual(['vBC=1000.00', 'vICMS=120.01']);
  }, 60_000);

  it('nf-e icms - CST 70: own 600.00 x 18 % = 108.00; vBCST 1,400.00 x 60 % = 840.00; ST 840.00 x 18 % = 151.20 - 108.00 = 43.20', async () => {
    const { item, total } = await autorizada(normal, { itens: [{ ...ITEM_ST, cst: '70', reducaoBaseIcms: 40, icmsSt: { mva: 40, reducaoBase: 40 } }] });
    expect(grupo(item, 'ICMS70')).toEqual([
      'orig=0', 'CST=70', 'modBC=3', 'pRedBC=40.00', 'vBC=600.00', 'pICMS=18.00', 'vICMS=108.00',
      'modBCST=4', 'pMVAST=40.00', 'pRedBCST=40.00', 'vBCST=840.00', 'pICMSST=18.00', 'vICMSST=43.20',
    ]);
    expect(totais(total, 'vBCST', 'vST', 'vNF')).toEqual(['vBCST=840.00', 'vST=43.20', 'vNF=1043.20']);
  }, 60_000);

  it('nf-e icms - CSOSN 101: annex I, RBT12 300,000.00: effective 5.32 %, ICMS share 34 % = 1.8088 %; credit 1,000.00 x 1.8088 % = 18.088 -> 18.09, stated in infCpl', async () => {
    const { item, nfe } = await autorizada(simples, { simplesNacional: FAIXA, itens: [{ ...ITEM, csosn: '101' }] });
    expect(grupo(item, 'ICMSSN101')).toEqual(['orig=0', 'CSOSN=101', 'pCredSN=1.8088', 'vCredICMSSN=18.09']);
    expect(texto(nfe, 'infCpl')).toContain('PERMITE O APROVEITAMENTO DO CREDITO DE ICMS NO VALOR DE R$ 18,09; CORRESPONDENTE A ALIQUOTA DE 1,8088%');
  }, 60_000);

  it('nf-e icms - CSOSN 201 / 202 / 203: ST with the own ICMS at the normal rate: 1,400.00 x 18 % - 1,000.00 x 18 % = 72.00; 201 with the credit 18.09', async () => {
    const sn201 = await autorizada(simples, { simplesNacional: FAIXA, itens: [{ ...ITEM_ST, csosn: '201', icmsSt: { mva: 40 } }] });
    expect(grupo(sn201.item, 'ICMSSN201')).toEqual(['orig=0', 'CSOSN=201', 'modBCST=4', 'pMVAST=40.00', 'vBCST=1400.00', 'pICMSST=18.00', 'vICMSST=72.00', 'pCredSN=1.8088', 'vCredICMSSN=18.09']);
    expect(totais(sn201.total, 'vBCST', 'vST', 'vNF')).toEqual(['vBCST=1400.00', 'vST=72.00', 'vNF=1072.00']);
    for (const csosn of ['202', '203']) {
      const { item, total } = await autorizada(simples, { simplesNacional: FAIXA, itens: [{ ...ITEM_ST, csosn, icmsSt: { mva: 40 } }] });
      expect(grupo(item, 'ICMSSN202')).toEqual(['orig=0', `CSOSN=${csosn}`, 'modBCST=4', 'pMVAST=40.00', 'vBCST=1400.00', 'pICMSST=18.00', 'vICMSST=72.00']);
      expect(totais(total, 'vST', 'vNF')).toEqual(['vST=72.00', 'vNF=1072.00']);
    }
  }, 90_000);

  it('nf-e icms - the inputs a situation needs are asked for by item and field (400 DOCUMENTO_INVALIDO), and the regime decides CST or CSOSN', async () => {
    const r = await emitir(normal.admin, {
      referencia: referenciaNova('ICMS'),
      modelo: 'NFE',
      destinatario: CONTRIBUINTE_SP,
      itens: [{ ...ITEM, cst: '00' }, { ...ITEM_ST, cst: '70', icmsSt: { mva: 40, base: 1500 } }, { ...ITEM, csosn: '101' }],
    });
    expect([r.status, r.body.codigo]).toEqual([400, 'DOCUMENTO_INVALIDO']);
    expect(r.body.campos.map((c: { campo: string; regra: string }) => `${c.campo}:${c.regra}`)).toEqual([
      'itens[1].reducaoBaseIcms:obrigatorio_situacao',
      'itens[1].icmsSt.base:st_mva_ou_base',
      'itens[2].csosn:csosn_regime_normal',
      'itens[2].cst:cst_invalido',
    ]);
    const semFaixa = await emitir(simples.admin, { referencia: referenciaNova('ICMS'), modelo: 'NFE', destinatario: CONTRIBUINTE_SP, itens: [{ ...ITEM, csosn: '101' }] });
    expect(semFaixa.body.campos).toEqual([expect.objectContaining({ campo: 'simplesNacional', regra: 'obrigatorio_credito_sn' })]);
  }, 60_000);
});
