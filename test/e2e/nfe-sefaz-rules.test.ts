import { createHash } from 'node:crypto';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { validarXml } from '@erp/fiscal-schemas';
import { developmentTechnicalResponsible } from '../../scripts/stack';
import { stackEnv } from '../support/env';
import { DOCUMENTOS, emitir, ENDERECO_CLIENTE, empresaFiscal, referenciaNova, type EmpresaFiscal } from './fiscal-helpers';

/**
 * The NF-e a real SEFAZ rejected before, issued through the gateway on the stack's one path (built, validated,
 * signed, sent to the local authority, which applies the MOC rules): each ends AUTORIZADO and its downloaded nfeProc
 * passes the official schema. Figures computed by hand in each test's comment.
 */
const NS = 'http://www.portalfiscal.inf.br/nfe';
const CONTRIBUINTE_SP = { documento: '11222333000181', nome: 'Cliente Contribuinte Ltda', uf: 'SP', codigoMunicipio: '3550308', inscricaoEstadual: '110042490114', endereco: ENDERECO_CLIENTE };

async function emitidaComXml(e: EmpresaFiscal, corpo: Record<string, unknown>): Promise<{ doc: any; xml: string; nfe: Element }> {
  const r = await emitir(e.admin, { referencia: referenciaNova('REGRA'), modelo: 'NFE', ...corpo });
  expect([r.status, r.body.codigo, r.body.cStat, r.body.campos]).toEqual([201, undefined, undefined, undefined]);
  expect(r.body.dados.situacao).toBe('AUTORIZADO');
  const baixado = await fetch(`${stackEnv.gatewayUrl}${DOCUMENTOS}/${r.body.dados.id}/xml`, { headers: { authorization: `Bearer ${e.usuario}` } });
  expect(baixado.status).toBe(200);
  const xml = await baixado.text();
  expect(await validarXml('nfe-PL_010_V1.30', 'procNFe_v4.00.xsd', xml)).toEqual({ ok: true });
  const nfe = new DOMParser().parseFromString(xml, 'text/xml').documentElement!;
  return { doc: r.body.dados, xml, nfe };
}

const em = (raiz: Element, nome: string): Element[] => Array.from({ length: raiz.getElementsByTagNameNS(NS, nome).length }, (_, i) => raiz.getElementsByTagNameNS(NS, nome).item(i)!);
const texto = (raiz: Element, nome: string) => em(raiz, nome)[0]?.textContent ?? null;

describe('nf-e through the local authority - what SEFAZ rejected before', () => {
  it('nf-e rules - CST 40 beside CST 00: ICMSTot sums only what the items carry (531/532), and the exempt item\'s IBS/CBS base subtracts no ICMS', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const { nfe } = await emitidaComXml(e, {
      destinatario: CONTRIBUINTE_SP,
      itens: [
        { codigo: 'A', descricao: 'Mesa tributada', quantidade: 1, valorUnitario: 1000, ncm: '94033000', cfop: '5102', cst: '00' },
        { codigo: 'B', descricao: 'Livro isento', quantidade: 1, valorUnitario: 500, ncm: '49019900', cfop: '5102', cst: '40' },
      ],
    });
    const [a, b] = em(nfe, 'det');
    // A: SP internal 18 %: 1,000.00 x 18 % = 180.00. B: CST 40, no ICMS of its own.
    expect([texto(a, 'vBC'), texto(a, 'vICMS')]).toEqual(['1000.00', '180.00']);
    expect(em(b, 'ICMS40')).toHaveLength(1);
    const total = em(nfe, 'ICMSTot')[0];
    expect([texto(total, 'vBC'), texto(total, 'vICMS'), texto(total, 'vProd'), texto(total, 'vNF')]).toEqual(['1000.00', '180.00', '1500.00', '1500.00']);
    // B's PIS base is the whole 500.00 (no ICMS to exclude): PIS 0.65 % = 3.25, COFINS 3 % = 15.00, so the CBS/IBS
    // base is 500.00 - 3.25 - 15.00 = 481.75 (before: 500.00 - an ICMS of 90.00 B did not carry - ...).
    expect(texto(em(b, 'gIBSCBS')[0], 'vBC')).toBe('481.75');
    // A: 1,000.00 - 180.00 ICMS - 5.33 PIS (820.00 x 0.65 %) - 24.60 COFINS (820.00 x 3 %) = 790.07.
    expect(texto(em(a, 'gIBSCBS')[0], 'vBC')).toBe('790.07');
  }, 60_000);

  it('nf-e rules - CST 60 to a taxpayer: CEST (806) and the ICMS-ST withheld with vICMSSubstituto (938) are written', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const { nfe } = await emitidaComXml(e, {
      destinatario: CONTRIBUINTE_SP,
      itens: [
        {
          codigo: 'CERV',
          descricao: 'Cerveja lata 350 ml',
          quantidade: 10,
          valorUnitario: 5,
          ncm: '22030000',
          cfop: '5405',
          cst: '60',
          cest: '03.021.00',
          icmsStRetido: { base: 60, aliquota: 18, valor: 10.8, icmsSubstituto: 6 },
        },
      ],
    });
    const [item] = em(nfe, 'det');
    expect(texto(item, 'CEST')).toBe('0302100');
    const grupo = em(item, 'ICMS60')[0];
    expect([texto(grupo, 'vBCSTRet'), texto(grupo, 'pST'), texto(grupo, 'vICMSSubstituto'), texto(grupo, 'vICMSSTRet')]).toEqual(['60.00', '18.00', '6.00', '10.80']);
    // The ICMS was charged earlier in the chain: nothing of it in this NF-e's totals.
    expect(texto(em(nfe, 'ICMSTot')[0], 'vICMS')).toBe('0.00');
  }, 60_000);

  it('nf-e rules - interstate sale to a consumer (CPF in ES): ICMSUFDest and its totals (694), 100 % of the DIFAL to ES', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const { nfe, doc } = await emitidaComXml(e, {
      destinatario: {
        documento: '111.444.777-35',
        nome: 'Consumidora Final',
        uf: 'ES',
        codigoMunicipio: '3205309',
        endereco: { logradouro: 'Avenida Jerônimo Monteiro', numero: '100', bairro: 'Centro', municipio: 'Vitória', cep: '29010000' },
      },
      itens: [{ codigo: 'M', descricao: 'Mesa de jantar', quantidade: 1, valorUnitario: 1000, ncm: '94033000', cfop: '6102', cst: '00' }],
    });
    // SP -> ES is 7 % (South/Southeast to ES): ICMS 70.00. ES internal 17 %, no FCP: DIFAL 1,000.00 x 17 % - 70.00 = 100.00.
    const grupo = em(nfe, 'ICMSUFDest')[0];
    expect([texto(grupo, 'vBCUFDest'), texto(grupo, 'pICMSUFDest'), texto(grupo, 'pICMSInter'), texto(grupo, 'pICMSInterPart'), texto(grupo, 'vICMSUFDest'), texto(grupo, 'vICMSUFRemet')]).toEqual([
      '1000.00',
      '17.00',
      '7.00',
      '100.00',
      '100.00',
      '0.00',
    ]);
    const total = em(nfe, 'ICMSTot')[0];
    expect([texto(total, 'vICMS'), texto(total, 'vICMSUFDest'), texto(total, 'vICMSUFRemet'), texto(total, 'vFCPUFDest')]).toEqual(['70.00', '100.00', '0.00', '0.00']);
    expect([texto(nfe, 'indFinal'), texto(nfe, 'idDest'), texto(nfe, 'indIEDest')]).toEqual(['1', '2', '9']);
    expect(doc.impostos.find((i: any) => i.tributo === 'ICMS_UF_DEST')).toMatchObject({ valor: 100 });
  }, 60_000);

  it('nf-e rules - an issuer in PR (a UF that rejects without it, 972) gets infRespTec with idCSRT and hashCSRT = base64(SHA-1(CSRT + key))', async () => {
    const e = await empresaFiscal({ uf: 'PR', codigoMunicipio: '4106902' });
    const { nfe, doc } = await emitidaComXml(e, {
      destinatario: { ...CONTRIBUINTE_SP, uf: 'PR', codigoMunicipio: '4106902', inscricaoEstadual: null, endereco: { ...ENDERECO_CLIENTE, municipio: 'Curitiba', cep: '80010000' } },
      itens: [{ codigo: 'P', descricao: 'Cadeira', quantidade: 1, valorUnitario: 300, ncm: '94013000', cfop: '5102', csosn: '102' }],
    });
    const responsavel = developmentTechnicalResponsible({});
    const grupo = em(nfe, 'infRespTec')[0];
    expect([texto(grupo, 'CNPJ'), texto(grupo, 'idCSRT')]).toEqual([responsavel.FISCAL_RESP_TEC_CNPJ, responsavel.FISCAL_RESP_TEC_CSRT_ID]);
    expect(texto(grupo, 'hashCSRT')).toBe(createHash('sha1').update(`${responsavel.FISCAL_RESP_TEC_CSRT}${doc.chaveAcesso}`).digest('base64'));
  }, 60_000);
});
