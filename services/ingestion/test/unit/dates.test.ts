import { FORMATOS_DATA } from '../../src/domain';
import { deSaoPaulo, parseCompetencia, parseData } from '../../src/domain/dates';
import { Recusa } from '../../src/domain/refusal';
import { accepted, field, refused } from './helpers';

const iso = (value: string) => {
  const parsed = parseData(value);
  if (parsed instanceof Recusa) throw new Error(parsed.mensagem);
  return parsed.toISOString();
};
const refusal = (value: string) => {
  const parsed = parseData(value);
  if (!(parsed instanceof Recusa)) throw new Error(`accepted ${value} as ${parsed.toISOString()}`);
  return parsed.mensagem;
};

describe('dates (spec 4.1 rule 1)', () => {
  it('dates - DD/MM/AAAA is midnight in São Paulo (UTC-3 since 2019)', () => {
    expect(iso('15/03/2026')).toBe('2026-03-15T03:00:00.000Z');
    expect(iso('1/3/2026')).toBe('2026-03-01T03:00:00.000Z');
  });

  it('dates - DD/MM/AAAA with HH:MM or HH:MM:SS is São Paulo wall-clock time', () => {
    expect(iso('15/03/2026 14:30')).toBe('2026-03-15T17:30:00.000Z');
    expect(iso('15/03/2026 14:30:45')).toBe('2026-03-15T17:30:45.000Z');
    expect(iso('31/12/2026 23:59:59')).toBe('2027-01-01T02:59:59.000Z');
    expect(iso('15/03/2026 9:05')).toBe('2026-03-15T12:05:00.000Z');
  });

  it('dates - ISO 8601 with Z or an offset is that instant; without a zone it is São Paulo time', () => {
    expect(iso('2026-03-15T14:30:00Z')).toBe('2026-03-15T14:30:00.000Z');
    expect(iso('2026-03-15T14:30:00.123Z')).toBe('2026-03-15T14:30:00.123Z');
    expect(iso('2026-03-15T14:30:00-03:00')).toBe('2026-03-15T17:30:00.000Z');
    expect(iso('2026-03-15T14:30:00+0100')).toBe('2026-03-15T13:30:00.000Z');
    expect(iso('2026-03-15T14:30')).toBe('2026-03-15T17:30:00.000Z');
    expect(iso('2026-03-15 14:30:00')).toBe('2026-03-15T17:30:00.000Z');
    expect(iso('2026-03-15')).toBe('2026-03-15T03:00:00.000Z');
  });

  it('dates - a JS ISO string (what JSON.stringify of a Date gives) round-trips', () => {
    const now = new Date('2026-05-04T10:11:12.345Z');
    expect(iso(now.toISOString())).toBe(now.toISOString());
  });

  it('dates - before 2019 the historical São Paulo summer time is applied', () => {
    expect(iso('10/01/2015 12:00')).toBe('2015-01-10T14:00:00.000Z');
    expect(iso('10/07/2015 12:00')).toBe('2015-07-10T15:00:00.000Z');
    expect(deSaoPaulo(Date.UTC(2018, 11, 25, 8, 0))).toBe(Date.UTC(2018, 11, 25, 10, 0));
  });

  it('dates - leap years: 29/02 exists in 2024 and 2000, not in 2026 or 1900', () => {
    expect(iso('29/02/2024')).toBe('2024-02-29T03:00:00.000Z');
    expect(iso('29/02/2000')).toBe('2000-02-29T03:00:00.000Z');
    expect(refusal('29/02/2026')).toContain('fevereiro de 2026 tem 28 dias');
    expect(refusal('29/02/1900')).toContain('fevereiro de 1900 tem 28 dias');
    expect(refusal('2026-02-29')).toContain('não existe');
  });

  it('dates - impossible dates are refused with a message that states the accepted formats', () => {
    for (const value of ['31/02/2026', '31/04/2026', '00/01/2026', '32/01/2026', '15/13/2026', '15/00/2026', '2026-13-01', '2026-04-31']) {
      const message = refusal(value);
      expect(message).toContain(JSON.stringify(value));
      expect(message).toContain(FORMATOS_DATA);
    }
    expect(refusal('31/02/2026')).toContain('não existe');
  });

  it('dates - impossible times and malformed values are refused with the accepted formats', () => {
    for (const value of ['15/03/2026 24:00', '15/03/2026 12:60', '15/03/2026 12:00:60', '2026-03-15T25:00:00Z', '15-03-2026', '03/15/26', 'ontem', '15/03/2026 14h30', '2026-03-15T10:00:00+25:00', '20260315']) {
      expect(refusal(value)).toContain(FORMATOS_DATA);
    }
  });

  it('dates - years outside 1900-2100 are refused', () => {
    expect(refusal('15/03/1899')).toContain('1900 a 2100');
    expect(refusal('15/03/2101')).toContain('1900 a 2100');
  });

  it('dates - a row stores a JS Date; a wrong type refuses the row with a clear message', () => {
    const ok = accepted(field('incidente_seguranca', 'dataDeteccao', ' 15/03/2026 14:30 '));
    expect(ok.valores.dataDeteccao).toBeInstanceOf(Date);
    expect((ok.valores.dataDeteccao as Date).toISOString()).toBe('2026-03-15T17:30:00.000Z');
    expect(refused(field('incidente_seguranca', 'dataDeteccao', 46000))).toEqual([expect.stringMatching(/^dataDeteccao: esperado data em texto .*recebido número/)]);
    expect(refused(field('incidente_seguranca', 'dataDeteccao', { dia: 1 }))[0]).toContain('recebido objeto');
    expect(refused(field('incidente_seguranca', 'dataDeteccao', '31/02/2026'))).toEqual([
      expect.stringMatching(/^dataDeteccao: data "31\/02\/2026" não existe.*Formatos aceitos: DD\/MM\/AAAA/),
    ]);
  });
});

describe('competencia', () => {
  it('competencia - MM/AAAA, M/AAAA and AAAA-MM are stored as MM/AAAA', () => {
    expect(parseCompetencia('03/2026')).toBe('03/2026');
    expect(parseCompetencia('3/2026')).toBe('03/2026');
    expect(parseCompetencia('2026-03')).toBe('03/2026');
    expect(parseCompetencia('12/2025')).toBe('12/2025');
  });

  it('competencia - impossible or malformed months are refused with the accepted format', () => {
    for (const value of ['13/2026', '00/2026', '2026-13', '15/03/2026', 'março/2026', '03/26', '2026/03']) {
      const parsed = parseCompetencia(value);
      expect(parsed).toBeInstanceOf(Recusa);
      expect((parsed as Recusa).mensagem).toContain('MM/AAAA');
    }
  });

  it('competencia - through a consumo_energia row', () => {
    expect(accepted(field('consumo_energia', 'competencia', '2026-01')).valores.competencia).toBe('01/2026');
    expect(refused(field('consumo_energia', 'competencia', '13/2026'))[0]).toMatch(/^competencia: competência "13\/2026" não existe/);
    expect(refused(field('consumo_energia', 'competencia', 202603))[0]).toContain('recebido número');
  });
});
