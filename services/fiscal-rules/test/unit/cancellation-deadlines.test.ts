import { competenciaDe, prazoCancelamento } from '../../src/cancellation-deadlines';

const H = 3_600_000;

describe('cancellation deadlines', () => {
  test('deadlines - NF-e 24 h, NFC-e 30 min, CT-e 24 h (a company may go up to 168 h), NFS-e the end of the competence month', () => {
    const autorizadoEm = new Date('2026-11-20T10:00:00Z');
    expect(prazoCancelamento({ modelo: 'NFE', autorizadoEm }).toISOString()).toBe('2026-11-21T10:00:00.000Z');
    expect(prazoCancelamento({ modelo: 'NFCE', autorizadoEm }).toISOString()).toBe('2026-11-20T10:30:00.000Z');
    expect(prazoCancelamento({ modelo: 'CTE', autorizadoEm }).toISOString()).toBe('2026-11-21T10:00:00.000Z');
    expect(prazoCancelamento({ modelo: 'CTE', autorizadoEm }, { cteHoras: 168 }).getTime() - autorizadoEm.getTime()).toBe(168 * H);
    // The legal ceiling wins over a company setting: NF-e stays at 24 h, CT-e at 168 h.
    expect(prazoCancelamento({ modelo: 'NFE', autorizadoEm }, { nfeHoras: 72 }).getTime() - autorizadoEm.getTime()).toBe(24 * H);
    expect(prazoCancelamento({ modelo: 'CTE', autorizadoEm }, { cteHoras: 500 }).getTime() - autorizadoEm.getTime()).toBe(168 * H);
    expect(prazoCancelamento({ modelo: 'NFE', autorizadoEm }, { nfeHoras: 2 }).getTime() - autorizadoEm.getTime()).toBe(2 * H);
    expect(prazoCancelamento({ modelo: 'NFSE', autorizadoEm, competencia: '11/2026' }).toISOString()).toBe('2026-12-01T03:00:00.000Z');
    expect(prazoCancelamento({ modelo: 'NFSE', autorizadoEm, competencia: '12/2026' }).toISOString()).toBe('2027-01-01T03:00:00.000Z');
    expect(prazoCancelamento({ modelo: 'NFCE', autorizadoEm }, { nfceMinutos: 10 }).toISOString()).toBe('2026-11-20T10:10:00.000Z');
    expect(prazoCancelamento({ modelo: 'NFSE', autorizadoEm, competencia: '11/2026' }, { nfseDias: 5 }).toISOString()).toBe('2026-11-25T10:00:00.000Z');
    // 1 Dec 02:00 UTC is 30 Nov 23:00 in Brasília: competence 11/2026.
    expect(competenciaDe(new Date('2026-12-01T02:00:00Z'))).toBe('11/2026');
  });
});
