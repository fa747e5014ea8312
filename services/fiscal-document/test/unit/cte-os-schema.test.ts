import { montarCteOs } from '../../src/xml/cte/os';
import { validarCteOsCompleto } from '../../src/xml/cte/schema-check';
import { assinadorDeForma, assinarXml } from '../../src/xml/signature';
import { CHAVE_CTE_OS, dadosCteOs } from '../support/cte-fixture';

/** The CT-e OS builder (model 67) against the official cteOS_v4.00.xsd and cteModalRodoviarioOS_v4.00.xsd. */
async function conferir(xml: string) {
  const assinado = await assinarXml(xml, 'infCte', assinadorDeForma);
  return { assinado, resultado: await validarCteOsCompleto(assinado) };
}

describe('ct-e os builder - official schema', () => {
  it('ct-e os schema - a regime-normal CT-e OS (ICMS00, IBSCBS, vTotDFe, rodoOS) and a Simples Nacional one are within the schema', async () => {
    expect(CHAVE_CTE_OS.slice(20, 22)).toBe('67');
    const normal = await conferir(montarCteOs(dadosCteOs('3')));
    expect(normal.resultado).toEqual({ ok: true });
    expect(normal.assinado).toMatch(/^<CTeOS xmlns="http:\/\/www\.portalfiscal\.inf\.br\/cte" versao="4\.00">/);
    expect(normal.assinado).toContain('<mod>67</mod>');
    expect(normal.assinado).toContain('<tpServ>6</tpServ><indIEToma>1</indIEToma>');
    // 4,150.00 x 12 % = 498.00; vTotDFe = vTPrest in 2026; CBS 0.9 % of 4,150.00 = 37.35.
    expect(normal.assinado).toContain('<ICMS00><CST>00</CST><vBC>4150.00</vBC><pICMS>12.00</pICMS><vICMS>498.00</vICMS></ICMS00>');
    expect(normal.assinado).toContain('<vTotDFe>4150.00</vTotDFe>');
    expect(normal.assinado).toContain('<vCBS>37.35</vCBS>');
    expect(normal.assinado).toContain('<toma><CNPJ>33000167000101</CNPJ><IE>81234567</IE><xNome>CT-E EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL</xNome>');
    expect(normal.assinado).toContain('<infServico><xDescServ>Fretamento de ônibus</xDescServ><infQ><qCarga>40.0000</qCarga></infQ></infServico>');
    expect(normal.assinado).toContain('<rodoOS><TAF>123456789012</TAF><veic><placa>ABC1D23</placa><UF>SP</UF></veic><infFretamento><tpFretamento>1</tpFretamento></infFretamento></rodoOS>');
    expect(normal.assinado).toMatch(/<\/infCTeSupl><Signature/);
    const simples = await conferir(montarCteOs(dadosCteOs('1')));
    expect(simples.resultado).toEqual({ ok: true });
    expect(simples.assinado).toContain('<ICMSSN><CST>90</CST><indSN>1</indSN></ICMSSN>');
    expect(simples.assinado).not.toContain('IBSCBS');
  });

  it('ct-e os schema - the state registration instead of the TAF, no vehicle, is within the schema; a broken modal is not', async () => {
    const base = dadosCteOs('3');
    const registro = { ...base, cteOs: { ...base.cteOs, taf: null, registroEstadual: '1234567890123456789012345', placa: null, ufVeiculo: null, fretamento: null, quantidadePassageiros: null } };
    const ok = await conferir(montarCteOs(registro));
    expect(ok.resultado).toEqual({ ok: true });
    expect(ok.assinado).toContain('<rodoOS><NroRegEstadual>1234567890123456789012345</NroRegEstadual></rodoOS>');
    const quebrado = await conferir(montarCteOs({ ...base, cteOs: { ...base.cteOs, taf: '12' } }));
    expect(quebrado.resultado.ok).toBe(false);
  });
});
