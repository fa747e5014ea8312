import { parseIsoDateTime } from '../../src/date-time';

describe('DateTime scalar', () => {
  test('DateTime scalar - reads ISO-8601 dates and date-times with an offset', () => {
    expect(parseIsoDateTime('2026-12-31T23:59:59Z')?.toISOString()).toBe('2026-12-31T23:59:59.000Z');
    expect(parseIsoDateTime('2026-12-31T23:59:59.123Z')?.toISOString()).toBe('2026-12-31T23:59:59.123Z');
    expect(parseIsoDateTime('2026-12-31T20:00:00-03:00')?.toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect(parseIsoDateTime('2026-12-31')?.toISOString()).toBe('2026-12-31T00:00:00.000Z');
  });

  test('DateTime scalar - refuses impossible dates, local times without offset and other shapes', () => {
    for (const text of ['2026-02-30', '2026-13-01', '2026-12-31T24:00:00Z', '2026-12-31T10:00:00', '31/12/2026', '', 'amanhã', '1767225600000']) {
      expect(parseIsoDateTime(text)).toBeNull();
    }
  });
});
