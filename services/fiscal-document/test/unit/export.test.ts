import { validarXml } from '@erp/fiscal-schemas';
import { validarEmissao, type ContextoEmissao } from '../../src/domain/emission-input';
import { danfeDoXml } from '../../src/danfe/data';
import { montarNfe, type DadosNfe } from '../../src/xml/nfe';
import { assinadorDeForma, assinarXml } from '../../src/xml/signature';
import type { DocumentoRecord } from '../../src/store/document-model';
import { dados } from '../support/nfe-fixture';

const ctx: ContextoEmissao = { regime: 'LUCRO_PRESUMIDO', ufEmitente: 'SP', series: [1], seriePadrao: 1, codigoServicoPadrao: null, emitidoEm: new Date('2026-11-27T12:00:00Z') };
const EXTERIOR = { idEstrangeiro: 'EIN123456789', codigoPais: '2496', nomePais: 'Estados Unidos', logradouro: '5th Avenue', numero: '350', cidade: 'New York' };
const EXPORTACAO = { ufSaidaPais: 'SP', localExportacao: 'Porto de Santos', localDespacho: 'Porto de Santos' };
const item = { codigo: 'C', descricao: 'Café em grão', quantidade: 100, valorUnitario: 30, ncm: '09011110', cfop: '7101', cst: '41' };
const regras = (entrada: object) => {
  const r = validarEmissao({ referencia: 'R', modelo: 'NFE', destinatario: { nome: 'Importer Inc', uf: 'EX', exterior: EXTERIOR }, exportacao: EXPORTACAO, itens: [item], ...entrada }, ctx);
  return r.ok ? [] : r.campos.map((c) => `${c.campo}:${c.regra}`);
};

describe('export NF-e', () => {
  test('export - a recipient abroad: exterior and exportacao required, CFOP 7, ICMS not levied (CST 40/41, CSOSN 300/400)', () => {
    expect(regras({})).toEqual([]);
    expect(regras({ exportacao: undefined })).toEqual(['exportacao:obrigatorio_exterior']);
    expect(regras({ itens: [{ ...item, cfop: '5101' }] })).toEqual(['itens[0].cfop:cfop_operacao']);
    expect(regras({ itens: [{ ...item, cst: '00' }] })).toEqual(['itens[0].cst:situacao_exportacao']);
    expect(regras({ destinatario: { nome: 'Importer Inc', uf: 'EX', exterior: { ...EXTERIOR, codigoPais: '1058', idEstrangeiro: 'a b' } } })).toEqual([
      'destinatario.exterior.idEstrangeiro:id_estrangeiro_formato',
      'destinatario.exterior.codigoPais:pais_brasil',
    ]);
    expect(regras({ destinatario: { documento: '11222333000181', uf: 'SP', exterior: EXTERIOR } })).toEqual(['destinatario.exterior:somente_exterior', 'itens[0].cfop:cfop_operacao', 'exportacao:somente_exterior']);
    const nfce = validarEmissao({ referencia: 'R', modelo: 'NFCE', destinatario: { nome: 'X', uf: 'EX', exterior: EXTERIOR }, itens: [{ ...item, cfop: '5102' }] }, ctx);
    expect(nfce.ok ? [] : nfce.campos.map((c) => `${c.campo}:${c.regra}`)).toContain('destinatario.uf:exterior_somente_nfe');
  });

  test('export - the XML: idEstrangeiro, enderDest abroad, idDest 3, ICMS41, PIS/COFINS CST 08, IBSCBS 410/410004, exporta after pag (and infAdic); within the schema; the DANFE shows the country', async () => {
    const base = dados('NFE', '3');
    const d: DadosNfe = {
      ...base,
      chaveCteReferenciada: null,
      destinatario: { documento: 'EIN123456789', tipoDocumento: 'ESTRANGEIRO', nome: 'Importer Inc', uf: 'EX', codigoMunicipio: null, inscricaoEstadual: null, endereco: null, exterior: { ...EXTERIOR, complemento: 'Suite 10', bairro: null } },
      exportacao: EXPORTACAO,
      // The engine gives an export no ICMS, IPI, PIS, COFINS, CBS or IBS line.
      itens: [{ ...base.itens[0], cfop: '7101', cst: '41', impostos: [] }],
    };
    const xml = (await assinarXml(montarNfe(d, { indentado: true }), 'infNFe', assinadorDeForma)).replace(/\s+</g, '<');
    expect(await validarXml('nfe-PL_010_V1.30', 'nfe_v4.00.xsd', xml)).toEqual({ ok: true });
    expect(xml).toContain('<idDest>3</idDest>');
    expect(xml).toContain('<dest><idEstrangeiro>EIN123456789</idEstrangeiro>');
    expect(xml).toContain('<enderDest><xLgr>5th Avenue</xLgr><nro>350</nro><xCpl>Suite 10 - New York</xCpl><xBairro>EXTERIOR</xBairro><cMun>9999999</cMun><xMun>EXTERIOR</xMun><UF>EX</UF><cPais>2496</cPais><xPais>Estados Unidos</xPais></enderDest><indIEDest>9</indIEDest>');
    expect(xml).toContain('<ICMS40><orig>0</orig><CST>41</CST></ICMS40>');
    expect(xml).toContain('<PIS><PISNT><CST>08</CST></PISNT></PIS><COFINS><COFINSNT><CST>08</CST></COFINSNT></COFINS>');
    expect(xml).toContain('<IBSCBS><CST>410</CST><cClassTrib>410004</cClassTrib></IBSCBS>');
    expect(xml).not.toContain('IBSCBSTot');
    expect(xml).toMatch(/<\/pag><exporta><UFSaidaPais>SP<\/UFSaidaPais><xLocExporta>Porto de Santos<\/xLocExporta><xLocDespacho>Porto de Santos<\/xLocDespacho><\/exporta>/);
    // 100 x 2 x 250.50 = 501.00, no tax added.
    expect(xml).toContain('<vNF>501.00</vNF>');
    const danfe = danfeDoXml(xml, { emitidoEm: base.emitidoEm, protocolo: null, autorizadoEm: null, situacao: 'AUTORIZADO', impostos: [] } as unknown as DocumentoRecord);
    expect(danfe.destinatario).toMatchObject({ documento: 'EIN123456789', tipo: 'ESTRANGEIRO', uf: 'EX', endereco: { municipio: 'EXTERIOR - ESTADOS UNIDOS', complemento: 'Suite 10 - New York' } });
  });
});
