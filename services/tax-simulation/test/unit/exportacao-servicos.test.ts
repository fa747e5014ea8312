import { linha, resultado, valores } from './helpers';

const servico = (extra: object) => resultado({ tipoDocumento: 'NFSE', valor: 100000, dataOperacao: '2026-03-10', aliquotaIss: 5, ...extra });

describe('export of services (NFS-e with exportacaoServico)', () => {
  it('Lucro Presumido R$ 100,000 - no ISS, PIS, COFINS, CBS or IBS: IRPJ 4,800.00 + CSLL 2,880.00 = 7,680.00 (R$ 8,650 less)', () => {
    // Domestic: ISS 5% = 5,000.00, PIS 0.65% = 650.00, COFINS 3% = 3,000.00, IRPJ 32% x 15% = 4,800.00, CSLL 32% x 9% = 2,880.00.
    const domestico = servico({ regime: 'LUCRO_PRESUMIDO' });
    expect(domestico.totalDevidoCentavos).toBe(500000 + 65000 + 300000 + 480000 + 288000);
    // Export: only the income taxes (LC 116 art. 2º I; MP 2.158-35 art. 14 III; CF art. 156-A §1º III): 8,650.00 less.
    const exportado = servico({ regime: 'LUCRO_PRESUMIDO', exportacaoServico: true });
    expect(valores(exportado)).toEqual({ CSLL: 288000, IRPJ: 480000 });
    expect(exportado.totalDevidoCentavos).toBe(768000);
    expect(domestico.totalDevidoCentavos - exportado.totalDevidoCentavos).toBe(865000);
    expect(exportado.avisos.join(' ')).toContain('LC 116/2003 art. 2º I');
    expect(exportado.premissas.join(' ')).toContain('ingresso de divisas');
  });

  it('Simples Nacional annex III band 1 - the DAS without its PIS, COFINS and ISS shares: 6% x 50.9% = 3.054% -> 305.40', () => {
    // Band 1 split: IRPJ 4%, CSLL 3.5%, CPP 43.4% stay (50.9%); on R$ 10,000: IRPJ 24.00, CSLL 21.00, CPP 260.40 = 305.40.
    const r = resultado({ tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2026-10-15', regime: 'SIMPLES_NACIONAL', anexoSimples: 'III', receitaBruta12Meses: 150000, exportacaoServico: true });
    expect(valores(r)).toEqual({ DAS: 30540 });
    expect(r.partilhaDas?.map((p) => [p.tributo, p.valorCentavos])).toEqual([
      ['IRPJ', 2400],
      ['CSLL', 2100],
      ['CPP', 26040],
    ]);
    expect(linha(r, 'DAS').fundamento).toContain('art. 18 §4º-A IV e §14');
    // Without annex and RBT12 the shares cannot be taken out: not computable, never the full DAS.
    const semAnexo = resultado({ tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2026-10-15', regime: 'SIMPLES_NACIONAL', exportacaoServico: true });
    expect(linha(semAnexo, 'DAS')).toMatchObject({ naoCalculavel: true, valorCentavos: 0 });
  });

  it('2027 and other documents - no CBS/IBS lines on the export; exportacaoServico on an NF-e is ignored with a note', () => {
    const r2027 = servico({ regime: 'LUCRO_PRESUMIDO', dataOperacao: '2027-03-10', exportacaoServico: true });
    expect(r2027.linhas.map((l) => l.tributo)).toEqual(['CSLL', 'IRPJ']);
    const nfe = resultado({ tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-03-10', regime: 'LUCRO_PRESUMIDO', ufOrigem: 'SP', exportacaoServico: true });
    expect(linha(nfe, 'ICMS').valorCentavos).toBe(18000);
    expect(nfe.avisos.join(' ')).toContain('exportacaoServico: não se aplica a NFE');
  });
});
