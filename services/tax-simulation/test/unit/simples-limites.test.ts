import { SUBLIMITES_SIMPLES } from '../../src/domain/data/simples-nacional';
import { emVigor } from '../../src/domain/validity';
import { linha, resultado, valores } from './helpers';

// Annex I, RBT12 R$ 1,000,000 (band 4: 10.7%, deduction 22,500): (107,000 - 22,500) / 1,000,000 = 8.45% -> 845.00 on 10,000.
const sn = (extra: object) =>
  resultado({ tipoDocumento: 'NFE', valor: 10000, dataOperacao: '2026-09-15', regime: 'SIMPLES_NACIONAL', ufOrigem: 'SP', anexoSimples: 'I', receitaBruta12Meses: 1000000, ...extra });

describe('Simples Nacional - the limits are decided by the calendar year (LC 123/2006 art. 3º II, §9º-A; arts. 30 and 31)', () => {
  it('limite - a year above R$ 4.8 M by up to 20% stays in this year (exclusion next January); above R$ 5.76 M the DAS is not computable', () => {
    expect(linha(sn({}), 'DAS').valorCentavos).toBe(84500);
    // 5,000,000 <= 4,800,000 x 1.2 = 5,760,000: still in the regime this year.
    const tolerado = sn({ receitaAcumuladaAno: 5000000, receitaBruta12Meses: 4000000 });
    expect(linha(tolerado, 'DAS').naoCalculavel).toBeUndefined();
    expect(tolerado.avisos.join(' ')).toContain('1º de janeiro seguinte');
    const excluida = sn({ receitaAcumuladaAno: 5760000.01 });
    expect(linha(excluida, 'DAS')).toMatchObject({ naoCalculavel: true, valorCentavos: 0 });
    expect(linha(excluida, 'DAS').motivo).toContain('mês seguinte ao do excesso');
  });

  it('sublimite - R$ 3.6 M in every UF in 2026 (Portaria CGSN 54/2025); from 2027 an assumption the result names', () => {
    expect(emVigor(SUBLIMITES_SIMPLES, '2026-06-01')).toMatchObject({ sublimiteCentavos: 360000000, premissa: false });
    expect(emVigor(SUBLIMITES_SIMPLES, '2027-06-01')).toMatchObject({ sublimiteCentavos: 360000000, premissa: true });
    expect(sn({ dataOperacao: '2027-06-01' }).premissas.join(' ')).toContain('PREMISSA: nenhuma portaria do CGSN');
    // Above the sublimit by up to 20% (3,700,000 <= 4,320,000): ICMS inside the DAS this year, out next year.
    expect(sn({ receitaAcumuladaAno: 3700000 }).avisos.join(' ')).toContain('ICMS e ISS fora do DAS a partir de 1º de janeiro seguinte');
    // Above 4,320,000 with an RBT12 below band 6: the DAS without ICMS below band 6 is not embedded.
    expect(linha(sn({ receitaAcumuladaAno: 4320000.01 }), 'DAS')).toMatchObject({ naoCalculavel: true });
    // Band 6 (RBT12 4,000,000) already has ICMS outside the DAS: computed. Annex I band 6: 19%, deduction 378,000:
    // (760,000 - 378,000) / 4,000,000 = 9.55% -> DAS 955.00 (its split has no ICMS); ICMS SP 18% = 1,800.00.
    expect(valores(sn({ receitaAcumuladaAno: 4320000.01, receitaBruta12Meses: 4000000 }))).toEqual({ DAS: 95500, ICMS: 180000 });
  });
});
