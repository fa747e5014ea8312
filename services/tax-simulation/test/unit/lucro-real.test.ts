import { linha, resultado, valores, vencimentos } from './helpers';

const lr = (extra: object) => resultado({ regime: 'LUCRO_REAL', ...extra });

describe('Lucro Real - research example (b): reseller, SP intrastate 18%, sale R$ 50,000, purchases R$ 20,000', () => {
  const venda = (extra: object = {}) =>
    lr({ tipoDocumento: 'NFE', ufOrigem: 'SP', ufDestino: 'SP', valor: 50000, comprasCreditaveis: 20000, dataOperacao: '2026-06-10', ...extra });

  it('exemplo (b) - ICMS 9,000.00 - 3,600.00 = 5,400.00; PIS 405.90 and COFINS 1,869.60 after credits', () => {
    // ICMS debit 50,000 x 18% = 9,000.00; credit 20,000 x 18% = 3,600.00 -> 5,400.00.
    // PIS/COFINS sale base 50,000 - 9,000 = 41,000.00 -> PIS 1.65% = 676.50, COFINS 7.6% = 3,116.00.
    // Credit base 20,000 - 3,600 (purchase ICMS, Lei 14.592/2023) = 16,400.00 -> PIS 270.60, COFINS 1,246.40.
    // Payable PIS 676.50 - 270.60 = 405.90; COFINS 3,116.00 - 1,246.40 = 1,869.60. No IPI (reseller).
    const r = venda();
    expect(valores(r)).toMatchObject({ ICMS: 540000, PIS: 40590, COFINS: 186960 });
    expect(linha(r, 'ICMS').componentes?.map((c) => c.valorCentavos)).toEqual([900000, -360000]);
    expect(linha(r, 'PIS').componentes?.map((c) => [c.baseCentavos, c.valorCentavos])).toEqual([
      [4100000, 67650],
      [1640000, -27060],
    ]);
    expect(linha(r, 'COFINS').componentes?.map((c) => [c.baseCentavos, c.valorCentavos])).toEqual([
      [4100000, 311600],
      [1640000, -124640],
    ]);
    expect(r.linhas.some((l) => l.tributo === 'IPI')).toBe(false);
  });

  it('exemplo (b) - IRPJ/CSLL on a quarter profit of 100,000.00: IRPJ 15,000 + 4,000 = 19,000.00, CSLL 9,000.00', () => {
    // IRPJ 100,000 x 15% = 15,000 + (100,000 - 60,000) x 10% = 4,000 -> 19,000.00; CSLL 100,000 x 9% = 9,000.00.
    const r = venda({ lucroRealTrimestre: 100000 });
    expect(valores(r)).toMatchObject({ IRPJ: 1900000, CSLL: 900000 });
    expect(vencimentos(r)).toMatchObject({ IRPJ: '2026-07-31', CSLL: '2026-07-31' });
    // The research places the quarter in Q1 2027: due 30 Apr 2027.
    const q1 = lr({ tipoDocumento: 'NFE', ufOrigem: 'SP', valor: 50000, dataOperacao: '2027-02-10', lucroRealTrimestre: 100000 });
    expect(linha(q1, 'IRPJ')).toMatchObject({ valorCentavos: 1900000, vencimento: '2027-04-30' });
  });

  it('exemplo (b) - 2026 CBS/IBS on the sale use the debits on the document: base 37,207.50 -> CBS 334.87, IBS-UF 37.21', () => {
    // vBC = 50,000 - ICMS 9,000 - PIS 676.50 - COFINS 3,116.00 = 37,207.50 (the document's debits, not the net after credits).
    // CBS 0.9% = 334.8675 -> 334.87; IBS-UF 0.1% = 37.2075 -> 37.21.
    expect(valores(venda())).toMatchObject({ CBS: 33487, IBS_UF: 3721, IBS_MUN: 0 });
  });

  it('sem lucro real - IRPJ and CSLL are shown as not computable, never guessed, and the total says it is incomplete', () => {
    const r = venda();
    for (const t of ['IRPJ', 'CSLL'] as const) {
      expect(linha(r, t)).toMatchObject({ naoCalculavel: true, valorCentavos: 0, baseCentavos: 0, informativo: false, vencimento: '2026-07-31' });
      expect(linha(r, t).motivo).toContain('lucroRealTrimestre');
    }
    expect(r.completo).toBe(false);
    expect(r.totalDevidoCentavos).toBe(540000 + 40590 + 186960);
  });

  it('prejuizo - a quarter loss gives zero IRPJ and CSLL; a small profit no additional', () => {
    expect(valores(venda({ lucroRealTrimestre: -5000 }))).toMatchObject({ IRPJ: 0, CSLL: 0 });
    // 60,000.00 exactly: 9,000.00 and no additional.
    expect(linha(venda({ lucroRealTrimestre: 60000 }), 'IRPJ').valorCentavos).toBe(900000);
    // 60,000.04: 15% = 9,000.006 -> 9,000.01; additional 10% x 0.04 = 0.4 centavo -> 0 -> 9,000.01.
    expect(linha(venda({ lucroRealTrimestre: 60000.04 }), 'IRPJ').valorCentavos).toBe(900001);
    // 60,000.05: 15% = 9,000.0075 -> 9,000.01; additional 10% x 0.05 = 0.5 centavo -> 0.01 (half up) -> 9,000.02.
    expect(linha(venda({ lucroRealTrimestre: 60000.05 }), 'IRPJ').valorCentavos).toBe(900002);
  });

  it('credito maior que debito - the line is zero and the balance carries forward', () => {
    const r = lr({ tipoDocumento: 'NFE', ufOrigem: 'SP', valor: 1000, comprasCreditaveis: 5000, dataOperacao: '2026-06-10', lucroRealTrimestre: 0 });
    expect(valores(r)).toMatchObject({ ICMS: 0, PIS: 0, COFINS: 0 });
    expect(r.avisos.join(' ')).toContain('saldo credor');
  });

  it('NFS-e - no ICMS on the sale; the purchases\' ICMS comes out of the credit base at the rate given', () => {
    // Service R$ 10,000, ISS 2% = 200.00; PIS debit 10,000 x 1.65% = 165.00; purchases 2,000 with 12% ICMS = 240 ->
    // credit base 1,760 -> PIS credit 29.04 -> 135.96; COFINS 760.00 - 133.76 = 626.24.
    const r = lr({ tipoDocumento: 'NFSE', valor: 10000, aliquotaIss: 2, comprasCreditaveis: 2000, aliquotaIcmsCompras: 12, dataOperacao: '2026-06-10', lucroRealTrimestre: 0 });
    expect(valores(r)).toMatchObject({ ISS: 20000, PIS: 13596, COFINS: 62624 });
  });
});
