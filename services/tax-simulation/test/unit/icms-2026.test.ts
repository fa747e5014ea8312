import { UFS } from '@erp/fiscal-rules';
import { ALIQUOTAS_INTERNAS_ICMS } from '../../src/domain/data/icms';
import { emVigor } from '../../src/domain/validity';
import { simular } from '../../src/domain';
import { linha, resultado, valores } from './helpers';

const lp = (extra: object) => resultado({ tipoDocumento: 'NFE', valor: 10000, regime: 'LUCRO_PRESUMIDO', ufOrigem: 'AL', ...extra });

describe('ICMS 2026 - the internal rate of every state, dated with its law', () => {
  it('tabela - all 27 UFs have one rate in force on every day of 2026, each naming its source and how far it was confirmed', () => {
    for (const dia of ['2026-01-01', '2026-03-31', '2026-04-01', '2026-12-31']) {
      for (const { sigla: uf } of UFS) {
        const vigente = emVigor(ALIQUOTAS_INTERNAS_ICMS.filter((a) => a.uf === uf), dia);
        expect({ uf, dia, temFonte: (vigente?.fonte.length ?? 0) > 10 }).toEqual({ uf, dia, temFonte: true });
      }
    }
    expect(UFS).toHaveLength(27);
    // Only AL's 2026 rate was read in the law's own text; every other rate says it is secondary.
    expect(ALIQUOTAS_INTERNAS_ICMS.filter((a) => a.confirmacao === 'LEI').map((a) => a.uf)).toEqual(['AL']);
    expect(ALIQUOTAS_INTERNAS_ICMS.filter((a) => a.confirmacao === 'SECUNDARIA').every((a) => a.fonte.includes('NÃO conferida'))).toBe(true);
  });

  it('AL - 19% until 31 March 2026, 20.5% from 1 April 2026 (Lei AL 9.776/2025): R$ 150 more per R$ 10,000', () => {
    // 31/03: ICMS 10,000 x 19% = 1,900.00; PIS (10,000 - 1,900) x 0.65% = 52.65; COFINS 8,100 x 3% = 243.00.
    expect(valores(lp({ dataOperacao: '2026-03-31' }))).toMatchObject({ ICMS: 190000, PIS: 5265, COFINS: 24300 });
    // 01/04: ICMS 10,000 x 20.5% = 2,050.00; PIS 7,950 x 0.65% = 51.675 -> 51.68; COFINS 7,950 x 3% = 238.50.
    const abril = lp({ dataOperacao: '2026-04-01' });
    expect(valores(abril)).toMatchObject({ ICMS: 205000, PIS: 5168, COFINS: 23850 });
    expect(linha(abril, 'ICMS').fundamento).toContain('Lei AL 9.776');
    // 2029 (9/10 of the state's rate): 20.5% x 0.9 = 18.45% -> 1,845.00.
    expect(linha(lp({ dataOperacao: '2029-06-10' }), 'ICMS')).toMatchObject({ valorCentavos: 184500, aliquota: { percentual: 18.45 } });
  });

  it('AL - the default rate of the purchases credit follows the new rate: 5,000 x 20.5% = 1,025.00', () => {
    // Lucro Real, sale 10,000 (debit 2,050.00) less the purchases' credit 1,025.00 = 1,025.00.
    const r = resultado({ tipoDocumento: 'NFE', valor: 10000, dataOperacao: '2026-05-04', regime: 'LUCRO_REAL', ufOrigem: 'AL', comprasCreditaveis: 5000 });
    expect(linha(r, 'ICMS')).toMatchObject({ valorCentavos: 102500 });
  });

  it('FCP - RJ adds its general 2%; a listed product elsewhere carries the FCP the caller gives, up to 2 points', () => {
    // RJ: 20% + 2% FECP = 22% -> R$ 1,000 x 22% = 220.00.
    expect(linha(resultado({ tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-06-10', regime: 'LUCRO_PRESUMIDO', ufOrigem: 'RJ' }), 'ICMS').valorCentavos).toBe(22000);
    // BA with a product of its poverty fund at 2%: 20.5% + 2% = 22.5% -> 225.00.
    const ba = resultado({ tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-06-10', regime: 'LUCRO_PRESUMIDO', ufOrigem: 'BA', aliquotaFcp: 2 });
    expect(linha(ba, 'ICMS')).toMatchObject({ valorCentavos: 22500, aliquota: { percentual: 22.5 } });
    expect(linha(ba, 'ICMS').fundamento).toContain('FCP do produto de 2%');
    // ADCT art. 82 §1º: at most two points.
    const acima = simular({ tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-06-10', regime: 'LUCRO_PRESUMIDO', ufOrigem: 'BA', aliquotaFcp: 2.5 });
    expect(acima).toMatchObject({ ok: false, erros: [{ campo: 'aliquotaFcp', regra: 'FORA_DO_INTERVALO' }] });
    // Interstate, the origin's FCP does not apply: SP -> BA at 7% = 70.00 whatever the FCP.
    const inter = resultado({ tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-06-10', regime: 'LUCRO_PRESUMIDO', ufOrigem: 'SP', ufDestino: 'BA', aliquotaFcp: 2 });
    expect(linha(inter, 'ICMS').valorCentavos).toBe(7000);
  });
});
