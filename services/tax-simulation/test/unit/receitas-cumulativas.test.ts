import { simular } from '../../src/domain';
import { linha, resultado, valores } from './helpers';

const lr = (extra: object, opcoes?: object) =>
  resultado({ tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2026-03-10', regime: 'LUCRO_REAL', aliquotaIss: 5, lucroRealTrimestre: 0, ...extra }, opcoes);

describe('Lucro Real revenues that stay cumulative (Lei 10.833/2003 art. 10; Lei 10.637/2002 art. 8º)', () => {
  it('software (LC 116 item 1.01) - PIS 0.65% and COFINS 3%: 65.00 + 300.00 = 365.00 instead of 165.00 + 760.00 (R$ 560 less)', () => {
    // Non-cumulative: 10,000 x 1.65% = 165.00 and x 7.6% = 760.00 (925.00). Cumulative: 65.00 + 300.00 (365.00). ISS stays in the base.
    const normal = lr({ codigoServico: '17.01' });
    expect(valores(normal)).toMatchObject({ PIS: 16500, COFINS: 76000 });
    const software = lr({ codigoServico: '01.01' });
    expect(valores(software)).toMatchObject({ PIS: 6500, COFINS: 30000 });
    expect(76000 + 16500 - (6500 + 30000)).toBe(56000);
    expect(linha(software, 'COFINS').fundamento).toContain('Lei 10.833/2003 art. 10 XXV');
    expect(software.premissas.join(' ')).toContain('serviços de informática');
  });

  it('no credits on a cumulative revenue; the national 6-digit code and the company default item work alike', () => {
    // Purchases of R$ 4,000 would give 66.00 + 304.00 of credit in the non-cumulative regime; cumulative has none.
    expect(valores(lr({ codigoServico: '010101', comprasCreditaveis: 4000 }))).toMatchObject({ PIS: 6500, COFINS: 30000 });
    expect(valores(lr({}, { empresa: { codigoServico: '08.01' } }))).toMatchObject({ PIS: 6500, COFINS: 30000 });
    // The input's item wins over the company's.
    expect(valores(lr({ codigoServico: '17.01' }, { empresa: { codigoServico: '08.01' } }))).toMatchObject({ PIS: 16500, COFINS: 76000 });
  });

  it('Lucro Presumido is cumulative anyway; an unknown LC 116 item is refused with CODIGO_SERVICO_INVALIDO', () => {
    expect(valores(resultado({ tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2026-03-10', regime: 'LUCRO_PRESUMIDO', aliquotaIss: 5, codigoServico: '01.01' }))).toMatchObject({ PIS: 6500, COFINS: 30000 });
    for (const codigoServico of ['99.99', 'software', '1.01']) {
      expect(simular({ tipoDocumento: 'NFSE', valor: 1, dataOperacao: '2026-03-10', regime: 'LUCRO_REAL', codigoServico })).toMatchObject({
        ok: false,
        erros: [{ campo: 'codigoServico', regra: 'CODIGO_SERVICO_INVALIDO' }],
      });
    }
  });
});

describe('ISS below 2% (LC 116/2003 art. 8º-A §1º): items 7.02, 7.05 and 16.01 only', () => {
  it('7.02 at 0.5%: 10,000 x 0.5% = 50.00; 16.01 at 0%: no ISS to pay; any other item below 2% is refused', () => {
    const obra = resultado({ tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2026-03-10', regime: 'LUCRO_PRESUMIDO', codigoServico: '07.02', aliquotaIss: 0.5 });
    expect(linha(obra, 'ISS')).toMatchObject({ valorCentavos: 5000, aliquota: { percentual: 0.5 } });
    const transporte = resultado({ tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2026-03-10', regime: 'LUCRO_PRESUMIDO', codigoServico: '16.01', aliquotaIss: 0 });
    expect(linha(transporte, 'ISS').valorCentavos).toBe(0);
    for (const codigoServico of [undefined, '17.01']) {
      expect(simular({ tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2026-03-10', regime: 'LUCRO_PRESUMIDO', codigoServico, aliquotaIss: 1.5 })).toMatchObject({
        ok: false,
        erros: [{ campo: 'aliquotaIss', regra: 'FORA_DO_INTERVALO' }],
      });
    }
  });
});
