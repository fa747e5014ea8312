import { ANEXOS } from '../../src/domain/data/simples-nacional';
import { percentual, somar, ZERO } from '../../src/domain/fraction';
import { linha, resultado, valores } from './helpers';
import { simular, type ParcelaDas, type ResultadoSimulacao } from '../../src/domain';

const servico = (extra: object) => resultado({ tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2026-10-15', regime: 'SIMPLES_NACIONAL', ...extra });
const partilha = (r: ResultadoSimulacao) =>
  Object.fromEntries((r.partilhaDas ?? []).map((p: ParcelaDas) => [p.tributo, p.valorCentavos]));
const somaPartilha = (r: ResultadoSimulacao) => (r.partilhaDas ?? []).reduce((s, p) => s + p.valorCentavos, 0);

describe('Simples Nacional - annex tables (LC 123/2006, LC 155/2016)', () => {
  it('tabelas - every band of every annex splits 100% of the rate, and the bands end at the legal limits', () => {
    for (const tabela of Object.values(ANEXOS)) {
      expect(tabela.faixas.map((f) => f.limiteCentavos / 100)).toEqual([180_000, 360_000, 720_000, 1_800_000, 3_600_000, 4_800_000]);
      for (const faixa of tabela.faixas) {
        const soma = faixa.partilha.reduce((s, p) => somar(s, p.percentual), ZERO);
        expect({ anexo: tabela.anexo, faixa: faixa.faixa, soma }).toEqual({ anexo: tabela.anexo, faixa: faixa.faixa, soma: percentual('100') });
      }
      if (tabela.tetoIss) {
        expect(tabela.tetoIss.redistribuicao.reduce((s, p) => somar(s, p.percentual), ZERO)).toEqual(percentual('100'));
      }
    }
  });

  it('tabelas - the effective rate is continuous at the boundaries of bands 1 to 5 (a typo in a deduction would break it)', () => {
    // Band 6 is not continuous on purpose: its rate leaves out ICMS/ISS, paid outside the DAS above the sublimit.
    for (const tabela of Object.values(ANEXOS)) {
      for (let i = 1; i < 5; i++) {
        const limite = tabela.faixas[i - 1].limiteCentavos;
        const r = (anexo: string, rbt12: number) =>
          resultado({
            tipoDocumento: anexo === 'I' || anexo === 'II' ? 'NFE' : 'NFSE',
            ufOrigem: 'SP',
            valor: 1_000_000,
            dataOperacao: '2026-10-15',
            regime: 'SIMPLES_NACIONAL',
            anexoSimples: anexo,
            receitaBruta12Meses: rbt12 / 100,
          });
        // At the limit both bands' formulas give the same rate: (L x n_i - D_i)/L = (L x n_j - D_j)/L.
        const naFaixa = r(tabela.anexo, limite);
        const faixa = tabela.faixas[i];
        const formulaSeguinte = ((limite / 100) * Number(faixa.aliquotaNominal.n) / Number(faixa.aliquotaNominal.d) - faixa.parcelaDeduzirCentavos / 100) / (limite / 100);
        expect(linha(naFaixa, 'DAS').aliquota.percentual).toBeCloseTo(formulaSeguinte * 100, 9);
      }
    }
  });
});

describe('Simples Nacional - DAS at the effective rate (research example c)', () => {
  it('exemplo (c) faixa 1 - NFS-e R$ 10,000, Anexo III, RBT12 R$ 150,000: DAS 600.00 split 24.00/21.00/76.92/16.68/260.40/201.00, ISS inside', () => {
    // Band 1: deduction 0 -> effective = nominal 6%; DAS = 10,000 x 6% = 600.00.
    // Split of 600: IRPJ 4% = 24.00; CSLL 3.5% = 21.00; COFINS 12.82% = 76.92; PIS 2.78% = 16.68; CPP 43.4% = 260.40;
    // ISS 33.5% = 201.00; sum 600.00, no residue. Due: competence Oct 2026 -> 20 Nov holiday -> 23 Nov 2026.
    const r = servico({ anexoSimples: 'III', receitaBruta12Meses: 150000 });
    expect(valores(r)).toEqual({ DAS: 60000, ISS: 20100 });
    expect(linha(r, 'DAS')).toMatchObject({ informativo: false, vencimento: '2026-11-23', aliquota: { percentual: 6 } });
    expect(linha(r, 'ISS')).toMatchObject({ informativo: true, vencimento: null, aliquota: { percentual: 2.01 } });
    expect(linha(r, 'ISS').fundamento).toContain('art. 21 §4º');
    expect(partilha(r)).toEqual({ IRPJ: 2400, CSLL: 2100, COFINS: 7692, PIS: 1668, CPP: 26040, ISS: 20100 });
    expect(r.partilhaDas?.some((p) => p.residuoCentavos !== undefined)).toBe(false);
    // Only the DAS is paid: the ISS is not a second title.
    expect(r.totalDevidoCentavos).toBe(60000);
    expect(r.cargaEfetiva.percentual).toBe(6);
    expect(r.completo).toBe(true);
  });

  it('exemplo (c) faixa 2 - RBT12 R$ 300,000: effective 8.08%, DAS 808.00; the split rounds to 807.99 and the 0.01 residue goes to CPP', () => {
    // Effective = (300,000 x 11.2% - 9,360) / 300,000 = 24,240 / 300,000 = 8.08%; DAS = 10,000 x 8.08% = 808.00.
    // Parts of 808.00: IRPJ 4% = 32.32; CSLL 3.5% = 28.28; COFINS 14.05% = 113.524 -> 113.52; PIS 3.05% = 24.644 -> 24.64;
    // CPP 43.4% = 350.672 -> 350.67; ISS 32% = 258.56. Sum 807.99: the missing centavo goes to the largest part, CPP -> 350.68.
    const r = servico({ anexoSimples: 'III', receitaBruta12Meses: 300000 });
    expect(linha(r, 'DAS')).toMatchObject({ valorCentavos: 80800, aliquota: { numerador: '101', denominador: '1250', percentual: 8.08 } });
    expect(partilha(r)).toEqual({ IRPJ: 3232, CSLL: 2828, COFINS: 11352, PIS: 2464, CPP: 35068, ISS: 25856 });
    expect(r.partilhaDas?.find((p) => p.tributo === 'CPP')?.residuoCentavos).toBe(1);
    expect(somaPartilha(r)).toBe(80800);
    expect(linha(r, 'ISS').valorCentavos).toBe(25856);
    expect(linha(r, 'DAS').fundamento).toContain('R$ 9.360,00');
  });

  it('residuo - a negative residue is taken from the largest part too (Anexo I, R$ 0.37: parts 0+0+0+0+1+1 = 2 > DAS 1)', () => {
    // DAS = 0.37 x 4% = 1.48 centavos -> 1. Parts: IRPJ 5.5% of 1.48 = 0.08 -> 0; CSLL 0.05 -> 0; COFINS 0.19 -> 0; PIS 0.04 -> 0;
    // CPP 41.5% = 0.61 -> 1; ICMS 34% = 0.50 -> 1. Sum 2: CPP gives back 1 -> 0.
    const r = resultado({ tipoDocumento: 'NFE', ufOrigem: 'SP', valor: 0.37, dataOperacao: '2026-03-10', regime: 'SIMPLES_NACIONAL', anexoSimples: 'I', receitaBruta12Meses: 100000 });
    expect(linha(r, 'DAS').valorCentavos).toBe(1);
    expect(partilha(r)).toEqual({ IRPJ: 0, CSLL: 0, COFINS: 0, PIS: 0, CPP: 0, ICMS: 1 });
    expect(r.partilhaDas?.find((p) => p.tributo === 'CPP')?.residuoCentavos).toBe(-1);
  });

  it('residuo - up to half a centavo per part: Anexo III R$ 3.33 rounds to 22 parts against a DAS of 20', () => {
    // DAS = 3.33 x 6% = 19.98 -> 20 centavos. Parts of 19.98: IRPJ 0.80 -> 1; CSLL 0.70 -> 1; COFINS 2.56 -> 3; PIS 0.56 -> 1;
    // CPP 8.67 -> 9; ISS 6.69 -> 7; sum 22, residue -2 on CPP -> 7.
    const r = servico({ valor: 3.33, anexoSimples: 'III', receitaBruta12Meses: 100000 });
    expect(linha(r, 'DAS').valorCentavos).toBe(20);
    expect(partilha(r)).toEqual({ IRPJ: 1, CSLL: 1, COFINS: 3, PIS: 1, CPP: 7, ISS: 7 });
    expect(somaPartilha(r)).toBe(20);
  });

  it('faixa 3 do Anexo I - NF-e R$ 1,000, RBT12 R$ 500,000: effective 6.728%, DAS 67.28 split with ICMS 33.5%', () => {
    // (500,000 x 9.5% - 13,860) / 500,000 = 33,640 / 500,000 = 6.728%. DAS = 67.28.
    // IRPJ 5.5% = 3.7004 -> 3.70; CSLL 3.5% = 2.3548 -> 2.35; COFINS 12.74% = 8.5715 -> 8.57; PIS 2.76% = 1.8569 -> 1.86;
    // CPP 42% = 28.2576 -> 28.26; ICMS 33.5% = 22.5388 -> 22.54; sum 67.28.
    const r = resultado({ tipoDocumento: 'NFE', ufOrigem: 'SP', valor: 1000, dataOperacao: '2026-03-10', regime: 'SIMPLES_NACIONAL', anexoSimples: 'I', receitaBruta12Meses: 500000 });
    expect(valores(r)).toEqual({ DAS: 6728 });
    expect(partilha(r)).toEqual({ IRPJ: 370, CSLL: 235, COFINS: 857, PIS: 186, CPP: 2826, ICMS: 2254 });
  });

  it('faixa 5 do Anexo III - above 14.92537% effective the ISS part is capped at 5% and the excess redistributed', () => {
    // RBT12 3,000,000: (630,000 - 125,640) / 3,000,000 = 16.812%; ISS 33.5% of it = 5.632% > 5% -> ISS = 5%.
    // The other 11.812% split 6.02/5.26/19.28/4.18/65.26: on R$ 10,000 -> IRPJ 71.10824 -> 71.11; CSLL 62.13112 -> 62.13;
    // COFINS 227.73536 -> 227.74; PIS 49.37416 -> 49.37; CPP 770.85112 -> 770.85; ISS 500.00. Sum 1,681.20 = DAS.
    const r = servico({ anexoSimples: 'III', receitaBruta12Meses: 3000000 });
    expect(linha(r, 'DAS').valorCentavos).toBe(168120);
    expect(partilha(r)).toEqual({ IRPJ: 7111, CSLL: 6213, COFINS: 22774, PIS: 4937, CPP: 77085, ISS: 50000 });
    expect(linha(r, 'ISS')).toMatchObject({ valorCentavos: 50000, aliquota: { percentual: 5 }, informativo: true });
    // RBT12 2,000,000: (420,000 - 125,640) / 2,000,000 = 14.718% (below 14.92537%): ISS = 33.5% x 14.718% = 4.93053% -> 493.05.
    expect(linha(servico({ anexoSimples: 'III', receitaBruta12Meses: 2000000 }), 'ISS').valorCentavos).toBe(49305);
  });

  it('faixa 5 do Anexo IV - ISS capped above 12.5% effective, excess to IRPJ/CSLL/COFINS/PIS 31.33/32/30.13/6.54', () => {
    // RBT12 3,000,000: (660,000 - 183,780) / 3,000,000 = 15.874%; 40% of it = 6.3496% > 5% -> ISS 500.00 on R$ 10,000;
    // 10.874% x 31.33% = 3.4068242% -> 340.68; x 32% = 3.47968% -> 347.97; x 30.13% = 3.2763362% -> 327.63;
    // x 6.54% = 0.7111596% -> 71.12. Sum 500 + 340.68 + 347.97 + 327.63 + 71.12 = 1,587.40 = DAS (15.874% of 10,000).
    const r = servico({ anexoSimples: 'IV', receitaBruta12Meses: 3000000 });
    expect(linha(r, 'DAS').valorCentavos).toBe(158740);
    expect(partilha(r)).toEqual({ IRPJ: 34068, CSLL: 34797, COFINS: 32763, PIS: 7112, ISS: 50000 });
    expect(r.avisos.join(' ')).toContain('CPP');
  });

  it('faixa 6 - above the R$ 3.6M sublimit the ISS leaves the DAS and is paid at the city rate', () => {
    // RBT12 4,000,000, Anexo III: (1,320,000 - 648,000) / 4,000,000 = 16.8% -> DAS 1,680.00 split 35/15/16.03/3.47/30.5
    // = 588.00/252.00/269.30/58.30/512.40 (no ISS part). ISS outside: 3% x 10,000 = 300.00, due day 15.
    const r = servico({ anexoSimples: 'III', receitaBruta12Meses: 4000000, aliquotaIss: 3 });
    expect(valores(r)).toEqual({ DAS: 168000, ISS: 30000 });
    expect(partilha(r)).toEqual({ IRPJ: 58800, CSLL: 25200, COFINS: 26930, PIS: 5830, CPP: 51240 });
    expect(linha(r, 'ISS')).toMatchObject({ informativo: false, vencimento: '2026-11-16' }); // 15 Nov Sunday
    expect(r.totalDevidoCentavos).toBe(198000);
  });

  it('faixa 6 do Anexo I - the ICMS leaves the DAS and is charged at the state rate', () => {
    // RBT12 4,000,000: (760,000 - 378,000) / 4,000,000 = 9.55% -> DAS 95.50 on R$ 1,000; ICMS SP 18% = 180.00.
    const r = resultado({ tipoDocumento: 'NFE', ufOrigem: 'SP', valor: 1000, dataOperacao: '2026-03-10', regime: 'SIMPLES_NACIONAL', anexoSimples: 'I', receitaBruta12Meses: 4000000 });
    expect(valores(r)).toEqual({ DAS: 9550, ICMS: 18000 });
  });

  it('CT-e (LC 123 art. 18 §5º-E) - Anexo III without its ISS part plus the ICMS part of Anexo I', () => {
    // RBT12 300,000: Anexo III 8.08% x (4 + 3.5 + 14.05 + 3.05 + 43.4 = 68%) = 5.4944%; Anexo I band 2 effective
    // (21,900 - 5,940) / 300,000 = 5.32% x ICMS 34% = 1.8088%. Rate 7.3032% -> DAS 730.32 on R$ 10,000.
    // Parts: 32.32 / 28.28 / 113.52 / 24.64 / CPP 350.67 / ICMS 180.88 = 730.31 -> residue 0.01 to CPP (350.68).
    const r = resultado({ tipoDocumento: 'CTE', ufOrigem: 'SP', ufDestino: 'BA', valor: 10000, dataOperacao: '2026-03-10', regime: 'SIMPLES_NACIONAL', anexoSimples: 'III', receitaBruta12Meses: 300000 });
    expect(linha(r, 'DAS')).toMatchObject({ valorCentavos: 73032, aliquota: { percentual: 7.3032 } });
    expect(partilha(r)).toEqual({ IRPJ: 3232, CSLL: 2828, COFINS: 11352, PIS: 2464, CPP: 35068, ICMS: 18088 });
  });

  it('exportacao - the DAS leaves out PIS, COFINS, IPI, ICMS and ISS (LC 123 art. 18 §14)', () => {
    // Anexo I band 1, 4%: kept parts IRPJ 5.5 + CSLL 3.5 + CPP 41.5 = 50.5% -> 2.02% -> DAS 202.00 on R$ 10,000
    // (IRPJ 22.00, CSLL 14.00, CPP 166.00).
    const r = resultado({ tipoDocumento: 'NFE', ufOrigem: 'SP', cfop: '7101', valor: 10000, dataOperacao: '2026-03-10', regime: 'SIMPLES_NACIONAL', anexoSimples: 'I', receitaBruta12Meses: 100000 });
    expect(valores(r)).toEqual({ DAS: 20200 });
    expect(partilha(r)).toEqual({ IRPJ: 2200, CSLL: 1400, CPP: 16600 });
    // Without annex and RBT12 the immune parts are unknown: not computable rather than guessed.
    const semAnexo = resultado({ tipoDocumento: 'NFE', ufOrigem: 'SP', cfop: '7101', valor: 10000, dataOperacao: '2026-03-10', regime: 'SIMPLES_NACIONAL' });
    expect(linha(semAnexo, 'DAS')).toMatchObject({ naoCalculavel: true, valorCentavos: 0 });
    expect(semAnexo.completo).toBe(false);
  });

  it('aliquota da empresa - without annex and RBT12 the DAS uses the company rate (default 6%) and the ISS share is unknown', () => {
    const padrao = servico({});
    expect(valores(padrao)).toEqual({ DAS: 60000, ISS: 0 });
    expect(linha(padrao, 'ISS')).toMatchObject({ naoCalculavel: true, informativo: true });
    expect(padrao.partilhaDas).toBeNull();
    // The informative line that cannot be computed does not make the payable total incomplete.
    expect(padrao.completo).toBe(true);
    const empresa = resultado({ tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2026-10-15' }, { empresa: { regime: 'SIMPLES_NACIONAL', aliquotaDas: 4.5 } });
    expect(linha(empresa, 'DAS')).toMatchObject({ valorCentavos: 45000, aliquota: { percentual: 4.5 } });
    expect(linha(empresa, 'DAS').fundamento).toContain('configurada pela empresa');
    // An annex without RBT12 cannot give the effective rate: the company rate is used and the result says so.
    const soAnexo = servico({ anexoSimples: 'III' });
    expect(linha(soAnexo, 'DAS').valorCentavos).toBe(60000);
    expect(soAnexo.avisos.join(' ')).toContain('anexoSimples e receitaBruta12Meses juntos');
  });

  it('limites - RBT12 0 needs the start of activity; an RBT12 above R$ 4.8M takes band 6 (the year decides the exclusion)', () => {
    // A company active for years with no revenue in the last twelve months: band 1, nominal 15.5% -> 1,550.00.
    expect(linha(servico({ anexoSimples: 'V', receitaBruta12Meses: 0, inicioAtividade: '2020-01-01' }), 'DAS').valorCentavos).toBe(155000);
    expect(simular({ tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2026-10-15', regime: 'SIMPLES_NACIONAL', anexoSimples: 'V', receitaBruta12Meses: 0 })).toMatchObject({
      ok: false,
      erros: [{ campo: 'inicioAtividade', regra: 'OBRIGATORIO' }],
    });
    expect(linha(servico({ anexoSimples: 'V', receitaBruta12Meses: 4800000 }), 'DAS').aliquota.percentual).toBe(19.25); // (1,464,000 - 540,000)/4.8M
    // RBT12 4,800,000.01, annex III band 6: (4,800,000.01 x 33% - 648,000) / 4,800,000.01 = 936,000.0033 / 4,800,000.01
    // = 19.4999999...% -> DAS 10,000 x that = 1,949.99999... -> 1,950.00; the ISS is outside the DAS: 5% = 500.00.
    const acima = servico({ anexoSimples: 'III', receitaBruta12Meses: 4800000.01 });
    expect(valores(acima)).toEqual({ DAS: 195000, ISS: 50000 });
    expect(acima.premissas.join(' ')).toContain('6ª faixa');
    expect(acima.completo).toBe(true);
  });

  it('2026 - no CBS/IBS lines for the Simples Nacional (LC 214 art. 348 III c)', () => {
    const r = servico({ anexoSimples: 'III', receitaBruta12Meses: 150000 });
    expect(r.linhas.map((l) => l.tributo)).toEqual(['DAS', 'ISS']);
    expect(r.avisos.join(' ')).toContain('348 III c');
  });

  it('2027 on - the DAS keeps the annex formula (assumption) but the split with PIS/COFINS is no longer shipped', () => {
    const r = servico({ dataOperacao: '2027-03-10', anexoSimples: 'III', receitaBruta12Meses: 300000 });
    expect(linha(r, 'DAS').valorCentavos).toBe(80800);
    expect(r.partilhaDas).toBeNull();
    expect(linha(r, 'ISS')).toMatchObject({ naoCalculavel: true, informativo: true });
    expect(r.premissas.join(' ')).toContain('LC 155/2016 mantidas');
    expect(r.linhas.some((l) => l.tributo === 'CBS' || l.tributo === 'PIS')).toBe(false);
    // A CT-e needs the split to build its rate: not computable from 2027.
    const cte = resultado({ tipoDocumento: 'CTE', ufOrigem: 'SP', valor: 1000, dataOperacao: '2027-03-10', regime: 'SIMPLES_NACIONAL', anexoSimples: 'III', receitaBruta12Meses: 300000 });
    expect(linha(cte, 'DAS').naoCalculavel).toBe(true);
  });
});
