import { qrCodeCte } from '../../src/domain/cte-qrcode';
import { montarCte } from '../../src/xml/cte';
import { validarCteCompleto } from '../../src/xml/cte/schema-check';
import { assinadorDeForma, assinarXml } from '../../src/xml/signature';
import { CHAVE_CTE, dadosCte } from '../support/cte-fixture';

/** The CT-e builder's output against the official CT-e 4.00 RTC schema (libxml2), signed with the placeholder signer. */
async function conferir(xml: string) {
  const assinado = await assinarXml(xml, 'infCte', assinadorDeForma);
  return { assinado, resultado: await validarCteCompleto(assinado) };
}

describe('ct-e builder - official schema', () => {
  it('ct-e schema - a regime-normal CT-e (ICMS00, IBSCBS, vTotDFe) and a Simples Nacional one (ICMSSN) are within the schema', async () => {
    const normal = await conferir(montarCte(dadosCte('3'), { indentado: true }));
    expect(normal.resultado).toEqual({ ok: true });
    // 1,050.00 x 12 % = 126.00; the components add up to vTPrest.
    expect(normal.assinado).toMatch(/<ICMS00><CST>00<\/CST><vBC>1050\.00<\/vBC><pICMS>12\.00<\/pICMS><vICMS>126\.00<\/vICMS><\/ICMS00>|<ICMS00>\s*<CST>00<\/CST>\s*<vBC>1050.00<\/vBC>\s*<pICMS>12.00<\/pICMS>\s*<vICMS>126.00<\/vICMS>/);
    expect(normal.assinado).toMatch(/<vTotDFe>1050\.00<\/vTotDFe>/);
    expect(normal.assinado).toMatch(/<vCBS>9\.45<\/vCBS>/);
    expect(normal.assinado).toContain('CT-E EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL');
    const simples = await conferir(montarCte(dadosCte('1')));
    expect(simples.resultado).toEqual({ ok: true });
    expect(simples.assinado).toContain('<ICMSSN><CST>90</CST><indSN>1</indSN></ICMSSN>');
    expect(simples.assinado).not.toContain('IBSCBS');
  });

  it('ct-e schema - a CT-e carrying NF-e keys, with a CST 40 service, is within the schema; a broken one is not', async () => {
    const d = { ...dadosCte('3'), cst: '40', chavesNfe: [CHAVE_CTE.slice(0, 20) + '55' + CHAVE_CTE.slice(22)] };
    expect((await conferir(montarCte(d))).resultado).toEqual({ ok: true });
    // The modal's own schema (infModal is xs:any in the CT-e's): an RNTRC that is not 8 digits or ISENTO fails there.
    const modal = await conferir(montarCte({ ...dadosCte('3'), cte: { ...dadosCte('3').cte, rntrc: 'X' } }));
    expect(modal.resultado.ok).toBe(false);
    const cfop = await conferir(montarCte({ ...dadosCte('3'), cte: { ...dadosCte('3').cte, cfop: '63X3' } }));
    expect(cfop.resultado.ok).toBe(false);
  });

  it('ct-e qr code - the key goes whole, letters of an alphanumeric CNPJ included, with tpAmb', () => {
    const chave = '3526111AB2C3D4E5F6G757001000000007112345678';
    expect(qrCodeCte(chave, 'SP', 'HOMOLOGAÇÃO')).toBe(`https://homologacao.nfe.fazenda.sp.gov.br/CTeConsulta/qrCode?chCTe=${chave}&tpAmb=2`);
    // RJ is served by SVRS; production has tpAmb 1.
    expect(qrCodeCte(chave, 'RJ', 'PRODUÇÃO')).toMatch(/^https:\/\/.*\?chCTe=3526111AB2C3D4E5F6G757001000000007112345678&tpAmb=1$/);
  });
});
