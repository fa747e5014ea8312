import { vencimentoMensal, vencimentoTrimestral } from '../../src/domain';
import { linha, resultado, vencimentos } from './helpers';

const sn = (dataOperacao: string) => resultado({ tipoDocumento: 'NFSE', valor: 1000, dataOperacao, regime: 'SIMPLES_NACIONAL' });
const lp = (dataOperacao: string, extra: object = {}) =>
  resultado({ tipoDocumento: 'NFE', valor: 1000, dataOperacao, regime: 'LUCRO_PRESUMIDO', ufOrigem: 'SP', aliquotaIpi: 10, ...extra });

describe('vencimentos - due dates in the month after the operation (research §4)', () => {
  it('DAS - day 20 postponed: competences 05/26, 08/26, 10/26 (20 Nov holiday), 11/26, 01/27, 02/27, 05/27, 10/27', () => {
    const casos: Record<string, string> = {
      '2026-05-15': '2026-06-22', // 20 Jun Saturday
      '2026-08-03': '2026-09-21', // 20 Sep Sunday
      '2026-10-15': '2026-11-23', // 20 Nov Friday holiday, then weekend
      '2026-11-30': '2026-12-21', // 20 Dec Sunday
      '2027-01-02': '2027-02-22', // 20 Feb Saturday
      '2027-02-28': '2027-03-22', // 20 Mar Saturday
      '2027-05-10': '2027-06-21', // 20 Jun Sunday
      '2027-10-01': '2027-11-22', // 20 Nov Saturday
      '2026-01-10': '2026-02-20', // 20 Feb Friday, a business day
    };
    for (const [data, esperado] of Object.entries(casos)) expect(linha(sn(data), 'DAS').vencimento).toBe(esperado);
  });

  it('PIS/COFINS and IPI - day 25 anticipated: competences 03/26, 06/26, 09/26, 11/26 (25 Dec holiday)', () => {
    const casos: Record<string, string> = {
      '2026-03-10': '2026-04-24', // 25 Apr Saturday
      '2026-06-10': '2026-07-24', // 25 Jul Saturday
      '2026-09-10': '2026-10-23', // 25 Oct Sunday, 24 Saturday
      '2026-11-10': '2026-12-24', // 25 Dec Friday, Christmas
      '2026-01-10': '2026-02-25', // Wednesday
    };
    for (const [data, esperado] of Object.entries(casos)) {
      const r = lp(data);
      expect(vencimentos(r)).toMatchObject({ PIS: esperado, COFINS: esperado, IPI: esperado });
    }
    // From 2027 PIS/COFINS are gone; the anticipated day-25 rule is still IPI's (competences 03/27, 06/27, 08/27, 11/27).
    expect(vencimentoMensal(2027, 3, 25, 'ANTECIPAR')).toBe('2027-04-23');
    expect(vencimentoMensal(2027, 6, 25, 'ANTECIPAR')).toBe('2027-07-23');
    expect(vencimentoMensal(2027, 8, 25, 'ANTECIPAR')).toBe('2027-09-24');
    expect(vencimentoMensal(2027, 11, 25, 'ANTECIPAR')).toBe('2027-12-24');
  });

  it('IPI of cigarettes (NCM 2402.20.00) - day 10 anticipated', () => {
    // In 2026 cigarettes are refused (special IPI regime); from 2027 their IPI is zero but keeps its rule:
    // 10 Oct 2027 is a Sunday -> Friday 8 Oct 2027.
    expect(linha(lp('2027-09-15', { aliquotaIpi: 300, ncm: '24022000' }), 'IPI')).toMatchObject({ valorCentavos: 0, vencimento: '2027-10-08' });
  });

  it('IRPJ/CSLL - last business day of the month after the quarter (single quota)', () => {
    const casos: Record<string, string> = {
      '2026-02-10': '2026-04-30',
      '2026-05-10': '2026-07-31',
      '2026-08-10': '2026-10-30', // 31 Oct Saturday
      '2026-12-10': '2027-01-29', // 31 Jan Sunday
      '2027-03-31': '2027-04-30',
      '2027-06-01': '2027-07-30', // 31 Jul Saturday
      '2027-09-30': '2027-10-29', // 31 Oct Sunday, 30 Saturday
    };
    for (const [data, esperado] of Object.entries(casos)) {
      expect(vencimentos(lp(data))).toMatchObject({ IRPJ: esperado, CSLL: esperado });
      const c = data.split('-').map(Number);
      expect(vencimentoTrimestral(c[0], c[1])).toBe(esperado);
    }
  });

  it('ICMS day 10 and ISS day 15 - postponed to the next business day by default', () => {
    expect(linha(lp('2026-01-20'), 'ICMS').vencimento).toBe('2026-02-10'); // Tuesday
    expect(linha(lp('2026-09-20'), 'ICMS').vencimento).toBe('2026-10-13'); // 10 Oct Sat, 12 Oct holiday
    const iss = resultado({ tipoDocumento: 'NFSE', valor: 1000, dataOperacao: '2026-01-20', regime: 'LUCRO_PRESUMIDO', aliquotaIss: 5 });
    expect(linha(iss, 'ISS').vencimento).toBe('2026-02-18'); // 15 Feb Sunday, 16-17 Carnival
  });

  it('ICMS and ISS - the company may set its own day and rule', () => {
    const opcoes = { vencimentos: { ISS: { dia: 15, ajuste: 'ANTECIPAR' as const }, ICMS: { dia: 31, ajuste: 'PRORROGAR' as const } } };
    const iss = resultado({ tipoDocumento: 'NFSE', valor: 1000, dataOperacao: '2026-01-20', regime: 'LUCRO_PRESUMIDO', aliquotaIss: 5 }, opcoes);
    expect(linha(iss, 'ISS').vencimento).toBe('2026-02-13'); // 15 Feb Sunday -> Friday 13
    expect(linha(iss, 'ISS').fundamento).toContain('prazo configurado pela empresa');
    // Day 31 in February 2027 is the 28th (a Sunday) -> Monday 1 Mar.
    const icms = resultado({ tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2027-01-20', regime: 'LUCRO_PRESUMIDO', ufOrigem: 'SP' }, opcoes);
    expect(linha(icms, 'ICMS').vencimento).toBe('2027-03-01');
    // Day 31 in December 2026 is the banks' closed day -> 4 Jan 2027 (1 Jan holiday, then weekend).
    expect(vencimentoMensal(2026, 11, 31, 'PRORROGAR')).toBe('2027-01-04');
    expect(vencimentoMensal(2026, 11, 31, 'ANTECIPAR')).toBe('2026-12-30');
  });

  it('Corpus Christi is no holiday - DAS of May 2030 due Thu 20 Jun 2030; default ISS of May 2028 due Thu 15 Jun 2028', () => {
    // Easter 2030 = 21 Apr -> Corpus Christi 20 Jun 2030 (Thursday), the DAS day 20: a business day, not postponed.
    expect(vencimentos(sn('2030-05-10')).DAS).toBe('2030-06-20');
    // Easter 2028 = 16 Apr -> Corpus Christi 15 Jun 2028 (Thursday), the default ISS day 15: a business day.
    const iss = resultado({ tipoDocumento: 'NFSE', valor: 1000, dataOperacao: '2028-05-10', regime: 'LUCRO_PRESUMIDO', aliquotaIss: 5 });
    expect(vencimentos(iss).ISS).toBe('2028-06-15');
  });

  it('CBS/IBS/IS from 2027 - no due date in force unless the company sets one; 2026 informative lines have none', () => {
    const r2027 = lp('2027-04-10');
    expect(vencimentos(r2027)).toMatchObject({ CBS: null, IBS_UF: null, IBS_MUN: null });
    const comPrazo = resultado(
      { tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2027-04-10', regime: 'LUCRO_PRESUMIDO', ufOrigem: 'SP', aliquotaIs: 1 },
      { vencimentos: { CBS: { dia: 25, ajuste: 'ANTECIPAR' }, IBS: { dia: 20, ajuste: 'PRORROGAR' }, IS: { dia: 25, ajuste: 'ANTECIPAR' } } },
    );
    // 25 May 2027 Tuesday; 20 May 2027 Thursday.
    expect(vencimentos(comPrazo)).toMatchObject({ CBS: '2027-05-25', IBS_UF: '2027-05-20', IBS_MUN: '2027-05-20', IS: '2027-05-25' });
    expect(vencimentos(lp('2026-04-10'))).toMatchObject({ CBS: null, IBS_UF: null, IBS_MUN: null });
  });
});
