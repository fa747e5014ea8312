import type { IcmsCalculado } from '@erp/contracts';
import { validarXml } from '@erp/fiscal-schemas';
import { montarNfe, type DadosNfe, type ItemNfe } from '../../src/xml/nfe';
import { assinadorDeForma, assinarXml } from '../../src/xml/signature';
import { dados } from '../support/nfe-fixture';

/**
 * The ICMS groups with ICMS-ST, base reduction, deferral and the Simples Nacional credit, written from the tax
 * engine's figures (given here, computed by hand): each group in the schema's order, within the official schema, and
 * the totals (vBCST, vST, vFCPST, vNF, vItem) the sums of what the items carry. The fixture's item: 2 x 250.50 =
 * 501.00 from SP to a taxpayer in RJ (interstate 12 %), IPI 5 % = 25.05.
 */
async function conferir(d: DadosNfe) {
  const xml = await assinarXml(montarNfe(d, { indentado: true }), 'infNFe', assinadorDeForma);
  return { xml: xml.replace(/\s+</g, '<'), resultado: await validarXml('nfe-PL_010_V1.30', 'nfe_v4.00.xsd', xml) };
}

const VAZIO: IcmsCalculado = { reducaoBase: null, diferimento: null, st: null, creditoSimples: null };
// vBCST (501.00 + 25.05) x 1.40 = 736.47; x 20 % (RJ) = 147.294 -> 147.29, less the own 60.12 = 87.17; FCP-ST 736.47 x 2 % = 14.7294 -> 14.73.
const ST = { modalidade: 4 as const, mva: 40, reducaoBase: null, baseCentavos: 73647, aliquota: 20, valorCentavos: 8717, baseFcpCentavos: 73647, aliquotaFcp: 2, fcpCentavos: 1473, icmsProprioCentavos: 6012 };

function normal(cst: string, item: Partial<ItemNfe>): DadosNfe {
  const base = dados('NFE', '3');
  return { ...base, itens: [{ ...base.itens[0], cst, cest: '2803800', ...item }] };
}
function simples(csosn: string, icms: IcmsCalculado): DadosNfe {
  const base = dados('NFE', '1');
  return { ...base, itens: [{ ...base.itens[0], csosn, cest: '2803800', icms }] };
}
const semIcms = (i: ItemNfe) => i.impostos.filter((l) => l.tributo !== 'ICMS');

describe('nf-e builder - ICMS-ST, base reduction, deferral and the Simples Nacional credit', () => {
  it('ICMS10 - own ICMS then the ST in schema order; totals vBCST 736.47, vST 87.17, vFCPST 14.73; vNF 501.00 + 87.17 + 14.73 + 25.05 = 627.95', async () => {
    const r = await conferir(normal('10', { icms: { ...VAZIO, st: ST } }));
    expect(r.resultado).toEqual({ ok: true });
    expect(r.xml).toContain(
      '<ICMS10><orig>0</orig><CST>10</CST><modBC>3</modBC><vBC>501.00</vBC><pICMS>12.00</pICMS><vICMS>60.12</vICMS><modBCST>4</modBCST><pMVAST>40.00</pMVAST>' +
        '<vBCST>736.47</vBCST><pICMSST>20.00</pICMSST><vICMSST>87.17</vICMSST><vBCFCPST>736.47</vBCFCPST><pFCPST>2.00</pFCPST><vFCPST>14.73</vFCPST></ICMS10>',
    );
    expect(r.xml).toContain('<vBCST>736.47</vBCST><vST>87.17</vST><vFCPST>14.73</vFCPST>');
    expect(r.xml).toContain('<vNF>627.95</vNF>');
    expect(r.xml).toContain('<vItem>627.95</vItem>');
    expect(r.xml).toContain('<vPag>627.95</vPag>');
  });

  it('ICMS20 - pRedBC 40 %: vBC 501.00 x 60 % = 300.60, vICMS 300.60 x 12 % = 36.072 -> 36.07', async () => {
    const impostos = [{ tributo: 'ICMS' as const, baseCentavos: 30060, aliquota: 12, valorCentavos: 3607, informativo: false }, ...semIcms(dados('NFE', '3').itens[0])];
    const r = await conferir(normal('20', { cest: null, impostos, icms: { ...VAZIO, reducaoBase: 40 } }));
    expect(r.resultado).toEqual({ ok: true });
    expect(r.xml).toContain('<ICMS20><orig>0</orig><CST>20</CST><modBC>3</modBC><pRedBC>40.00</pRedBC><vBC>300.60</vBC><pICMS>12.00</pICMS><vICMS>36.07</vICMS></ICMS20>');
    expect(r.xml).toContain('<vBC>300.60</vBC><vICMS>36.07</vICMS>');
  });

  it('ICMS30 - ST without own ICMS (nothing deducted): 736.47 x 20 % = 147.29', async () => {
    const st = { ...ST, valorCentavos: 14729, icmsProprioCentavos: 0, aliquotaFcp: 0, baseFcpCentavos: 0, fcpCentavos: 0 };
    const r = await conferir(normal('30', { impostos: semIcms(dados('NFE', '3').itens[0]), icms: { ...VAZIO, st } }));
    expect(r.resultado).toEqual({ ok: true });
    expect(r.xml).toContain('<ICMS30><orig>0</orig><CST>30</CST><modBCST>4</modBCST><pMVAST>40.00</pMVAST><vBCST>736.47</vBCST><pICMSST>20.00</pICMSST><vICMSST>147.29</vICMSST></ICMS30>');
    // vNF 501.00 + 147.29 + 25.05 = 673.34
    expect(r.xml).toContain('<vNF>673.34</vNF>');
  });

  it('ICMS51 - pDif 100 %: vICMSOp 60.12, vICMSDif 60.12, vICMS 0.00 (total vICMS 0.00)', async () => {
    const impostos = [{ tributo: 'ICMS' as const, baseCentavos: 50100, aliquota: 12, valorCentavos: 0, informativo: false }, ...semIcms(dados('NFE', '3').itens[0])];
    const r = await conferir(normal('51', { cest: null, impostos, icms: { ...VAZIO, diferimento: { icmsOperacaoCentavos: 6012, percentual: 100, diferidoCentavos: 6012 } } }));
    expect(r.resultado).toEqual({ ok: true });
    expect(r.xml).toContain('<ICMS51><orig>0</orig><CST>51</CST><modBC>3</modBC><vBC>501.00</vBC><pICMS>12.00</pICMS><vICMSOp>60.12</vICMSOp><pDif>100.00</pDif><vICMSDif>60.12</vICMSDif><vICMS>0.00</vICMS></ICMS51>');
    expect(r.xml).toContain('<vBC>501.00</vBC><vICMS>0.00</vICMS>');
  });

  it('ICMS70 - reduced own ICMS and reduced ST base, pRedBCST written after pMVAST', async () => {
    // own: 501.00 x 60 % = 300.60 x 12 % = 36.07; ST: 736.47 x 60 % = 441.88 (441.882) x 20 % = 88.376 -> 88.38 - 36.07 = 52.31.
    const impostos = [{ tributo: 'ICMS' as const, baseCentavos: 30060, aliquota: 12, valorCentavos: 3607, informativo: false }, ...semIcms(dados('NFE', '3').itens[0])];
    const st = { ...ST, reducaoBase: 40, baseCentavos: 44188, valorCentavos: 5231, aliquotaFcp: 0, baseFcpCentavos: 0, fcpCentavos: 0, icmsProprioCentavos: 3607 };
    const r = await conferir(normal('70', { impostos, icms: { ...VAZIO, reducaoBase: 40, st } }));
    expect(r.resultado).toEqual({ ok: true });
    expect(r.xml).toContain('<CST>70</CST><modBC>3</modBC><pRedBC>40.00</pRedBC><vBC>300.60</vBC><pICMS>12.00</pICMS><vICMS>36.07</vICMS><modBCST>4</modBCST><pMVAST>40.00</pMVAST><pRedBCST>40.00</pRedBCST><vBCST>441.88</vBCST>');
  });

  it('ICMSSN101 / 201 / 202 (203) - the credit (1.8088 % of 501.00 = 9.062 -> 9.06) and the ST; the credit stated in infCpl', async () => {
    const credito = { aliquota: 1.8088, valorCentavos: 906 };
    const sn101 = await conferir(simples('101', { ...VAZIO, creditoSimples: credito }));
    expect(sn101.resultado).toEqual({ ok: true });
    expect(sn101.xml).toContain('<ICMSSN101><orig>0</orig><CSOSN>101</CSOSN><pCredSN>1.8088</pCredSN><vCredICMSSN>9.06</vCredICMSSN></ICMSSN101>');
    expect(sn101.xml).toContain('PERMITE O APROVEITAMENTO DO CREDITO DE ICMS NO VALOR DE R$ 9,06; CORRESPONDENTE A ALIQUOTA DE 1,8088%');
    const sn201 = await conferir(simples('201', { ...VAZIO, st: ST, creditoSimples: credito }));
    expect(sn201.resultado).toEqual({ ok: true });
    expect(sn201.xml).toContain('<vFCPST>14.73</vFCPST><pCredSN>1.8088</pCredSN><vCredICMSSN>9.06</vCredICMSSN></ICMSSN201>');
    for (const csosn of ['202', '203']) {
      const r = await conferir(simples(csosn, { ...VAZIO, st: ST }));
      expect(r.resultado).toEqual({ ok: true });
      expect(r.xml).toContain(`<ICMSSN202><orig>0</orig><CSOSN>${csosn}</CSOSN><modBCST>4</modBCST>`);
      // Simples: no IPI line; vNF 501.00 + 87.17 + 14.73 = 602.90
      expect(r.xml).toContain('<vNF>602.90</vNF>');
    }
  });

  it('a group whose figures the engine did not give is refused, never written as zero', () => {
    expect(() => montarNfe(normal('10', { icms: null }))).toThrow(/ICMS-ST/);
    expect(() => montarNfe(simples('101', VAZIO))).toThrow(/pCredSN/);
  });
});
