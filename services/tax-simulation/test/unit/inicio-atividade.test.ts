import { simular, simularDocumento } from '../../src/domain';
import { linha, resultado } from './helpers';

// Annex I (commerce), LC 123/2006 as worded by LC 155/2016: band 3 up to R$ 720,000, nominal 9.5%, deduction R$ 13,860;
// band 4 up to R$ 1,800,000, nominal 10.7%, deduction R$ 22,500.
const nfe = (extra: object) => ({ tipoDocumento: 'NFE', regime: 'SIMPLES_NACIONAL', ufOrigem: 'SP', anexoSimples: 'I', ...extra });

describe('Simples Nacional - start of activity (LC 123/2006 art. 18 §2º; Res. CGSN 140/2018 art. 22)', () => {
  it('primeiro mes - R$ 50,000 in the month of start, annex I: RBT12 = 50,000 x 12 = 600,000 -> DAS 3,595.00 (the engine gave 2,000.00)', () => {
    // Band 3: (600,000 x 9.5% - 13,860) / 600,000 = (57,000 - 13,860) / 600,000 = 43,140 / 600,000 = 7.19%;
    // DAS = 50,000 x 7.19% = 3,595.00 (the nominal 4% of band 1 would be 2,000.00).
    const r = resultado(nfe({ valor: 50000, dataOperacao: '2026-05-20', inicioAtividade: '2026-05-03' }));
    expect(linha(r, 'DAS')).toMatchObject({ valorCentavos: 359500, aliquota: { percentual: 7.19 } });
    expect(linha(r, 'DAS').fundamento).toContain('receita do mês R$ 50.000,00 × 12');
    expect(r.premissas.join(' ')).toContain('a receita do mês é a desta operação');
  });

  it('primeiro mes - the month revenue given: R$ 80,000 -> RBT12 960,000 (band 4) -> 50,000 x 8.35625% = 4,178.13', () => {
    // (960,000 x 10.7% - 22,500) / 960,000 = (102,720 - 22,500) / 960,000 = 80,220 / 960,000 = 8.35625%;
    // 50,000 x 8.35625% = 4,178.125 -> 4,178.13 (half up).
    const r = resultado(nfe({ valor: 50000, dataOperacao: '2026-05-20', inicioAtividade: '2026-05-03', receitaBrutaMes: 80000 }));
    expect(linha(r, 'DAS').valorCentavos).toBe(417813);
    // The month's revenue includes this operation: less than the value is refused.
    expect(simular(nfe({ valor: 50000, dataOperacao: '2026-05-20', inicioAtividade: '2026-05-03', receitaBrutaMes: 40000 }))).toMatchObject({
      ok: false,
      erros: [{ campo: 'receitaBrutaMes', regra: 'FORA_DO_INTERVALO' }],
    });
  });

  it('primeiro mes - a document of two items of R$ 25,000 reads the month as the document: each 7.19%, together 3,595.00', () => {
    const doc = simularDocumento([nfe({ valor: 25000, dataOperacao: '2026-05-20', inicioAtividade: '2026-05-03' }), nfe({ valor: 25000, dataOperacao: '2026-05-20', inicioAtividade: '2026-05-03' })]);
    if (!doc.ok) throw new Error('refused');
    // Each: 25,000 x 7.19% = 1,797.50.
    expect(doc.resultados.map((r) => linha(r, 'DAS').valorCentavos)).toEqual([179750, 179750]);
  });

  it('meses 2 a 12 - the average of the months before x 12: 4 months, R$ 160,000 -> RBT12 480,000 -> 10,000 x 6.6125% = 661.25', () => {
    // Start 10/01/2026, operation in May: January..April are the 4 months before. 160,000 / 4 x 12 = 480,000 (band 3):
    // (480,000 x 9.5% - 13,860) / 480,000 = (45,600 - 13,860) / 480,000 = 31,740 / 480,000 = 6.6125% -> 661.25.
    const r = resultado(nfe({ valor: 10000, dataOperacao: '2026-05-20', inicioAtividade: '2026-01-10', receitaBruta12Meses: 160000 }));
    expect(linha(r, 'DAS')).toMatchObject({ valorCentavos: 66125, aliquota: { percentual: 6.6125 } });
    // Read as a plain RBT12 (a company of twelve months or more) the same 160,000 is band 1: 4% -> 400.00.
    const antiga = resultado(nfe({ valor: 10000, dataOperacao: '2026-05-20', inicioAtividade: '2024-01-10', receitaBruta12Meses: 160000 }));
    expect(linha(antiga, 'DAS').valorCentavos).toBe(40000);
  });

  it('settings or input - the company start date applies, the input one wins, and an operation before it is refused', () => {
    const opcoes = { empresa: { inicioAtividade: '2026-05-03' } };
    expect(linha(resultado(nfe({ valor: 50000, dataOperacao: '2026-05-20' }), opcoes), 'DAS').valorCentavos).toBe(359500);
    // The input says the company started long ago: RBT12 160,000 -> band 1, 4% of 50,000 = 2,000.00.
    expect(linha(resultado(nfe({ valor: 50000, dataOperacao: '2026-05-20', inicioAtividade: '2020-01-01', receitaBruta12Meses: 160000 }), opcoes), 'DAS').valorCentavos).toBe(200000);
    expect(simular(nfe({ valor: 50000, dataOperacao: '2026-04-30' }), opcoes)).toMatchObject({ ok: false, erros: [{ campo: 'dataOperacao', regra: 'ANTERIOR_AO_INICIO_ATIVIDADE' }] });
    expect(simular(nfe({ valor: 1, dataOperacao: '2026-05-20', inicioAtividade: '2026-02-30' }))).toMatchObject({ ok: false, erros: [{ campo: 'inicioAtividade', regra: 'DATA_INEXISTENTE' }] });
    expect(simular(nfe({ valor: 1, dataOperacao: '2026-05-20' }), { empresa: { inicioAtividade: '05/2026' } })).toMatchObject({
      ok: false,
      erros: [{ campo: 'empresa.inicioAtividade', regra: 'FORMATO_INVALIDO' }],
    });
  });
});
