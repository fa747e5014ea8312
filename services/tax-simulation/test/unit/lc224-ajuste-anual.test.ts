import { linha, resultado } from './helpers';

// Lucro Presumido services (presumption 32%), LC 224/2025 with IN RFB 2.306/2026: R$ 1.25 M of room a quarter, R$ 5 M a
// year; in the year's last quarter the year decides, and the tax of revenue surcharged before without cause is deducted.
const q4 = (extra: object) => resultado({ tipoDocumento: 'NFSE', valor: 100000, regime: 'LUCRO_PRESUMIDO', aliquotaIss: 5, ...extra });

describe('LC 224/2025 - the year-end true-up of IN RFB 2.306/2026', () => {
  it('auditoria - Q1 surcharged R$ 250,000 and the year stays below R$ 5 M: the Q4 IRPJ deducts the 2,000.00 paid too much', () => {
    // Q1 2026: R$ 1,500,000 -> 250,000 above the quarter's room; extra base 250,000 x 32% x 10% = 8,000.00, taxed
    // 15% + 10% additional = 1,200.00 + 800.00 = 2,000.00. Q4 document of R$ 100,000 (year R$ 1,600,000 < 5 M):
    // own IRPJ 100,000 x 32% = 32,000 x 15% = 4,800.00 (no additional, 32,000 < 60,000) - 2,000.00 = 2,800.00.
    const r = q4({ dataOperacao: '2026-11-10', receitaAcumuladaAno: 1500000, receitaExcedenteAno: 250000 });
    const irpj = linha(r, 'IRPJ');
    expect(irpj.valorCentavos).toBe(280000);
    expect(irpj.componentes?.map((c) => [c.descricao, c.baseCentavos, c.valorCentavos])).toEqual([
      ['IRPJ do documento', 3200000, 480000],
      ['Ajuste anual da LC 224/2025: IRPJ 15%', 800000, -120000],
      ['Ajuste anual da LC 224/2025: adicional de 10%', 800000, -80000],
    ]);
    expect(irpj.fundamento).toContain('IN RFB 2.306/2026');
    // The running figures: nothing of the year stays surcharged.
    expect(r.acumulados?.receitaExcedenteAnoCentavos).toBe(0);
    // In 2026 the CSLL surcharge only started in Q2, and the input does not split the surcharged revenue by quarter.
    expect(linha(r, 'CSLL')).toMatchObject({ naoCalculavel: true });
    expect(r.completo).toBe(false);
  });

  it('2027 - the same year: IRPJ 2,800.00 and CSLL 2,880.00 - 720.00 = 2,160.00', () => {
    // CSLL: own 32,000 x 9% = 2,880.00; deduction 250,000 x 32% x 10% = 8,000.00 x 9% = 720.00.
    const r = q4({ dataOperacao: '2027-11-10', receitaAcumuladaAno: 1500000, receitaExcedenteAno: 250000 });
    expect(linha(r, 'IRPJ').valorCentavos).toBe(280000);
    expect(linha(r, 'CSLL').valorCentavos).toBe(216000);
    expect(r.completo).toBe(true);
  });

  it('a year above R$ 5 M - Q4 surcharges only what the year has above it: R$ 4,950,000 before, 100,000 now -> 50,000 surcharged', () => {
    // Base 100,000 x 32% + 50,000 x 32% x 10% = 32,000 + 1,600 = 33,600.00 -> IRPJ 15% = 5,040.00 (below 60,000: no additional).
    const r = q4({ dataOperacao: '2026-10-20', receitaAcumuladaAno: 4950000 });
    expect(linha(r, 'IRPJ')).toMatchObject({ baseCentavos: 3360000, valorCentavos: 504000 });
    expect(r.acumulados?.receitaExcedenteAnoCentavos).toBe(5000000);
  });

  it('a deduction larger than the document tax - the line is 0.00 and the rest is refunded or offset (noted)', () => {
    // R$ 10,000 document: own IRPJ 3,200 x 15% = 480.00 < 2,000.00 of deduction.
    const r = q4({ valor: 10000, dataOperacao: '2027-12-01', receitaAcumuladaAno: 1500000, receitaExcedenteAno: 250000 });
    expect(linha(r, 'IRPJ').valorCentavos).toBe(0);
    expect(r.avisos.join(' ')).toContain('restituído ou compensado');
  });

  it('fuel resale (1.6%) - whether the additional fell on the surcharge is unknown: the IRPJ true-up is not computable', () => {
    const r = resultado({
      tipoDocumento: 'NFE',
      valor: 100000,
      dataOperacao: '2027-11-10',
      regime: 'LUCRO_PRESUMIDO',
      ufOrigem: 'SP',
      ncm: '27101259',
      atividade: 'COMBUSTIVEIS',
      receitaAcumuladaAno: 1500000,
      receitaExcedenteAno: 250000,
    });
    expect(linha(r, 'IRPJ')).toMatchObject({ naoCalculavel: true });
  });

  it('before the last quarter nothing changes: the Q2 document with receitaExcedenteAno keeps the carried room', () => {
    // Research example: Q1 R$ 2,000,000 (750,000 surcharged); Q2 document R$ 1,250,000: room 1,250,000 -> base 400,000.00.
    const r = q4({ valor: 1250000, dataOperacao: '2026-05-10', receitaAcumuladaAno: 2000000, receitaExcedenteAno: 750000 });
    expect(linha(r, 'IRPJ')).toMatchObject({ baseCentavos: 40000000, valorCentavos: 9400000 });
  });
});
