import { deadlineEnded, untilDeadline } from '../../src/format';

describe('admin page - deadlines as people say them (Brasília, UTC-3)', () => {
  it('a deadline at midnight in Brasília is the end of the day before', () => {
    // 2026-12-01T03:00Z is 01/12/2026 00:00 in Brasília: the last valid instant is 30/11 23:59:59.999.
    expect(untilDeadline('2026-12-01T03:00:00.000Z')).toBe('até o fim de 30/11/2026');
    expect(deadlineEnded('2026-12-01T03:00:00.000Z')).toBe('no fim de 30/11/2026');
  });

  it('any other instant keeps its date and time', () => {
    // 2026-11-27T20:59Z is 17:59 in Brasília.
    expect(untilDeadline('2026-11-27T20:59:00.000Z')).toBe('até 27/11/2026, 17:59');
    expect(deadlineEnded('2026-11-27T20:59:00.000Z')).toBe('em 27/11/2026, 17:59');
    // One minute past midnight is not the end of a day.
    expect(untilDeadline('2026-12-01T03:01:00.000Z')).toBe('até 01/12/2026, 00:01');
  });
});
