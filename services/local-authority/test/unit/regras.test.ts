import { DOMParser } from '@xmldom/xmldom';
import { chaveDosCampos, digitoChave } from '../../src/domain/chave';
import { lerNfe } from '../../src/domain/nfe-lida';
import { validarRegras } from '../../src/domain/regras';
import { decimal } from '../../src/domain/xml';
import { alterar, alterarTotal, montarNfe, type OpcoesNfe } from '../support/nfe-fixture';

/** The rules as pure functions over a parsed document, with figures computed by hand. */
const CNPJ = '11222333000181';
const ler = (xml: string) => lerNfe(new DOMParser().parseFromString(xml, 'text/xml').getElementsByTagNameNS('http://www.portalfiscal.inf.br/nfe', 'infNFe').item(0)!);
const regras = (xml: string, recebidoEm = new Date()) => validarRegras(ler(xml), { recebidoEm });
const nfe = (opcoes: Partial<OpcoesNfe> = {}) => montarNfe({ cnpj: CNPJ, ...opcoes }).xml;

describe('local-authority - rules over a parsed document', () => {
  it('local-authority - decimals of the layout read without floating point: 1234.56 -> 123456 centavos, 0.9 -> 90, 18.0000 as 1/10,000 -> 180000', () => {
    expect(decimal('1234.56')).toBe(123_456);
    expect(decimal('0.9')).toBe(90);
    expect(decimal('12')).toBe(1_200);
    expect(decimal('18.0000', 4)).toBe(180_000);
    expect(decimal(null)).toBeNull();
  });

  it('local-authority - the key\'s check digit, modulo 11 with weights 2..9 from the right (MOC 2.2.6)', () => {
    // A published key (erpbrasil.base's tests, research/fiscal-documents.md): 3521...9923, check digit 3.
    expect(digitoChave('3521032069544800018455001000003589198183992')).toBe(3);
    expect(chaveDosCampos({ cUF: '35', dhEmi: '2021-03-01T10:00:00-03:00', cnpj: '20695448000184', mod: '55', serie: '1', nNF: '3589', tpEmis: '1', cNF: '98183992' })).toBe('35210320695448000184550010000035891981839923');
  });

  it('local-authority - totals of what the items carry: 1,234.56 at CST 00 and 78.90 at CST 40 give ICMSTot vBC 1,234.56; a vBC of both (1,313.46) is 531 with the two figures', () => {
    const xml = nfe({ itens: [{ vProd: 123_456 }, { cst: '40', vProd: 7_890 }] });
    expect(regras(xml)).toBeNull();
    // vICMS = 1,234.56 x 18% = 222.2208 -> 222.22; the CST 40 item carries none.
    expect(xml).toContain('<ICMSTot><vBC>1234.56</vBC><vICMS>222.22</vICMS>');
    expect(regras(alterarTotal(xml, 'vBC', '1313.46'))).toEqual({ cStat: '531', xMotivo: 'Rejeição: Total da BC ICMS difere do somatório dos itens [informado 1313.46, soma dos itens 1234.56]' });
    // vProd = 1,234.56 + 78.90 = 1,313.46, vNF the same (no freight, discount or IPI).
    expect(regras(alterarTotal(xml, 'vNF', '1313.47'))).toMatchObject({ cStat: '610', xMotivo: expect.stringContaining('[informado 1313.47, calculado 1313.46]') });
  });

  it('local-authority - 528 allows one centavo: 1,234.56 x 18% = 222.2208; 222.23 passes (0.0092 off), 222.24 does not (0.0192)', () => {
    const xml = nfe({ itens: [{ vProd: 123_456 }] });
    const comIcms = (v: string) => alterarTotal(alterar(xml, '<pICMS>18.00</pICMS><vICMS>222.22</vICMS>', `<pICMS>18.00</pICMS><vICMS>${v}</vICMS>`), 'vICMS', v);
    expect(regras(comIcms('222.23'))).toBeNull();
    expect(regras(comIcms('222.24'))).toMatchObject({ cStat: '528' });
  });

  it('local-authority - dates against the reception: an NF-e 29 days old passes and 31 days fails (228); an NFC-e 4 minutes late passes, 6 minutes fails (704); 4 minutes ahead passes, 6 fails (703)', () => {
    const agora = new Date('2026-11-27T12:00:00Z');
    const dia = 86_400_000;
    const min = 60_000;
    const em = (ms: number, modelo: '55' | '65' = '55') => regras(nfe({ modelo, dhEmi: new Date(agora.getTime() + ms) }), agora);
    expect(em(-29 * dia)).toBeNull();
    expect(em(-31 * dia)).toMatchObject({ cStat: '228' });
    expect(em(-4 * min, '65')).toBeNull();
    expect(em(-6 * min, '65')).toMatchObject({ cStat: '704' });
    expect(em(4 * min)).toBeNull();
    expect(em(6 * min)).toMatchObject({ cStat: '703' });
  });

  it('local-authority - DIFAL: 1,000.00 interstate to a CPF at 18% internal / 12% interstate and FCP 2% carries vICMSUFDest 60.00 and vFCPUFDest 20.00, which the totals repeat', () => {
    const xml = nfe({ destinatario: { cpf: '52998224725', uf: 'RJ', indIEDest: '9' }, itens: [{ cfop: '6102', difal: true, vProd: 100_000 }] });
    // DIFAL = (18% - 12%) x 1,000.00 = 60.00 (all to the destination since 2019); FCP = 2% x 1,000.00 = 20.00.
    expect(xml).toContain('<vFCPUFDest>20.00</vFCPUFDest><vICMSUFDest>60.00</vICMSUFDest><vICMSUFRemet>0.00</vICMSUFRemet>');
    expect(regras(xml)).toBeNull();
    expect(regras(alterarTotal(xml, 'vICMSUFDest', '0.00'))).toMatchObject({ cStat: '799', xMotivo: expect.stringContaining('[informado 0.00, soma dos itens 60.00]') });
  });

  it('local-authority - infRespTec is demanded by the issuer\'s UF only (PR yes, SP no)', () => {
    expect(regras(nfe({ responsavelTecnico: false }))).toBeNull();
    const pr = nfe({ uf: 'PR', responsavelTecnico: false, destinatario: { cnpj: '11222333000181', uf: 'PR', ie: '1234567890', indIEDest: '1' } });
    expect(regras(pr)).toMatchObject({ cStat: '972' });
  });
});

describe('local-authority - CST 51 (deferral), rules 351, 352, 353', () => {
  // 98.99 x 18 % = 17.8182 -> 17.82; 17.82 x 33.33 % = 5.939406 -> 5.94; 17.82 - 5.94 = 11.88.
  const diferido = (vICMSOp: string, vICMSDif: string, vICMS: string) => {
    const xml = nfe({ itens: [{ vProd: 9_899 }] });
    const grupo = `<ICMS51><orig>0</orig><CST>51</CST><modBC>3</modBC><vBC>98.99</vBC><pICMS>18.00</pICMS><vICMSOp>${vICMSOp}</vICMSOp><pDif>33.33</pDif><vICMSDif>${vICMSDif}</vICMSDif><vICMS>${vICMS}</vICMS></ICMS51>`;
    const comGrupo = xml.replace(/<ICMS00>.*?<\/ICMS00>/, grupo);
    return alterarTotal(comGrupo, 'vICMS', vICMS);
  };

  it('local-authority - 98.99 at 18 % deferred 33.33 %: vICMSOp 17.82, vICMSDif 5.94, vICMS 11.88 passes; each figure off by more than a centavo is its own rejection', () => {
    expect(regras(diferido('17.82', '5.94', '11.88'))).toBeNull();
    // Within one centavo: vICMSDif 5.95 (5.939406 + 0.0106) would be off by 1.06 centavos -> 352; 5.93 is 0.94 off -> passes.
    expect(regras(diferido('17.82', '5.93', '11.89'))).toBeNull();
    expect(regras(diferido('18.00', '5.94', '12.06'))).toMatchObject({ cStat: '351' });
    expect(regras(diferido('17.82', '6.00', '11.82'))).toMatchObject({ cStat: '352' });
    expect(regras(diferido('17.82', '5.94', '11.82'))).toMatchObject({ cStat: '353' });
  });
});
