import { antecipar, ehDiaUtil, pascoa, prorrogar, ultimoDiaUtilDoMes } from '../../src/domain/calendar';
import { civilDe, diaDaSemana, diaDe, lerIso, paraIso } from '../../src/domain/dates';

const dia = (iso: string) => {
  const c = lerIso(iso);
  if (!c) throw new Error(`data de teste inválida: ${iso}`);
  return diaDe(c.ano, c.mes, c.dia);
};
const util = (iso: string) => ehDiaUtil(dia(iso));

describe('datas - plain civil dates', () => {
  it('datas - day numbers round-trip and know the weekday', () => {
    expect(dia('1970-01-01')).toBe(0);
    expect(diaDaSemana(0)).toBe(4); // Thursday
    for (const iso of ['2026-01-01', '2028-02-29', '2033-12-31', '2040-12-31', '2041-01-31', '1999-03-01']) {
      expect(paraIso(dia(iso))).toBe(iso);
    }
    expect(diaDaSemana(dia('2026-11-20'))).toBe(5); // Friday
    expect(civilDe(dia('2028-03-01') - 1)).toEqual({ ano: 2028, mes: 2, dia: 29 });
  });

  it('datas - only real days in YYYY-MM-DD are read', () => {
    expect(lerIso('2026-02-28')).toEqual({ ano: 2026, mes: 2, dia: 28 });
    expect(lerIso('2028-02-29')).toEqual({ ano: 2028, mes: 2, dia: 29 });
    for (const bad of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-04-31', '2026-1-5', '26-01-05', '2026-01-05T00:00', '']) {
      expect(lerIso(bad)).toBeNull();
    }
  });
});

describe('calendario - Easter and the holidays computed from it', () => {
  it('pascoa - Easter Sunday for several years (checked against python-dateutil)', () => {
    const esperado: Record<number, string> = {
      2024: '2024-03-31', 2025: '2025-04-20', 2026: '2026-04-05', 2027: '2027-03-28', 2028: '2028-04-16', 2029: '2029-04-01',
      2030: '2030-04-21', 2031: '2031-04-13', 2032: '2032-03-28', 2033: '2033-04-17', 2035: '2035-03-25', 2038: '2038-04-25',
      2040: '2040-04-01', 2041: '2041-04-21',
    };
    for (const [ano, iso] of Object.entries(esperado)) expect(paraIso(pascoa(Number(ano)))).toBe(iso);
  });

  it('feriados moveis 2026 - Carnival Mon/Tue 16-17 Feb (Easter - 48/47), Good Friday 3 Apr (- 2); Corpus Christi 4 Jun (+ 60) is a business day', () => {
    expect(util('2026-02-16')).toBe(false);
    expect(util('2026-02-17')).toBe(false);
    expect(util('2026-02-18')).toBe(true); // Ash Wednesday: banks open at noon, a business day
    expect(util('2026-04-03')).toBe(false);
    expect(util('2026-04-02')).toBe(true); // Maundy Thursday is not a holiday
    // Corpus Christi: a federal optional day, not a national holiday (CMN Res. 4.880/2020; ADE Codac 16/2020).
    expect(util('2026-06-04')).toBe(true);
    expect(util('2026-06-05')).toBe(true);
  });

  it('feriados moveis 2027, 2030 and 2038 - Carnival 8-9 Feb 2027, Good Friday 26 Mar 2027; Easter 2030 on 21 Apr', () => {
    for (const iso of ['2027-02-08', '2027-02-09', '2027-03-26']) expect(util(iso)).toBe(false);
    // 2030: Easter = 21 Apr (Sunday, Tiradentes too); Good Friday 19 Apr; Carnival 4-5 Mar.
    for (const iso of ['2030-03-04', '2030-03-05', '2030-04-19']) expect(util(iso)).toBe(false);
    expect(util('2030-04-22')).toBe(true);
    // 2038: latest Easter of the range (25 Apr) - Good Friday 23 Apr, Carnival 8-9 Mar.
    for (const iso of ['2038-04-23', '2038-03-08', '2038-03-09']) expect(util(iso)).toBe(false);
    // Corpus Christi (Easter + 60) is a business day: Thu 27 May 2027, Thu 20 Jun 2030, Thu 24 Jun 2038.
    for (const iso of ['2027-05-27', '2030-06-20', '2038-06-24']) expect(util(iso)).toBe(true);
  });

  it('feriados fixos 2026 - the national holidays of the MGI Portaria on weekdays', () => {
    for (const iso of ['2026-01-01', '2026-04-21', '2026-05-01', '2026-09-07', '2026-10-12', '2026-11-02', '2026-11-20', '2026-12-25']) {
      expect(util(iso)).toBe(false);
    }
    expect(util('2026-11-19')).toBe(true);
    expect(util('2026-12-24')).toBe(true); // Christmas Eve: reduced hours, still a business day
  });

  it('feriados fixos - 20 November is a national holiday from 2024 only (Lei 14.759/2023)', () => {
    expect(util('2023-11-20')).toBe(true); // a Monday before the law
    expect(util('2024-11-20')).toBe(false);
    expect(util('2029-11-20')).toBe(false);
  });

  it('fim de semana - Saturdays and Sundays are never business days', () => {
    expect(util('2026-03-07')).toBe(false);
    expect(util('2026-03-08')).toBe(false);
    expect(util('2026-03-09')).toBe(true);
  });

  it('ultimo dia util do ano - banks close to the public on it: 31 Dec, or the Friday before when 31 Dec is a weekend', () => {
    expect(util('2026-12-31')).toBe(false); // Thursday
    expect(util('2026-12-30')).toBe(true);
    expect(util('2027-12-31')).toBe(false); // Friday
    // 2028: 31 Dec Sunday, 30 Saturday -> Friday 29 is the closed day, 28 the last open one.
    expect(util('2028-12-29')).toBe(false);
    expect(util('2028-12-28')).toBe(true);
    // 2033: 31 Dec Saturday -> Friday 30 closed.
    expect(util('2033-12-30')).toBe(false);
    expect(util('2033-12-29')).toBe(true);
  });

  it('prorrogar / antecipar - a business day stays; otherwise the next or the previous one', () => {
    expect(paraIso(prorrogar(dia('2026-02-10')))).toBe('2026-02-10');
    expect(paraIso(prorrogar(dia('2026-02-15')))).toBe('2026-02-18'); // Sunday, then Carnival Mon/Tue
    expect(paraIso(antecipar(dia('2026-02-15')))).toBe('2026-02-13');
    expect(paraIso(prorrogar(dia('2026-11-20')))).toBe('2026-11-23'); // Friday holiday, then weekend
    expect(paraIso(antecipar(dia('2026-12-25')))).toBe('2026-12-24');
    expect(paraIso(prorrogar(dia('2026-12-31')))).toBe('2027-01-04'); // 31 Dec closed, 1 Jan holiday, weekend
  });

  it('ultimo dia util do mes - the month end moved back over weekends, holidays and the year-end closing', () => {
    expect(paraIso(ultimoDiaUtilDoMes(2026, 4))).toBe('2026-04-30');
    expect(paraIso(ultimoDiaUtilDoMes(2026, 10))).toBe('2026-10-30'); // 31 Oct Saturday
    expect(paraIso(ultimoDiaUtilDoMes(2027, 1))).toBe('2027-01-29'); // 31 Jan Sunday
    expect(paraIso(ultimoDiaUtilDoMes(2026, 12))).toBe('2026-12-30'); // 31 Dec closed to the public
    expect(paraIso(ultimoDiaUtilDoMes(2028, 12))).toBe('2028-12-28');
  });
});
