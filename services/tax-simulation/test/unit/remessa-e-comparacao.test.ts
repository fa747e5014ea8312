import { compararRegimes } from '../../src/domain';
import { linha, resultado, valores } from './helpers';

describe('Simples Remessa - no tax on the product value (spec table)', () => {
  it('remessa - every CFOP of the table, inside and across states, under every regime: no lines, total 0', () => {
    for (const cfop of ['5949', '5901', '5902', '5904', '5922']) {
      for (const regime of ['SIMPLES_NACIONAL', 'LUCRO_PRESUMIDO', 'LUCRO_REAL']) {
        const interna = resultado({ tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-03-10', regime, ufOrigem: 'SP', cfop, aliquotaIpi: 10 });
        expect([cfop, regime, interna.linhas, interna.totalDevidoCentavos]).toEqual([cfop, regime, [], 0]);
        expect(interna.cargaEfetiva.percentual).toBe(0);
        const inter = resultado({ tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2030-03-10', regime, ufOrigem: 'SP', ufDestino: 'MG', cfop: `6${cfop.slice(1)}` });
        expect(inter.linhas).toEqual([]);
      }
    }
    const r = resultado({ tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-03-10', regime: 'LUCRO_PRESUMIDO', ufOrigem: 'SP', cfop: '5949' });
    expect(r.avisos.join(' ')).toContain('nenhum tributo sobre o valor do produto');
    expect(r.completo).toBe(true);
  });

  it('remessa - a sale CFOP is taxed as usual; CFOP 5.949 on a CT-e is a service, not a shipment', () => {
    expect(linha(resultado({ tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-03-10', regime: 'LUCRO_PRESUMIDO', ufOrigem: 'SP', cfop: '5102' }), 'ICMS').valorCentavos).toBe(18000);
    expect(linha(resultado({ tipoDocumento: 'CTE', valor: 1000, dataOperacao: '2026-03-10', regime: 'LUCRO_PRESUMIDO', ufOrigem: 'SP', cfop: '5949' }), 'ICMS').valorCentavos).toBe(18000);
  });
});

describe('compararRegimes - the same operation under SN, LP and LR', () => {
  it('comparar - NF-e R$ 1,000 SP in 2026: SN DAS 60.00; LP 232.73; LR 255.85 with IRPJ/CSLL not computable', () => {
    // SN: 6% default -> 60.00.
    // LP: ICMS 180.00 + PIS 5.33 + COFINS 24.60 + IRPJ (80 x 15%) 12.00 + CSLL (120 x 9%) 10.80 = 232.73.
    // LR: ICMS 180.00 + PIS 13.53 + COFINS 62.32 = 255.85; IRPJ/CSLL need the quarter's profit.
    const c = compararRegimes({ tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-03-10', ufOrigem: 'SP' });
    if (!c.ok) throw new Error(JSON.stringify(c.erros));
    expect(c.resultados.map((r) => [r.regime, r.totalDevidoCentavos, r.completo])).toEqual([
      ['SIMPLES_NACIONAL', 6000, true],
      ['LUCRO_PRESUMIDO', 23273, true],
      ['LUCRO_REAL', 25585, false],
    ]);
    expect(valores(c.resultados[2])).toMatchObject({ IRPJ: 0, CSLL: 0 });
  });

  it('comparar - needs no regime, ignores the given one, and refuses an invalid operation like simular', () => {
    const c = compararRegimes({ tipoDocumento: 'NFSE', valor: 1000, dataOperacao: '2026-03-10', regime: 'LUCRO_REAL', aliquotaIss: 2 });
    expect(c.ok && c.resultados.map((r) => r.regime)).toEqual(['SIMPLES_NACIONAL', 'LUCRO_PRESUMIDO', 'LUCRO_REAL']);
    const invalida = compararRegimes({ tipoDocumento: 'NFSE', valor: -1, dataOperacao: '2026-03-10' });
    expect(invalida).toEqual({ ok: false, erros: [{ campo: 'valor', regra: 'NAO_POSITIVO', erro: expect.any(String) }] });
  });

  it('comparar - a year revenue above the SN limit by more than 20% makes only the SN column not computable', () => {
    // R$ 6,000,000 of revenue in the year before the operation > 4.8M x 1.2 = 5.76M (LC 123 art. 3º §9º-A).
    const c = compararRegimes({ tipoDocumento: 'NFSE', valor: 1000, dataOperacao: '2026-03-10', aliquotaIss: 2, anexoSimples: 'III', receitaBruta12Meses: 4000000, receitaAcumuladaAno: 6000000 });
    if (!c.ok) throw new Error('refused');
    expect(c.resultados.map((r) => r.completo)).toEqual([false, true, false]);
  });
});
