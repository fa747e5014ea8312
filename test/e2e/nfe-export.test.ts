import { DOMParser, type Element } from '@xmldom/xmldom';
import { validarXml } from '@erp/fiscal-schemas';
import { stackEnv } from '../support/env';
import { textoDoPdf } from './danfe-helpers';
import { DOCUMENTOS, emitir, empresaFiscal, referenciaNova } from './fiscal-helpers';

/**
 * An export NF-e through the gateway: a recipient abroad (idEstrangeiro, enderDest with cMun 9999999, UF EX and the
 * country), CFOP 7101, the exporta group; no ICMS, IPI, PIS, COFINS, CBS or IBS (CF arts. 149 §2º I, 153 §3º III,
 * 155 §2º X a, 156-A §1º III). Ends AUTORIZADO at the local authority; the nfeProc passes the official schema; the
 * DANFE prints the foreign address.
 */
const NS = 'http://www.portalfiscal.inf.br/nfe';
const em = (raiz: Element, nome: string): Element[] => Array.from({ length: raiz.getElementsByTagNameNS(NS, nome).length }, (_, i) => raiz.getElementsByTagNameNS(NS, nome).item(i)!);
const texto = (raiz: Element, nome: string) => em(raiz, nome)[0]?.textContent ?? null;

const DESTINATARIO = {
  nome: 'Coffee Importers Inc',
  uf: 'EX',
  exterior: { idEstrangeiro: 'EIN123456789', codigoPais: '2496', nomePais: 'Estados Unidos', logradouro: '5th Avenue', numero: '350', complemento: 'Suite 10', cidade: 'New York' },
};
const EXPORTACAO = { ufSaidaPais: 'SP', localExportacao: 'Porto de Santos', localDespacho: 'Porto de Santos' };
// 60 bags x 1,500.00 = 90,000.00.
const ITEM = { codigo: 'CAFE', descricao: 'Café arábica em grão, saca de 60 kg', quantidade: 60, valorUnitario: 1500, ncm: '09011110', cfop: '7101' };

describe('export NF-e through the local authority', () => {
  it('nf-e export - regime normal: idDest 3, foreign recipient, ICMS 41, PIS/COFINS CST 08, IBS/CBS CST 410 / cClassTrib 410004, exporta; no tax in the totals; the DANFE shows the address abroad', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const r = await emitir(e.admin, { referencia: referenciaNova('EXP'), modelo: 'NFE', destinatario: DESTINATARIO, exportacao: EXPORTACAO, itens: [{ ...ITEM, cst: '41' }] });
    expect([r.status, r.body.codigo, r.body.campos, r.body.dados?.situacao]).toEqual([201, undefined, undefined, 'AUTORIZADO']);
    // The engine: an export is immune to the document's own taxes; IRPJ/CSLL of Lucro Presumido still come.
    expect(r.body.dados.impostos.map((i: any) => i.tributo).sort()).toEqual(['CSLL', 'IRPJ']);
    const baixado = await fetch(`${stackEnv.gatewayUrl}${DOCUMENTOS}/${r.body.dados.id}/xml`, { headers: { authorization: `Bearer ${e.usuario}` } });
    const xml = await baixado.text();
    expect(await validarXml('nfe-PL_010_V1.30', 'procNFe_v4.00.xsd', xml)).toEqual({ ok: true });
    const nfe = new DOMParser().parseFromString(xml, 'text/xml').documentElement!;
    expect([texto(nfe, 'idDest'), texto(nfe, 'idEstrangeiro'), texto(nfe, 'indIEDest')]).toEqual(['3', 'EIN123456789', '9']);
    const ender = em(nfe, 'enderDest')[0];
    expect(['xCpl', 'cMun', 'xMun', 'UF', 'cPais', 'xPais'].map((n) => texto(ender, n))).toEqual(['Suite 10 - New York', '9999999', 'EXTERIOR', 'EX', '2496', 'Estados Unidos']);
    const item = em(nfe, 'det')[0];
    expect([texto(item, 'CFOP'), texto(em(item, 'ICMS40')[0], 'CST'), texto(em(item, 'PISNT')[0], 'CST'), texto(em(item, 'COFINSNT')[0], 'CST')]).toEqual(['7101', '41', '08', '08']);
    expect([texto(em(item, 'IBSCBS')[0], 'CST'), texto(item, 'cClassTrib')]).toEqual(['410', '410004']);
    const total = em(nfe, 'ICMSTot')[0];
    expect(['vICMS', 'vIPI', 'vPIS', 'vCOFINS', 'vProd', 'vNF'].map((n) => texto(total, n))).toEqual(['0.00', '0.00', '0.00', '0.00', '90000.00', '90000.00']);
    const exporta = em(nfe, 'exporta')[0];
    expect(['UFSaidaPais', 'xLocExporta', 'xLocDespacho'].map((n) => texto(exporta, n))).toEqual(['SP', 'Porto de Santos', 'Porto de Santos']);

    const pdf = await fetch(`${stackEnv.gatewayUrl}${DOCUMENTOS}/${r.body.dados.id}/danfe.pdf`, { headers: { authorization: `Bearer ${e.usuario}` } });
    expect(pdf.status).toBe(200);
    const paginas = textoDoPdf(Buffer.from(await pdf.arrayBuffer()));
    expect(paginas).toContain('EXTERIOR - ESTADOS UNIDOS');
    expect(paginas).toContain('5th Avenue');
    expect(paginas).toContain('EIN123456789');
  }, 90_000);

  it('nf-e export - Simples Nacional (CSOSN 300) is authorized too, and the foreign recipient\'s fields are asked for by name', async () => {
    const e = await empresaFiscal({ regime: 'SIMPLES_NACIONAL' });
    const r = await emitir(e.admin, { referencia: referenciaNova('EXP'), modelo: 'NFE', destinatario: DESTINATARIO, exportacao: EXPORTACAO, itens: [{ ...ITEM, csosn: '300' }] });
    expect([r.status, r.body.dados?.situacao]).toEqual([201, 'AUTORIZADO']);
    const recusa = await emitir(e.admin, {
      referencia: referenciaNova('EXP'),
      modelo: 'NFE',
      destinatario: { ...DESTINATARIO, documento: '11222333000181', exterior: { ...DESTINATARIO.exterior, codigoPais: '1058' } },
      itens: [{ ...ITEM, csosn: '102' }],
    });
    expect([recusa.status, recusa.body.codigo]).toEqual([400, 'DOCUMENTO_INVALIDO']);
    expect(recusa.body.campos.map((c: any) => `${c.campo}:${c.regra}`)).toEqual([
      'destinatario.documento:nao_se_aplica_exterior',
      'destinatario.exterior.codigoPais:pais_brasil',
      'exportacao:obrigatorio_exterior',
      'itens[0].csosn:situacao_exportacao',
    ]);
  }, 90_000);
});
