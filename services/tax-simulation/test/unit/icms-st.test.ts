import { simular } from '../../src/domain';
import { linha, resultado, valores } from './helpers';

// Lucro Presumido NF-e of R$ 1,000 inside SP (internal rate 18%, no general FCP), 2026, unless said otherwise.
const lp = (extra: object) => resultado({ tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-06-10', regime: 'LUCRO_PRESUMIDO', ufOrigem: 'SP', ...extra });
const sn = (extra: object) => resultado({ tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-06-10', regime: 'SIMPLES_NACIONAL', ufOrigem: 'SP', anexoSimples: 'I', receitaBruta12Meses: 300000, ...extra });
const codigos = (entrada: object) => {
  const s = simular({ tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-06-10', ufOrigem: 'SP', regime: 'LUCRO_PRESUMIDO', ...entrada });
  return s.ok ? [] : s.erros.map((e) => [e.campo, e.regra]);
};

describe('ICMS base reduction, deferral, ICMS-ST and the Simples Nacional credit', () => {
  it('CST 20 - pRedBC 40%: base 1,000 x 60% = 600.00; ICMS 600 x 18% = 108.00', () => {
    const r = lp({ cst: '20', reducaoBaseIcms: 40 });
    expect(linha(r, 'ICMS')).toMatchObject({ baseCentavos: 60000, valorCentavos: 10800 });
    expect(r.icms).toMatchObject({ reducaoBase: 40, diferimento: null, st: null });
  });

  it('CST 51 - pDif 33.33%: vICMSOp 180.00; vICMSDif 180 x 33.33% = 59.994 -> 59.99; vICMS 180.00 - 59.99 = 120.01', () => {
    const r = lp({ cst: '51', diferimentoIcms: 33.33 });
    expect(linha(r, 'ICMS')).toMatchObject({ baseCentavos: 100000, valorCentavos: 12001 });
    expect(r.icms?.diferimento).toEqual({ icmsOperacaoCentavos: 18000, percentual: 33.33, diferidoCentavos: 5999 });
  });

  it('CST 10 - MVA 40%: vBCST 1,000 x 1.40 = 1,400.00; 1,400 x 18% = 252.00 - own 180.00 = 72.00; FCP-ST 2% = 28.00', () => {
    const r = lp({ cst: '10', icmsSt: { mva: 40, aliquotaFcp: 2 } });
    expect(linha(r, 'ICMS').valorCentavos).toBe(18000);
    expect(r.icms?.st).toEqual({
      modalidade: 4, mva: 40, reducaoBase: null, baseCentavos: 140000, aliquota: 18, valorCentavos: 7200,
      baseFcpCentavos: 140000, aliquotaFcp: 2, fcpCentavos: 2800, icmsProprioCentavos: 18000,
    });
  });

  it('CST 10 interstate SP -> RJ with IPI 10%: own 1,000 x 12% = 120.00; vBCST (1,000 + 100) x 1.40 = 1,540.00; x 20% = 308.00 - 120.00 = 188.00; RJ FECP 2% = 30.80', () => {
    const r = lp({ cst: '10', ufDestino: 'RJ', cfop: '6401', aliquotaIpi: 10, icmsSt: { mva: 40 } });
    expect(valores(r)).toMatchObject({ ICMS: 12000, IPI: 10000 });
    expect(r.icms?.st).toMatchObject({ baseCentavos: 154000, aliquota: 20, valorCentavos: 18800, aliquotaFcp: 2, fcpCentavos: 3080 });
  });

  it('CST 70 - pRedBC 40% and ST base reduced 40%: own 600 x 18% = 108.00; vBCST 1,400 x 60% = 840.00; 840 x 18% = 151.20 - 108.00 = 43.20', () => {
    const r = lp({ cst: '70', reducaoBaseIcms: 40, icmsSt: { mva: 40, reducaoBase: 40 } });
    expect(linha(r, 'ICMS').valorCentavos).toBe(10800);
    expect(r.icms?.st).toMatchObject({ baseCentavos: 84000, valorCentavos: 4320, reducaoBase: 40, fcpCentavos: 0, baseFcpCentavos: 0 });
  });

  it('CST 30 - exempt own operation: no ICMS line; ST 1,400 x 18% = 252.00 with nothing to deduct; base given (modBCST 5) 1,500 x 18% = 270.00', () => {
    const r = lp({ cst: '30', icmsSt: { mva: 40 } });
    expect(r.linhas.some((l) => l.tributo === 'ICMS')).toBe(false);
    expect(r.icms?.st).toMatchObject({ baseCentavos: 140000, valorCentavos: 25200, icmsProprioCentavos: 0 });
    expect(lp({ cst: '30', icmsSt: { base: 1500 } }).icms?.st).toMatchObject({ modalidade: 5, mva: null, baseCentavos: 150000, valorCentavos: 27000 });
  });

  it('CSOSN 101 - annex I band 2 (RBT12 300,000): effective (300,000 x 7.3% - 5,940) / 300,000 = 5.32%; ICMS share 34% = 1.8088%; credit 1,000 x 1.8088% = 18.088 -> 18.09', () => {
    const r = sn({ csosn: '101' });
    expect(r.icms?.creditoSimples).toEqual({ aliquota: 1.8088, valorCentavos: 1809 });
    // CSOSN 102: no credit to the buyer.
    expect(sn({ csosn: '102' }).icms).toBeNull();
  });

  it('CSOSN 201 / 202 / 203 - ST with the own ICMS at the normal rate: 1,400 x 18% = 252.00 - 1,000 x 18% = 180.00 = 72.00; 201 also gives the credit; 203 leaves the ICMS share out of the DAS', () => {
    for (const csosn of ['201', '202', '203']) expect(sn({ csosn, icmsSt: { mva: 40 } }).icms?.st).toMatchObject({ baseCentavos: 140000, valorCentavos: 7200, icmsProprioCentavos: 18000 });
    expect(sn({ csosn: '201', icmsSt: { mva: 40 } }).icms?.creditoSimples).toEqual({ aliquota: 1.8088, valorCentavos: 1809 });
    expect(sn({ csosn: '202', icmsSt: { mva: 40 } }).icms?.creditoSimples).toBeNull();
    // DAS 1,000 x 5.32% = 53.20; without the ICMS share 5.32% x 66% = 3.5112% -> 35.11.
    expect(valores(sn({ csosn: '202', icmsSt: { mva: 40 } }))).toEqual({ DAS: 5320 });
    expect(valores(sn({ csosn: '203', icmsSt: { mva: 40 } }))).toEqual({ DAS: 3511 });
  });

  it('refused - the inputs where they do not apply, both MVA and base, neither, out of range', () => {
    expect(codigos({ cst: '00', reducaoBaseIcms: 10 })).toEqual([['reducaoBaseIcms', 'NAO_SE_APLICA']]);
    expect(codigos({ cst: '20', reducaoBaseIcms: 10, diferimentoIcms: 5 })).toEqual([['diferimentoIcms', 'NAO_SE_APLICA']]);
    expect(codigos({ cst: '10', icmsSt: { mva: 40, base: 1500 } })).toEqual([['icmsSt.base', 'CAMPOS_INCOERENTES']]);
    expect(codigos({ cst: '10', icmsSt: {} })).toEqual([['icmsSt.mva', 'OBRIGATORIO']]);
    expect(codigos({ cst: '10', icmsSt: { mva: 40, aliquotaFcp: 3 } })).toEqual([['icmsSt.aliquotaFcp', 'FORA_DO_INTERVALO']]);
    expect(codigos({ cst: '20', reducaoBaseIcms: 100 })).toEqual([['reducaoBaseIcms', 'FORA_DO_INTERVALO']]);
    expect(codigos({ cst: '10', icmsSt: { mva: 40, x: 1 } })).toEqual([['icmsSt.x', 'CAMPO_DESCONHECIDO']]);
  });
});
