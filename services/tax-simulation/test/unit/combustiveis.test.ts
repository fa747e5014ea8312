import { simular } from '../../src/domain';
import { linha, resultado, valores } from './helpers';

const gasolina = { tipoDocumento: 'NFE', valor: 100000, dataOperacao: '2026-03-10', ufOrigem: 'SP', ncm: '27101259', atividade: 'COMBUSTIVEIS' };

describe('fuel resale - single-phase PIS/COFINS and ICMS are never charged to the reseller', () => {
  it('Lucro Presumido R$ 100,000 of gasoline - PIS 0, COFINS 0, no ICMS, no IPI: IRPJ 240.00 + CSLL 1,080.00 (R$ 20,993 less)', () => {
    // Before: ICMS 18% = 18,000.00; PIS (100,000 - 18,000) x 0.65% = 533.00; COFINS 82,000 x 3% = 2,460.00: 20,993.00 in all.
    // Now: PIS/COFINS at rate zero (MP 2.158-35 art. 42 I), ICMS charged before (LC 192/2022; Conv. ICMS 15/2023), IPI immune
    // (CF art. 155 §3º); IRPJ 1.6% x 100,000 = 1,600 x 15% = 240.00; CSLL 12% x 100,000 = 12,000 x 9% = 1,080.00.
    const r = resultado({ ...gasolina, regime: 'LUCRO_PRESUMIDO', aliquotaIpi: 5 });
    expect(valores(r)).toEqual({ PIS: 0, COFINS: 0, CSLL: 108000, IRPJ: 24000, CBS: 0, IBS_UF: 0, IBS_MUN: 0 });
    expect(r.totalDevidoCentavos).toBe(132000);
    expect(linha(r, 'PIS')).toMatchObject({ aliquota: { percentual: 0 } });
    expect(linha(r, 'PIS').fundamento).toContain('MP 2.158-35/2001 art. 42 I');
    expect(r.avisos.join(' ')).toContain('Convênio ICMS 15/2023');
    expect(r.avisos.join(' ')).toContain('CF art. 155 §3º');
    // The 2026 CBS/IBS test lines of fuels are not modelled: shown as informative and not computable.
    expect(linha(r, 'CBS')).toMatchObject({ naoCalculavel: true, informativo: true });
    expect(r.completo).toBe(true);
  });

  it('Lucro Real diesel - PIS and COFINS zero, no purchase credit; 2027 - no CBS/IBS (single incidence)', () => {
    const lr = resultado({ ...gasolina, ncm: '27101921', regime: 'LUCRO_REAL', comprasCreditaveis: 60000, lucroRealTrimestre: 10000 });
    expect(valores(lr)).toMatchObject({ PIS: 0, COFINS: 0 });
    expect(lr.linhas.some((l) => l.tributo === 'ICMS')).toBe(false);
    const r2027 = resultado({ ...gasolina, regime: 'LUCRO_PRESUMIDO', dataOperacao: '2027-03-10' });
    expect(r2027.linhas.map((l) => l.tributo)).toEqual(['CSLL', 'IRPJ']);
    expect(r2027.avisos.join(' ')).toContain('LC 214/2025 art. 172');
  });

  it('Simples Nacional annex I band 1, R$ 10,000 of LPG - the DAS without PIS, COFINS and ICMS: 4% x 50.5% = 2.02% -> 202.00', () => {
    // Band 1 split: IRPJ 5.5%, CSLL 3.5%, CPP 41.5% stay (50.5%): 10,000 x 4% x 50.5% = 202.00.
    const r = resultado({ ...gasolina, ncm: '27111910', valor: 10000, regime: 'SIMPLES_NACIONAL', anexoSimples: 'I', receitaBruta12Meses: 100000 });
    expect(valores(r)).toEqual({ DAS: 20200 });
    expect(linha(r, 'DAS').fundamento).toContain('§4º-A I e §§12 a 14');
  });

  it('refusals - the producer or importer, other fuels, a fuel resale without NCM or with a non-fuel NCM, a CST other than 61', () => {
    const codigos = (entrada: object) => {
      const s = simular({ regime: 'LUCRO_PRESUMIDO', ...entrada });
      return s.ok ? [] : s.erros.map((e) => [e.campo, e.regra]);
    };
    const { atividade: _semAtividade, ...produtor } = gasolina;
    expect(codigos(produtor)).toEqual([['atividade', 'COMBUSTIVEL_NAO_MODELADO']]);
    expect(codigos({ ...gasolina, ncm: '22071000' })).toEqual([['ncm', 'COMBUSTIVEL_NAO_MODELADO']]);
    expect(codigos({ ...gasolina, ncm: undefined })).toEqual([['ncm', 'OBRIGATORIO']]);
    expect(codigos({ ...gasolina, ncm: '61091000' })).toEqual([['ncm', 'CAMPOS_INCOERENTES']]);
    expect(codigos({ ...gasolina, cst: '00' })).toEqual([['cst', 'CAMPOS_INCOERENTES']]);
    expect(codigos({ ...gasolina, cst: '61' })).toEqual([]);
  });
});
