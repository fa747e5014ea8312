import { createHash } from 'node:crypto';
import { validarXml } from '@erp/fiscal-schemas';
import { montarNfe, type DadosNfe, type ItemNfe } from '../../src/xml/nfe';
import { camposDoSchema } from '../../src/xml/nfe/schema-check';
import { assinadorDeForma, assinarXml } from '../../src/xml/signature';
import { dados } from '../support/nfe-fixture';

/**
 * The builder's output against the official NF-e schema (PL_010 v1.30, libxml2): every ICMS situation and group it
 * writes, and the mapping of a schema error back to the field of the emission or of the settings behind it.
 */
async function conferir(d: DadosNfe) {
  const xml = await assinarXml(montarNfe(d, { indentado: true }), 'infNFe', assinadorDeForma);
  const resultado = await validarXml('nfe-PL_010_V1.30', 'nfe_v4.00.xsd', xml);
  return { xml, resultado, campos: resultado.ok ? [] : camposDoSchema(xml, resultado.erros) };
}

/** A regime-normal NF-e whose single item is `item` (over the fixture's first item). */
function comItem(item: Partial<ItemNfe>, extra: Partial<DadosNfe> = {}): DadosNfe {
  const base = dados('NFE', '3');
  return { ...base, ...extra, itens: [{ ...base.itens[0], ...item }] };
}

describe('nf-e builder - official schema', () => {
  it('nf-e schema - the NF-e and NFC-e of both regimes are within the schema', async () => {
    for (const [modelo, crt] of [['NFE', '3'], ['NFE', '1'], ['NFCE', '3'], ['NFCE', '1']] as const) {
      expect([modelo, crt, (await conferir(dados(modelo, crt))).resultado]).toEqual([modelo, crt, { ok: true }]);
    }
  });

  it('nf-e schema - CST 40 (no ICMS line), CST 60 with CEST and the ST withheld (vICMSSubstituto included), CSOSN 500 are within the schema', async () => {
    const retido = { baseCentavos: 6000, aliquota: 18, valorCentavos: 1080, icmsSubstitutoCentavos: 600 };
    const semIcms = (i: ItemNfe) => i.impostos.filter((l) => l.tributo !== 'ICMS');
    const base = dados('NFE', '3').itens[0];
    const cst40 = await conferir(comItem({ cst: '40', impostos: semIcms(base) }));
    expect(cst40.resultado).toEqual({ ok: true });
    expect(cst40.xml).toMatch(/<ICMS40>\s*<orig>0<\/orig>\s*<CST>40<\/CST>\s*<\/ICMS40>/);
    const cst60 = await conferir(comItem({ cst: '60', cfop: '6405', cest: '0302100', icmsStRetido: retido, impostos: semIcms(base) }));
    expect(cst60.resultado).toEqual({ ok: true });
    expect(cst60.xml).toMatch(/<CEST>0302100<\/CEST>/);
    expect(cst60.xml).toMatch(/<vBCSTRet>60.00<\/vBCSTRet>\s*<pST>18.00<\/pST>\s*<vICMSSubstituto>6.00<\/vICMSSubstituto>\s*<vICMSSTRet>10.80<\/vICMSSTRet>/);
    const simples = dados('NFE', '1');
    const csosn500 = await conferir({ ...simples, itens: [{ ...simples.itens[0], csosn: '500', cfop: '6405', cest: '0302100', icmsStRetido: retido }] });
    expect(csosn500.resultado).toEqual({ ok: true });
  });

  it('nf-e schema - ICMSUFDest of an interstate sale to a consumer (CPF in ES) and its totals are within the schema', async () => {
    // 1,000.00 to ES: internal 17 %, interstate 7 %, no FCP: DIFAL 1,000.00 x (17 % - 7 %) = 100.00, all to ES.
    const difal = {
      baseCentavos: 100000,
      baseFcpCentavos: 0,
      aliquotaFcpDestino: 0,
      aliquotaInternaDestino: 17,
      aliquotaInterestadual: 7,
      percentualPartilhaDestino: 100,
      fcpDestinoCentavos: 0,
      icmsDestinoCentavos: 10000,
      icmsRemetenteCentavos: 0,
    };
    const base = dados('NFE', '3');
    const destinatario = { ...base.destinatario!, documento: '11144477735', tipoDocumento: 'CPF' as const, uf: 'ES', codigoMunicipio: '3205309', inscricaoEstadual: null };
    const r = await conferir(comItem({ difal, quantidade: 1, valorUnitario: 1000, valorCentavos: 100000, impostos: [{ tributo: 'ICMS', baseCentavos: 100000, aliquota: 7, valorCentavos: 7000, informativo: false }] }, { destinatario }));
    expect(r.resultado).toEqual({ ok: true });
    expect(r.xml).toMatch(/<ICMSUFDest>\s*<vBCUFDest>1000.00<\/vBCUFDest>/);
    expect(r.xml).toMatch(/<vICMSUFDest>100.00<\/vICMSUFDest>/);
  });

  it('nf-e schema - infRespTec with idCSRT and hashCSRT (SHA-1 of CSRT + key, base64) is within the schema', async () => {
    const d = dados('NFE', '3');
    const responsavelTecnico = { cnpj: '11222333000181', contato: 'Equipe Fiscal', email: 'fiscal@example.com', fone: '1130000000', csrt: { id: '01', codigo: 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO' } };
    const r = await conferir({ ...d, responsavelTecnico });
    expect(r.resultado).toEqual({ ok: true });
    const hash = createHash('sha1').update(`G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO${d.chave}`).digest('base64');
    expect(r.xml).toContain(`<idCSRT>01</idCSRT>`);
    expect(r.xml).toContain(`<hashCSRT>${hash}</hashCSRT>`);
  });

  it('nf-e schema - an element out of the schema is named as the field behind it: the item, the recipient\'s address, the issuer', async () => {
    const base = dados('NFE', '3');
    const segundo = { ...base.itens[0], descricao: '' };
    const r = await conferir({
      ...base,
      emitente: { ...base.emitente, inscricaoEstadual: 'ISENTA!' },
      destinatario: { ...base.destinatario!, endereco: { ...base.destinatario!.endereco!, cep: '123' } },
      itens: [base.itens[0], segundo],
    });
    expect(r.resultado.ok).toBe(false);
    expect(r.campos.map((c) => c.campo).sort()).toEqual(['destinatario.endereco.cep', 'empresa.inscricaoEstadual', 'itens[1].descricao']);
    for (const c of r.campos) expect(c).toMatchObject({ regra: 'schema_nfe', erro: expect.stringContaining('fora do leiaute da NF-e') });
  });
});
