import { anoMesBrasilia, dataBrasilia, dataHoraBrasilia, instanteBrasilia } from '../../src/brasilia';

describe('brasilia - the fiscal clock (UTC-3 all year)', () => {
  test('brasilia - 02:59Z on the 1st is still the last day of the previous month in Brasília', () => {
    const instante = new Date('2026-12-01T02:59:59.900Z');
    expect(dataBrasilia(instante)).toBe('2026-11-30');
    expect(anoMesBrasilia(instante)).toEqual({ ano: 2026, mes: 11 });
    // Whole seconds, as TDateTimeUTC writes them: 02:59:59.900Z is 23:59:59 in Brasília.
    expect(dataHoraBrasilia(instante)).toBe('2026-11-30T23:59:59-03:00');
  });

  test('brasilia - a wall-clock time is 3 hours later in UTC, and month 13 is January of the next year', () => {
    expect(instanteBrasilia(2026, 11, 30, 21, 0).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(instanteBrasilia(2026, 13, 10, 23, 59, 59, 999).toISOString()).toBe('2027-01-11T02:59:59.999Z');
  });
});
