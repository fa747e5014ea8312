import { linha, resultado, valores } from './helpers';

const nfe = (extra: object) => resultado({ tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-03-10', regime: 'LUCRO_PRESUMIDO', ufOrigem: 'SP', ...extra });
const icms = (extra: object) => linha(nfe(extra), 'ICMS');

describe('ICMS - internal rates by UF and interstate 4/7/12%', () => {
  it('interna - SP 18%, MG 18%, PR 19.5%, BA 20.5%, MA 23%, PI 22.5%, RJ 20% + 2% FECP = 22% (R$ 1,000)', () => {
    const esperado: Record<string, number> = { SP: 18000, MG: 18000, PR: 19500, BA: 20500, MA: 23000, PI: 22500, RJ: 22000, SC: 17000, AP: 18000 };
    for (const [uf, centavos] of Object.entries(esperado)) expect([uf, icms({ ufOrigem: uf }).valorCentavos]).toEqual([uf, centavos]);
    expect(icms({ ufOrigem: 'RJ' }).fundamento).toContain('FECP');
  });

  it('interestadual - 7% from South/Southeast (not ES) to N/NE/CO and ES; 12% otherwise; 4% for imported goods', () => {
    const casos: [string, string, number][] = [
      ['SP', 'BA', 7000], // SE -> NE
      ['SP', 'ES', 7000], // to ES counts as the poorer group
      ['PR', 'MT', 7000], // S -> CO
      ['RS', 'AM', 7000], // S -> N
      ['SP', 'RJ', 12000], // SE -> SE
      ['SP', 'PR', 12000], // SE -> S
      ['ES', 'SP', 12000], // ES is not in the 7% origin group
      ['BA', 'SP', 12000], // NE -> SE
      ['GO', 'DF', 12000], // CO -> CO
    ];
    for (const [ufOrigem, ufDestino, centavos] of casos) {
      expect([ufOrigem, ufDestino, icms({ ufOrigem, ufDestino }).valorCentavos]).toEqual([ufOrigem, ufDestino, centavos]);
    }
    expect(icms({ ufOrigem: 'SP', ufDestino: 'BA', mercadoriaImportada: true }).valorCentavos).toBe(4000);
    expect(icms({ ufOrigem: 'BA', ufDestino: 'SP', mercadoriaImportada: true }).fundamento).toContain('13/2012');
    // Inside the state the imported flag changes nothing: the internal rate applies.
    expect(icms({ ufOrigem: 'SP', ufDestino: 'SP', mercadoriaImportada: true }).valorCentavos).toBe(18000);
  });

  it('CT-e - ICMS on the transport service by origin and destination; the 4% of imported goods does not apply to a service', () => {
    const r = resultado({ tipoDocumento: 'CTE', valor: 1000, dataOperacao: '2026-03-10', regime: 'LUCRO_PRESUMIDO', ufOrigem: 'SP', ufDestino: 'BA', mercadoriaImportada: true });
    expect(linha(r, 'ICMS').valorCentavos).toBe(7000);
  });

  it('empresa - the company UF is the default origin and the origin the default destination', () => {
    const r = resultado({ tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-03-10' }, { empresa: { regime: 'LUCRO_PRESUMIDO', uf: 'PE' } });
    expect(linha(r, 'ICMS').valorCentavos).toBe(20500);
  });
});

describe('IPI - by aliquotaIpi or the shipped TIPI subset', () => {
  it('aliquotaIpi - 10% on R$ 1,000 = 100.00; IPI stays out of the ICMS and PIS/COFINS bases', () => {
    // ICMS 1,000 x 18% = 180.00; PIS (1,000 - 180) x 0.65% = 5.33; COFINS 820 x 3% = 24.60; IPI 1,000 x 10% = 100.00.
    expect(valores(nfe({ aliquotaIpi: 10 }))).toMatchObject({ ICMS: 18000, IPI: 10000, PIS: 533, COFINS: 2460 });
  });

  it('TIPI - beer 3.9%, smartphone 15%, microwave 35%, cotton T-shirt 0%', () => {
    const ipi = (ncm: string) => linha(nfe({ ncm }), 'IPI').valorCentavos;
    expect([ipi('22030000'), ipi('85171300'), ipi('85165000'), ipi('61091000'), ipi('22021000')]).toEqual([3900, 15000, 35000, 0, 2600]);
    expect(nfe({ ncm: '22030000' }).avisos.join(' ')).toContain('revendedor');
    // aliquotaIpi wins over the table (a reseller sends 0).
    expect(linha(nfe({ ncm: '22030000', aliquotaIpi: 0 }), 'IPI').valorCentavos).toBe(0);
  });

  it('TIPI - an NCM not shipped gives no IPI line and says how to get one', () => {
    const r = nfe({ ncm: '12345678' });
    expect(r.linhas.some((l) => l.tributo === 'IPI')).toBe(false);
    expect(r.avisos.join(' ')).toContain('informe aliquotaIpi');
  });

  it('NFC-e and CT-e carry no IPI; the NCM is ignored with a note', () => {
    const r = resultado({ tipoDocumento: 'NFCE', valor: 100, dataOperacao: '2026-03-10', regime: 'LUCRO_PRESUMIDO', ufOrigem: 'SP', ncm: '22030000', aliquotaIpi: 10 });
    expect(valores(r)).toMatchObject({ ICMS: 1800 });
    expect(r.linhas.some((l) => l.tributo === 'IPI')).toBe(false);
    expect(r.avisos.join(' ')).toContain('aliquotaIpi: não se aplica a NFCE');
  });
});

describe('ISS - NFS-e at the city rate (2% to 5%)', () => {
  it('aliquotaIss - 2% and 5% on R$ 2,000: 40.00 and 100.00; none given -> the legal maximum 5% with a note', () => {
    const nfse = (extra: object) => resultado({ tipoDocumento: 'NFSE', valor: 2000, dataOperacao: '2026-03-10', regime: 'LUCRO_PRESUMIDO', ...extra });
    expect(linha(nfse({ aliquotaIss: 2 }), 'ISS').valorCentavos).toBe(4000);
    expect(linha(nfse({ aliquotaIss: 2.5 }), 'ISS').valorCentavos).toBe(5000);
    const semAliquota = nfse({});
    expect(linha(semAliquota, 'ISS').valorCentavos).toBe(10000);
    expect(semAliquota.avisos.join(' ')).toContain('máximo legal de 5%');
    expect(semAliquota.linhas.some((l) => l.tributo === 'ICMS' || l.tributo === 'IPI')).toBe(false);
  });

  it('a CFOP sent with an NFS-e is ignored: an export CFOP does not remove the ISS', () => {
    const r = resultado({ tipoDocumento: 'NFSE', valor: 2000, dataOperacao: '2026-03-10', regime: 'LUCRO_PRESUMIDO', aliquotaIss: 2, cfop: '7101' });
    expect(linha(r, 'ISS').valorCentavos).toBe(4000);
    expect(r.avisos.join(' ')).toContain('cfop: não se aplica a NFSE');
  });

  it('aliquotaIss on a goods document is ignored with a note', () => {
    expect(nfe({ aliquotaIss: 3 }).avisos.join(' ')).toContain('aliquotaIss: não se aplica a NFE');
  });
});

describe('exportacao - CFOP 7.xxx under Lucro Presumido/Real', () => {
  it('exportacao - no ICMS, IPI, PIS, COFINS, CBS, IBS; IRPJ/CSLL still due on the presumed base', () => {
    const r = nfe({ cfop: '7101', aliquotaIpi: 10 });
    expect(valores(r)).toEqual({ IRPJ: 1200, CSLL: 1080 }); // 80 x 15%; 120 x 9%
    expect(r.avisos.join(' ')).toContain('Exportação');
  });
});
