import { PRESUNCOES, simular } from '../../src/domain';
import { linha, resultado, valores, vencimentos } from './helpers';

const lp = (extra: object) => resultado({ regime: 'LUCRO_PRESUMIDO', ...extra });

describe('Lucro Presumido - research example (a): services, NFS-e R$ 100,000 a month, ISS 5%, Q1 2026', () => {
  const janeiro = () => lp({ tipoDocumento: 'NFSE', valor: 100000, dataOperacao: '2026-01-20', aliquotaIss: 5 });

  it('exemplo (a) - January: ISS 5,000.00; PIS 650.00 and COFINS 3,000.00 with the ISS kept in the base; IRPJ/CSLL on 32%', () => {
    // ISS 100,000 x 5% = 5,000.00. PIS 100,000 x 0.65% = 650.00; COFINS x 3% = 3,000.00 (Tema 118 not applied: ISS stays in).
    // IRPJ: base 100,000 x 32% = 32,000.00 -> x 15% = 4,800.00, no additional (32,000 <= 60,000).
    // CSLL: base 32,000.00 x 9% = 2,880.00.
    const r = janeiro();
    expect(valores(r)).toMatchObject({ ISS: 500000, PIS: 65000, COFINS: 300000, IRPJ: 480000, CSLL: 288000 });
    expect(linha(r, 'PIS').baseCentavos).toBe(10000000);
    expect(linha(r, 'PIS').fundamento).toContain('Tema 118');
    expect(linha(r, 'IRPJ').baseCentavos).toBe(3200000);
    // Due: ISS 15 Feb is a Sunday before Carnival -> 18 Feb (postponed); PIS/COFINS 25 Feb (Wed); IRPJ/CSLL 30 Apr 2026.
    expect(vencimentos(r)).toMatchObject({ ISS: '2026-02-18', PIS: '2026-02-25', COFINS: '2026-02-25', IRPJ: '2026-04-30', CSLL: '2026-04-30' });
    expect(r.totalDevidoCentavos).toBe(500000 + 65000 + 300000 + 480000 + 288000);
  });

  it('exemplo (a) - 2026 CBS/IBS on the January NFS-e: base 91,350.00 -> CBS 822.15, IBS-UF 91.35, IBS-Mun 0, informative', () => {
    // vBC = 100,000 - ISS 5,000 - PIS 650 - COFINS 3,000 = 91,350.00; CBS 0.9% = 822.15; IBS-UF 0.1% = 91.35; IBS-Mun 0%.
    const r = janeiro();
    expect(valores(r)).toMatchObject({ CBS: 82215, IBS_UF: 9135, IBS_MUN: 0 });
    for (const t of ['CBS', 'IBS_UF', 'IBS_MUN'] as const) {
      expect(linha(r, t)).toMatchObject({ baseCentavos: 9135000, informativo: true, vencimento: null });
      expect(linha(r, t).fundamento).toContain('art. 348 §1º');
    }
  });

  it('exemplo (a) - the quarter: base 96,000.00 -> CSLL 8,640.00 and IRPJ 14,400.00 + additional 3,600.00 = 18,000.00', () => {
    // Whole quarter as one figure: 300,000 x 32% = 96,000; IRPJ 14,400 + (96,000 - 60,000) x 10% = 3,600 -> 18,000.00.
    const trimestre = lp({ tipoDocumento: 'NFSE', valor: 300000, dataOperacao: '2026-03-31', aliquotaIss: 5 });
    expect(valores(trimestre)).toMatchObject({ IRPJ: 1800000, CSLL: 864000 });
    expect(linha(trimestre, 'IRPJ').componentes?.map((c) => [c.baseCentavos, c.valorCentavos])).toEqual([
      [9600000, 1440000],
      [3600000, 360000],
    ]);
    // Month by month with baseAcumuladaTrimestre: Jan 4,800 (base 0 -> 32,000); Feb 4,800 + (64,000 - 60,000) x 10% = 5,200;
    // Mar 4,800 + 32,000 x 10% = 8,000. Sum 18,000.00, the quarter's figure: each document shows the additional it adds.
    const mes = (dataOperacao: string, baseAcumuladaTrimestre: number) =>
      linha(lp({ tipoDocumento: 'NFSE', valor: 100000, dataOperacao, aliquotaIss: 5, baseAcumuladaTrimestre }), 'IRPJ').valorCentavos;
    expect([mes('2026-01-20', 0), mes('2026-02-20', 32000), mes('2026-03-20', 64000)]).toEqual([480000, 520000, 800000]);
  });
});

describe('Lucro Presumido - LC 224/2025 surcharge (research example f)', () => {
  it('exemplo (f) - Q1 2026, services R$ 1,500,000: IRPJ base 488,000.00 -> IRPJ 116,000.00; CSLL (no surcharge in Q1) 43,200.00', () => {
    // Q1 limit 1,250,000: base = 1,250,000 x 32% + 250,000 x 35.2% = 400,000 + 88,000 = 488,000.00.
    // IRPJ 488,000 x 15% = 73,200 + (488,000 - 60,000) x 10% = 42,800 -> 116,000.00 (114,000.00 without LC 224).
    // CSLL: surcharge only from Q2 2026 -> 1,500,000 x 32% = 480,000 x 9% = 43,200.00.
    const r = lp({ tipoDocumento: 'NFSE', valor: 1500000, dataOperacao: '2026-02-15', aliquotaIss: 5 });
    expect(linha(r, 'IRPJ')).toMatchObject({ baseCentavos: 48800000, valorCentavos: 11600000 });
    expect(linha(r, 'IRPJ').fundamento).toContain('LC 224/2025');
    expect(linha(r, 'CSLL')).toMatchObject({ baseCentavos: 48000000, valorCentavos: 4320000 });
  });

  it('exemplo (f) - the same revenue in Q2 2026 after R$ 1.25M in Q1: CSLL base 488,000.00 -> 43,920.00', () => {
    // Q2 limit accumulated 2,500,000; revenue before = 1,250,000; this document 1,500,000 -> 250,000 above.
    const r = lp({ tipoDocumento: 'NFSE', valor: 1500000, dataOperacao: '2026-05-10', aliquotaIss: 5, receitaAcumuladaAno: 1250000 });
    expect(linha(r, 'CSLL')).toMatchObject({ baseCentavos: 48800000, valorCentavos: 4392000 });
    expect(linha(r, 'IRPJ').valorCentavos).toBe(11600000);
  });

  it('LC 224 - unused quarterly room carries over; once the year passed the limit, all revenue takes 1.1 x the presumption', () => {
    // Q3 with R$ 3,000,000 before (room up to 3,750,000): a R$ 500,000 sale stays inside -> 32% x 500,000 = 160,000.
    expect(linha(lp({ tipoDocumento: 'NFSE', valor: 500000, dataOperacao: '2026-08-10', aliquotaIss: 5, receitaAcumuladaAno: 3000000 }), 'IRPJ').baseCentavos).toBe(16000000);
    // Q3 with R$ 6,000,000 before: every real is above -> 100,000 x 35.2% = 35,200 -> IRPJ 5,280.00 (no additional).
    const acima = lp({ tipoDocumento: 'NFSE', valor: 100000, dataOperacao: '2026-08-10', aliquotaIss: 5, receitaAcumuladaAno: 6000000 });
    expect(linha(acima, 'IRPJ')).toMatchObject({ baseCentavos: 3520000, valorCentavos: 528000 });
    // Goods: 8% -> 8.8% and CSLL 12% -> 13.2%: 100,000 -> IRPJ base 8,800 (1,320.00), CSLL base 13,200 (1,188.00).
    const mercadoria = lp({ tipoDocumento: 'NFE', ufOrigem: 'SP', valor: 100000, dataOperacao: '2026-08-10', receitaAcumuladaAno: 6000000 });
    expect(valores(mercadoria)).toMatchObject({ IRPJ: 132000, CSLL: 118800 });
  });
});

describe('Lucro Presumido - LC 224/2025 room per quarter after a quarter that went over (research §2)', () => {
  const servico = (valor: number, dataOperacao: string, extra: object) => lp({ tipoDocumento: 'NFSE', valor, dataOperacao, aliquotaIss: 5, ...extra });

  it('LC 224 - Q1 R$ 2,000,000 (750,000 surcharged), then a Q2 document of R$ 1,250,000: IRPJ 94,000.00, CSLL 36,000.00', () => {
    // Q1 used its whole room: 1,250,000 inside, 750,000 surcharged. Q2 brings a fresh 1,250,000 of room:
    // 2 x 1,250,000 - (2,000,000 - 750,000) = 1,250,000, so the document is all inside.
    // IRPJ base 1,250,000 x 32% = 400,000.00; IRPJ 400,000 x 15% = 60,000 + (400,000 - 60,000) x 10% = 34,000 -> 94,000.00.
    // CSLL base 1,250,000 x 32% = 400,000.00 x 9% = 36,000.00.
    const r = servico(1250000, '2026-05-10', { receitaAcumuladaAno: 2000000, receitaExcedenteAno: 750000 });
    expect(linha(r, 'IRPJ')).toMatchObject({ baseCentavos: 40000000, valorCentavos: 9400000 });
    expect(linha(r, 'CSLL')).toMatchObject({ baseCentavos: 40000000, valorCentavos: 3600000 });
    expect(linha(r, 'IRPJ').fundamento).not.toContain('presunção × 1,10');
    // Not told what was surcharged (0), the engine counts all of Q1 as using room: room 2,500,000 - 2,000,000 = 500,000,
    // 750,000 surcharged: base 500,000 x 32% + 750,000 x 35.2% = 160,000 + 264,000 = 424,000.00 -> IRPJ 63,600 + 36,400 = 100,000.00.
    const semInformar = servico(1250000, '2026-05-10', { receitaAcumuladaAno: 2000000 });
    expect(linha(semInformar, 'IRPJ')).toMatchObject({ baseCentavos: 42400000, valorCentavos: 10000000 });
    expect(linha(semInformar, 'CSLL').valorCentavos).toBe(3816000); // 424,000 x 9% = 38,160.00
  });

  it('LC 224 - the year limit caps the room: Q1 R$ 4,000,000 (2,750,000 surcharged), Q2 document of R$ 2,000,000', () => {
    // Quarterly room 2,500,000 - (4,000,000 - 2,750,000) = 1,250,000, but only 5,000,000 - 4,000,000 = 1,000,000 of the
    // year is left: 1,000,000 inside, 1,000,000 surcharged. Base 1,000,000 x 32% + 1,000,000 x 35.2% = 320,000 + 352,000
    // = 672,000.00; IRPJ 100,800 + (672,000 - 60,000) x 10% = 61,200 -> 162,000.00; CSLL 672,000 x 9% = 60,480.00.
    const r = servico(2000000, '2026-05-10', { receitaAcumuladaAno: 4000000, receitaExcedenteAno: 2750000 });
    expect(linha(r, 'IRPJ')).toMatchObject({ baseCentavos: 67200000, valorCentavos: 16200000 });
    expect(linha(r, 'CSLL').valorCentavos).toBe(6048000);
  });

  it('LC 224 - unused room of Q1 and Q2 carries into Q3; past R$ 5,000,000 in the year every real is surcharged', () => {
    // R$ 1,000,000 in Q1, nothing in Q2: Q3 room 3,750,000 - 1,000,000 = 2,750,000; a R$ 2,000,000 document is inside:
    // base 640,000.00.
    expect(linha(servico(2000000, '2026-08-10', { receitaAcumuladaAno: 1000000 }), 'IRPJ').baseCentavos).toBe(64000000);
    // R$ 5,200,000 before (1,450,000 surcharged): no room is left in the year -> 100,000 x 35.2% = 35,200.00; IRPJ 5,280.00,
    // CSLL 35,200 x 9% = 3,168.00.
    const acima = servico(100000, '2026-08-10', { receitaAcumuladaAno: 5200000, receitaExcedenteAno: 1450000 });
    expect(valores(acima)).toMatchObject({ IRPJ: 528000, CSLL: 316800 });
  });

  it('LC 224 - what was surcharged cannot exceed the revenue it is part of', () => {
    const s = simular({ regime: 'LUCRO_PRESUMIDO', tipoDocumento: 'NFSE', valor: 1000, dataOperacao: '2026-05-10', receitaAcumuladaAno: 100, receitaExcedenteAno: 200 });
    expect(s.ok ? [] : s.erros.map((e) => [e.campo, e.regra])).toEqual([['receitaExcedenteAno', 'FORA_DO_INTERVALO']]);
  });
});

describe('Lucro Presumido - presumption classes and the CT-e (research example g)', () => {
  it('exemplo (g) - CT-e SP->BA R$ 10,000 in Q3 2026: ICMS 7% 700.00; PIS 60.45 and COFINS 279.00 without the ICMS', () => {
    // ICMS 10,000 x 7% = 700.00 (SP is Southeast, BA Northeast). PIS (10,000 - 700) x 0.65% = 60.45; COFINS 9,300 x 3% = 279.00.
    // 2026 CBS base: 10,000 - 700 - 60.45 - 279.00 = 8,960.55 -> CBS 0.9% = 80.64495 -> 80.64; IBS-UF 0.1% = 8.96055 -> 8.96.
    const r = lp({ tipoDocumento: 'CTE', ufOrigem: 'SP', ufDestino: 'BA', valor: 10000, dataOperacao: '2026-08-20' });
    expect(valores(r)).toMatchObject({ ICMS: 70000, PIS: 6045, COFINS: 27900, CBS: 8064, IBS_UF: 896, IBS_MUN: 0 });
    expect(linha(r, 'ICMS').fundamento).toContain('transporte');
    expect(r.linhas.some((l) => l.tributo === 'IPI' || l.tributo === 'ISS')).toBe(false);
    // Cargo transport presumption 8% / 12% by default for a CT-e.
    expect(valores(r)).toMatchObject({ IRPJ: 12000, CSLL: 10800 }); // 800 x 15%; 1,200 x 9%
  });

  it('exemplo (g) - the quarter\'s CT-e revenue R$ 300,000: IRPJ base 24,000.00 -> 3,600.00; CSLL base 36,000.00 -> 3,240.00; due 30 Oct 2026', () => {
    const r = lp({ tipoDocumento: 'CTE', ufOrigem: 'SP', ufDestino: 'BA', valor: 300000, dataOperacao: '2026-09-30' });
    expect(linha(r, 'IRPJ')).toMatchObject({ baseCentavos: 2400000, valorCentavos: 360000, vencimento: '2026-10-30' });
    expect(linha(r, 'CSLL')).toMatchObject({ baseCentavos: 3600000, valorCentavos: 324000, vencimento: '2026-10-30' });
  });

  it('atividade - every accepted class applies its IRPJ and CSLL presumption (on R$ 100,000)', () => {
    const esperado: Record<string, [number, number]> = {
      // [IRPJ base, CSLL base] in reais: revenue x presumption.
      COMBUSTIVEIS: [1600, 12000],
      MERCADORIAS: [8000, 12000],
      TRANSPORTE_CARGA: [8000, 12000],
      SERVICOS_HOSPITALARES: [8000, 12000],
      CONSTRUCAO_COM_MATERIAIS: [8000, 12000],
      TRANSPORTE_PASSAGEIROS: [16000, 12000],
      SERVICOS: [32000, 32000],
      SERVICOS_RECEITA_ATE_120_MIL: [16000, 32000],
    };
    expect(Object.keys(PRESUNCOES).sort()).toEqual(Object.keys(esperado).sort());
    for (const [atividade, [irpj, csll]] of Object.entries(esperado)) {
      const r = lp({ tipoDocumento: 'NFSE', valor: 100000, dataOperacao: '2026-03-10', aliquotaIss: 2, atividade });
      expect([atividade, linha(r, 'IRPJ').baseCentavos, linha(r, 'CSLL').baseCentavos]).toEqual([atividade, irpj * 100, csll * 100]);
    }
    // Fuel (gasoline resold): IRPJ 1,600 x 15% = 240.00; CSLL 12,000 x 9% = 1,080.00.
    expect(valores(lp({ tipoDocumento: 'NFE', ufOrigem: 'SP', valor: 100000, dataOperacao: '2026-03-10', atividade: 'COMBUSTIVEIS', ncm: '27101259' }))).toMatchObject({ IRPJ: 24000, CSLL: 108000 });
  });

  it('default atividade by document - NFS-e services 32/32, NF-e and NFC-e goods 8/12', () => {
    const nfse = lp({ tipoDocumento: 'NFSE', valor: 1000, dataOperacao: '2026-03-10', aliquotaIss: 2 });
    expect([linha(nfse, 'IRPJ').baseCentavos, linha(nfse, 'CSLL').baseCentavos]).toEqual([32000, 32000]);
    for (const tipoDocumento of ['NFE', 'NFCE']) {
      const r = lp({ tipoDocumento, ufOrigem: 'SP', valor: 1000, dataOperacao: '2026-03-10' });
      expect([linha(r, 'IRPJ').baseCentavos, linha(r, 'CSLL').baseCentavos]).toEqual([8000, 12000]);
    }
  });

  it('rounding - the presumed base is rounded once, then each tax: R$ 0.03 of services -> base 0.0096 -> 0.01', () => {
    // 3 centavos x 32% = 0.96 centavo -> base 1 centavo; IRPJ 1 x 15% = 0.15 -> 0; CSLL 0.09 -> 0.
    const r = lp({ tipoDocumento: 'NFSE', valor: 0.03, dataOperacao: '2026-03-10', aliquotaIss: 2 });
    expect([linha(r, 'IRPJ').baseCentavos, linha(r, 'IRPJ').valorCentavos, linha(r, 'CSLL').valorCentavos]).toEqual([1, 0, 0]);
    // R$ 10.00 of services: PIS 0.65% = 6.5 centavos -> 7 (half up); COFINS 3% = 30; ISS 2% = 20.
    expect(valores(lp({ tipoDocumento: 'NFSE', valor: 10, dataOperacao: '2026-03-10', aliquotaIss: 2 }))).toMatchObject({ PIS: 7, COFINS: 30, ISS: 20 });
  });
});
