import { simular } from '../../src/domain';
import { linha, resultado, valores } from './helpers';

const nfe = (dataOperacao: string, extra: object = {}, opcoes = {}) =>
  resultado({ tipoDocumento: 'NFE', valor: 1000, dataOperacao, regime: 'LUCRO_PRESUMIDO', ufOrigem: 'SP', ...extra }, opcoes);
const nfse = (dataOperacao: string, extra: object = {}) =>
  resultado({ tipoDocumento: 'NFSE', valor: 1000, dataOperacao, regime: 'LUCRO_PRESUMIDO', aliquotaIss: 5, ...extra });
const tributos = (r: { linhas: { tributo: string }[] }) => r.linhas.map((l) => l.tributo);

describe('transicao 2026 - CBS 0.9% and IBS 0.1% test rates, informative (research example d)', () => {
  it('exemplo (d) Lucro Real - NF-e R$ 1,000 SP: ICMS 180.00, PIS 13.53, COFINS 62.32; base 744.15 -> CBS 6.70, IBS-UF 0.74, IBS-Mun 0.00', () => {
    // PIS (1,000 - 180) x 1.65% = 13.53; COFINS 820 x 7.6% = 62.32. vBC = 1,000 - 180 - 13.53 - 62.32 = 744.15.
    // CBS 744.15 x 0.9% = 6.69735 -> 6.70; IBS-UF x 0.1% = 0.74415 -> 0.74; IBS-Mun 0%. Gross 1,000 would wrongly give 9.00/1.00.
    const r = nfe('2026-03-10', { regime: 'LUCRO_REAL' });
    expect(valores(r)).toMatchObject({ ICMS: 18000, PIS: 1353, COFINS: 6232, CBS: 670, IBS_UF: 74, IBS_MUN: 0 });
    expect(linha(r, 'CBS')).toMatchObject({ baseCentavos: 74415, informativo: true, vencimento: null });
  });

  it('exemplo (d) Lucro Presumido - PIS 5.33, COFINS 24.60; base 790.07 -> CBS 7.11, IBS-UF 0.79; provision 0.00 (informative)', () => {
    // PIS 820 x 0.65% = 5.33; COFINS 820 x 3% = 24.60; vBC = 1,000 - 180 - 5.33 - 24.60 = 790.07.
    // CBS 790.07 x 0.9% = 7.11063 -> 7.11; IBS-UF 0.79007 -> 0.79.
    const r = nfe('2026-03-10');
    expect(valores(r)).toMatchObject({ CBS: 711, IBS_UF: 79, IBS_MUN: 0 });
    // The informative lines add nothing to what is owed: ICMS + PIS + COFINS + IRPJ (80 x 15%) + CSLL (120 x 9%).
    expect(r.totalDevidoCentavos).toBe(18000 + 533 + 2460 + 1200 + 1080);
  });

  it('exemplo (d) Simples Nacional - not applied: no CBS/IBS line', () => {
    expect(tributos(nfe('2026-03-10', { regime: 'SIMPLES_NACIONAL' }))).toEqual(['DAS']);
  });

  it('2026 - IS does not exist yet: aliquotaIs is ignored with a note', () => {
    const r = nfe('2026-03-10', { aliquotaIs: 10 });
    expect(tributos(r)).not.toContain('IS');
    expect(r.avisos.join(' ')).toContain('2027');
  });
});

describe('transicao 2027-2028 - PIS/COFINS extinct, CBS at the reference rate minus 0.1 p.p., IBS 0.05% + 0.05%', () => {
  it('2027 - NF-e R$ 1,000 SP: ICMS 180.00; CBS (8.8% - 0.1 = 8.7%) on 820 = 71.34; IBS-UF 0.41; IBS-Mun 0.41; payable', () => {
    // Base = 1,000 - 180 (no PIS/COFINS any more) = 820. CBS 820 x 8.7% = 71.34; IBS 820 x 0.05% = 0.41 each.
    const r = nfe('2027-06-10');
    expect(tributos(r)).toEqual(['CSLL', 'IRPJ', 'ICMS', 'CBS', 'IBS_UF', 'IBS_MUN']);
    expect(valores(r)).toMatchObject({ ICMS: 18000, CBS: 7134, IBS_UF: 41, IBS_MUN: 41 });
    expect(linha(r, 'CBS')).toMatchObject({ informativo: false, aliquota: { percentual: 8.7 } });
    expect(r.premissas.join(' ')).toContain('PREMISSA');
    expect(r.totalDevidoCentavos).toBe(18000 + 7134 + 41 + 41 + 1200 + 1080);
  });

  it('2028 - same rules; the caller may override the reference rate (9% -> CBS 8.9% on 820 = 72.98)', () => {
    expect(valores(nfe('2028-12-31'))).toMatchObject({ CBS: 7134, IBS_UF: 41, IBS_MUN: 41 });
    const r = nfe('2028-01-03', {}, { aliquotasReferencia: { '2028': { cbs: 9 } } });
    expect(linha(r, 'CBS').valorCentavos).toBe(7298);
    expect(r.premissas).toEqual([]);
  });

  it('2027 - IPI zero except Manaus free-trade-zone products with a TIPI rate of 6.5% or more', () => {
    expect(linha(nfe('2027-06-10', { aliquotaIpi: 10 }), 'IPI')).toMatchObject({ valorCentavos: 0, aliquota: { percentual: 0 } });
    // Microwave oven, 35%, incentivised in the ZFM: IPI kept, 350.00.
    expect(linha(nfe('2027-06-10', { ncm: '85165000', produtoZonaFrancaManaus: true }), 'IPI').valorCentavos).toBe(35000);
    // ZFM product with a 5% rate: zeroed too (LC 214 art. 454).
    expect(linha(nfe('2027-06-10', { aliquotaIpi: 5, produtoZonaFrancaManaus: true }), 'IPI').valorCentavos).toBe(0);
    // Never cumulative with the Imposto Seletivo.
    const comIs = nfe('2027-06-10', { ncm: '85165000', produtoZonaFrancaManaus: true, aliquotaIs: 2 });
    expect(tributos(comIs)).not.toContain('IPI');
  });

  it('2027 - Imposto Seletivo at the caller\'s rate joins the CBS/IBS base', () => {
    // IS 1,000 x 10% = 100.00; CBS base = 1,000 - 180 + 100 = 920 -> CBS 8.7% = 80.04; IBS 0.46 each.
    const r = nfe('2027-06-10', { aliquotaIs: 10 });
    expect(valores(r)).toMatchObject({ IS: 10000, CBS: 8004, IBS_UF: 46, IBS_MUN: 46 });
  });

  it('2027 - CBS/IBS credits on the purchases net of their ICMS', () => {
    // Sale 1,000 SP; purchases 500 with 18% ICMS (90) -> credit base 410. CBS debit 71.34 - credit 410 x 8.7% = 35.67 -> 35.67;
    // IBS 0.41 - 0.205 (-> 0.21) = 0.20 each. ICMS 180 - 90 = 90.00.
    const r = nfe('2027-06-10', { comprasCreditaveis: 500 });
    expect(valores(r)).toMatchObject({ ICMS: 9000, CBS: 3567, IBS_UF: 20, IBS_MUN: 20 });
  });
});

describe('transicao 2029-2033 - ICMS and ISS at 9/10 ... 6/10, then extinct (research example h)', () => {
  it('exemplo (h) - SP 18% ICMS and ISS 5% on R$ 1,000: 180/50 (2028), 162/45, 144/40, 126/35, 108/30, then none in 2033', () => {
    const esperado: [string, number, number][] = [
      ['2028-06-10', 18000, 5000],
      ['2029-06-10', 16200, 4500], // 16.2% and 4.5%
      ['2030-06-10', 14400, 4000],
      ['2031-06-10', 12600, 3500],
      ['2032-06-10', 10800, 3000],
    ];
    for (const [data, icms, iss] of esperado) {
      expect([data, linha(nfe(data), 'ICMS').valorCentavos, linha(nfse(data), 'ISS').valorCentavos]).toEqual([data, icms, iss]);
    }
    expect(linha(nfe('2029-06-10'), 'ICMS').aliquota.percentual).toBe(16.2);
    expect(tributos(nfe('2033-01-01'))).not.toContain('ICMS');
    expect(tributos(nfse('2033-01-01'))).not.toContain('ISS');
  });

  it('2029 - CBS at the full reference rate; IBS not computable without the Senate rates, computable when given', () => {
    // Base 1,000 - 162 = 838: CBS 8.8% = 73.744 -> 73.74.
    const r = nfe('2029-06-10');
    expect(linha(r, 'CBS').valorCentavos).toBe(7374);
    for (const t of ['IBS_UF', 'IBS_MUN'] as const) expect(linha(r, t)).toMatchObject({ naoCalculavel: true, valorCentavos: 0 });
    expect(r.completo).toBe(false);
    // With rates for 2029: IBS-UF 1.5% of 838 = 12.57; IBS-Mun 0.5% = 4.19.
    const comIbs = nfe('2029-06-10', {}, { aliquotasReferencia: { '2029': { ibsUf: 1.5, ibsMun: 0.5 } } });
    expect(valores(comIbs)).toMatchObject({ IBS_UF: 1257, IBS_MUN: 419 });
    expect(comIbs.completo).toBe(true);
  });

  it('2033 - only CBS, IBS and IS (and the ZFM IPI): CBS 8.8% on the whole 1,000 = 88.00', () => {
    const r = nfe('2033-03-10', { aliquotaIs: 1 }, { aliquotasReferencia: { '2033': { ibsUf: 14, ibsMun: 3.7 } } });
    expect(valores(r)).toMatchObject({ IS: 1000, CBS: 8888, IBS_UF: 14140, IBS_MUN: 3737 }); // base 1,010 with the IS
    expect(tributos(r).filter((t) => !['IRPJ', 'CSLL'].includes(t)).sort()).toEqual(['CBS', 'IBS_MUN', 'IBS_UF', 'IS']);
    expect(linha(nfe('2040-12-31', { ncm: '85165000', produtoZonaFrancaManaus: true }), 'IPI').valorCentavos).toBe(35000);
  });
});

describe('transicao - reference rates from the input over the company options and the 8.8% assumption', () => {
  it('2027 - aliquotaReferenciaCbs 9.5 wins over the company 9: CBS 9.4% on 820 = 77.08, no assumption', () => {
    // NF-e R$ 1,000 SP LP 2027: base 1,000 - ICMS 180 = 820. Assumed 8.7% -> 71.34; company 9% -> 8.9% -> 72.98;
    // input 9.5% -> 9.4% x 820 = 77.08 exactly. IBS stays 0.05% + 0.05% (0.41 each), fixed by law.
    const empresa = { aliquotasReferencia: { '2027': { cbs: 9 } } };
    expect(linha(nfe('2027-06-10', {}, empresa), 'CBS').valorCentavos).toBe(7298);
    const r = nfe('2027-06-10', { aliquotaReferenciaCbs: 9.5 }, empresa);
    expect(valores(r)).toMatchObject({ CBS: 7708, IBS_UF: 41, IBS_MUN: 41 });
    expect(linha(r, 'CBS').fundamento).toContain('9,5%, informada na simulação');
    expect(r.premissas).toEqual([]);
    // IBS rates given for 2027 are not used (the law fixes them) and the result says so.
    const ibs = nfe('2027-06-10', { aliquotaIbsUf: 10 });
    expect(valores(ibs)).toMatchObject({ IBS_UF: 41 });
    expect(ibs.avisos.join(' ')).toContain('aliquotaIbsUf/aliquotaIbsMun');
  });

  it('2029 - IBS becomes computable with the input rates; the company rates fill what the input leaves out', () => {
    // 2029 NF-e R$ 1,000 SP LP: ICMS 18% x 9/10 = 16.2% -> 162.00; base 838. CBS input 9% -> 75.42;
    // IBS-UF input 16% -> 134.08; IBS-Mun from the company 2% -> 16.76.
    const r = nfe('2029-06-10', { aliquotaReferenciaCbs: 9, aliquotaIbsUf: 16 }, { aliquotasReferencia: { '2029': { ibsMun: 2 } } });
    expect(valores(r)).toMatchObject({ ICMS: 16200, CBS: 7542, IBS_UF: 13408, IBS_MUN: 1676 });
    expect(linha(r, 'IBS_UF').naoCalculavel).toBeUndefined();
    expect(linha(r, 'IBS_MUN').fundamento).toContain('configuradas pela empresa');
    expect(r.completo).toBe(true);
    // Without any: not computable, and the reason names both ways to give the rate.
    expect(linha(nfe('2029-06-10'), 'IBS_UF').motivo).toContain('aliquotaIbsUf');
  });

  it('2026 and Simples Nacional - the rates are ignored with a note; the figures do not change', () => {
    const base = nfe('2026-03-10');
    const dada = nfe('2026-03-10', { aliquotaReferenciaCbs: 12 });
    expect(valores(dada)).toEqual(valores(base));
    expect(dada.avisos.join(' ')).toContain('aliquotaReferenciaCbs');
    const sn = resultado({ tipoDocumento: 'NFSE', valor: 1000, dataOperacao: '2028-03-10', regime: 'SIMPLES_NACIONAL', aliquotaReferenciaCbs: 9 });
    expect(sn.avisos.join(' ')).toContain('Simples Nacional não tem linhas de CBS e IBS');
  });

  it('validation - the input rates are percentages from 0 to 50', () => {
    const s = simularInvalido({ aliquotaReferenciaCbs: 51, aliquotaIbsUf: -1, aliquotaIbsMun: 'x' });
    expect(s).toEqual([
      ['aliquotaReferenciaCbs', 'FORA_DO_INTERVALO'],
      ['aliquotaIbsUf', 'FORA_DO_INTERVALO'],
      ['aliquotaIbsMun', 'NAO_NUMERICO'],
    ]);
  });
});

function simularInvalido(extra: object): [string, string][] {
  const s = simular({ tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2029-06-10', regime: 'LUCRO_PRESUMIDO', ufOrigem: 'SP', ...extra });
  if (s.ok) throw new Error('expected a refusal');
  return s.erros.map((e) => [e.campo, e.regra]);
}
