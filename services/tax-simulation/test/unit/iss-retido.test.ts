import { lancamentosDaSimulacao } from '../../src/app/payable-titles';
import { compararRegimes, simular, type ParcelaDas, type ResultadoSimulacao } from '../../src/domain';
import { linha, resultado, valores } from './helpers';

const servico = (extra: object) =>
  resultado({ tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2026-10-15', regime: 'SIMPLES_NACIONAL', issRetido: true, ...extra });
const partilha = (r: ResultadoSimulacao) => Object.fromEntries((r.partilhaDas ?? []).map((p: ParcelaDas) => [p.tributo, p.valorCentavos]));
const somaPartilha = (r: ResultadoSimulacao) => (r.partilhaDas ?? []).reduce((s, p) => s + p.valorCentavos, 0);

describe('ISS withheld by the service taker - Simples Nacional (LC 123/2006 art. 21 §4º)', () => {
  it('exemplo (c) com retenção - NFS-e R$ 10,000, Anexo III faixa 1: ISS 201.00 withheld by the taker, DAS 399.00, no ISS title', () => {
    // Band 1 (RBT12 150,000 <= 180,000): deduction 0, effective rate = nominal 6%.
    // Withheld rate = the effective ISS rate of the band (art. 21 §4º I as worded by LC 155/2016), not the city's
    // 2-5% (the aliquotaIss of 5% given here plays no part): 6% x 33.5% (the band's ISS share) = 2.01%.
    // ISS withheld = 10,000 x 2.01% = 201.00, paid by the taker.
    // DAS without the ISS share: 6% - 2.01% = 3.99% -> 10,000 x 3.99% = 399.00. Its split: IRPJ 6% x 4% = 24.00;
    // CSLL 6% x 3.5% = 21.00; COFINS 6% x 12.82% = 76.92; PIS 6% x 2.78% = 16.68; CPP 6% x 43.4% = 260.40;
    // sum 399.00, no residue. 399.00 + 201.00 = 600.00, the DAS without withholding.
    // Due: competence Oct 2026 -> 20 Nov 2026 (Consciência Negra) -> Mon 23 Nov 2026; the withheld ISS has none.
    const r = servico({ anexoSimples: 'III', receitaBruta12Meses: 150000, aliquotaIss: 5 });
    expect(valores(r)).toEqual({ DAS: 39900, ISS: 20100 });
    expect(linha(r, 'DAS')).toMatchObject({ informativo: false, vencimento: '2026-11-23', aliquota: { numerador: '399', denominador: '10000' } });
    expect(linha(r, 'DAS').fundamento).toContain('ISS retido pelo tomador');
    expect(linha(r, 'ISS')).toMatchObject({ informativo: true, retidoPeloTomador: true, vencimento: null, aliquota: { numerador: '201', denominador: '10000' } });
    expect(linha(r, 'ISS').fundamento).toContain('LC 123/2006 art. 21 §4º');
    expect(partilha(r)).toEqual({ IRPJ: 2400, CSLL: 2100, COFINS: 7692, PIS: 1668, CPP: 26040 });
    expect(r.totalDevidoCentavos).toBe(39900);
    expect(r.cargaEfetiva.percentual).toBe(3.99);
    expect(r.completo).toBe(true);
    expect(r.premissas.some((p) => p.includes('mês anterior'))).toBe(true);
    // Provisioning: the DAS only, at the reduced amount.
    expect(lancamentosDaSimulacao('acme', 's', r).map((t) => [t.tituloId, t.valorCentavos, t.vencimento])).toEqual([['acme:DAS:2026-10', 39900, '2026-11-23']]);
  });

  it('exemplo (c) faixa 2 com retenção - RBT12 R$ 300,000: ISS 258.56 withheld, DAS 549.44 with its 0.01 residue on CPP', () => {
    // Effective (300,000 x 11.2% - 9,360) / 300,000 = 8.08%. Withheld ISS rate 8.08% x 32% = 2.5856% -> 258.56.
    // DAS rate 8.08% - 2.5856% = 5.4944% -> 549.44. Parts: IRPJ 8.08% x 4% -> 32.32; CSLL x 3.5% -> 28.28;
    // COFINS x 14.05% = 113.524 -> 113.52; PIS x 3.05% = 24.644 -> 24.64; CPP x 43.4% = 350.672 -> 350.67;
    // sum 549.43: the missing centavo goes to the largest part, CPP -> 350.68. 549.44 + 258.56 = 808.00.
    const r = servico({ anexoSimples: 'III', receitaBruta12Meses: 300000 });
    expect(valores(r)).toEqual({ DAS: 54944, ISS: 25856 });
    expect(partilha(r)).toEqual({ IRPJ: 3232, CSLL: 2828, COFINS: 11352, PIS: 2464, CPP: 35068 });
    expect(r.partilhaDas?.find((p) => p.tributo === 'CPP')?.residuoCentavos).toBe(1);
    expect(somaPartilha(r)).toBe(54944);
  });

  it('faixa 5 com retenção - the withheld rate is the capped 5%: ISS 500.00, DAS 1,181.20', () => {
    // RBT12 3,000,000: effective (630,000 - 125,640) / 3,000,000 = 16.812%; ISS share 33.5% of it = 5.632% > 5%, so
    // the band's effective ISS rate is 5% -> 500.00. DAS without it: 16.812% - 5% = 11.812% -> 1,181.20.
    const r = servico({ anexoSimples: 'III', receitaBruta12Meses: 3000000 });
    expect(valores(r)).toEqual({ DAS: 118120, ISS: 50000 });
    expect(linha(r, 'ISS')).toMatchObject({ retidoPeloTomador: true, informativo: true, aliquota: { percentual: 5 } });
  });

  it("faixa 6 com retenção - above the sublimit the ISS is outside the DAS: the taker withholds it at the city's rate", () => {
    // RBT12 4,000,000: (4,000,000 x 33% - 648,000) / 4,000,000 = 16.8%, band 6 split without ISS -> DAS 1,680.00,
    // with or without withholding. ISS at the city's 3% = 300.00, withheld (LC 116/2003 art. 6º), not a payable.
    const r = servico({ anexoSimples: 'III', receitaBruta12Meses: 4000000, aliquotaIss: 3 });
    expect(valores(r)).toEqual({ DAS: 168000, ISS: 30000 });
    expect(linha(r, 'ISS')).toMatchObject({ retidoPeloTomador: true, informativo: true, vencimento: null });
    expect(linha(r, 'ISS').fundamento).toContain('LC 116/2003 art. 6º');
    expect(r.totalDevidoCentavos).toBe(168000);
  });

  it("sem anexo - at the company's DAS rate the ISS share is unknown: DAS and ISS not computable", () => {
    const r = servico({});
    expect(linha(r, 'DAS')).toMatchObject({ naoCalculavel: true, valorCentavos: 0, informativo: false });
    expect(linha(r, 'DAS').motivo).toContain('anexoSimples e receitaBruta12Meses');
    expect(linha(r, 'ISS')).toMatchObject({ naoCalculavel: true, informativo: true });
    expect(r.completo).toBe(false);
    expect(lancamentosDaSimulacao('acme', 's', r)).toEqual([]);
  });

  it('2027 - the split is not embedded from 2027, so the DAS without the ISS share is not computable', () => {
    const r = servico({ dataOperacao: '2027-03-10', anexoSimples: 'III', receitaBruta12Meses: 150000 });
    expect(linha(r, 'DAS')).toMatchObject({ naoCalculavel: true, valorCentavos: 0 });
    expect(linha(r, 'ISS')).toMatchObject({ naoCalculavel: true, informativo: true });
    // Without withholding the same operation has a DAS: 10,000 x 6% = 600.00.
    expect(linha(servico({ dataOperacao: '2027-03-10', anexoSimples: 'III', receitaBruta12Meses: 150000, issRetido: false }), 'DAS').valorCentavos).toBe(60000);
  });
});

describe('ISS withheld by the service taker - other regimes, documents and years', () => {
  it('Lucro Presumido - the ISS 500.00 is withheld (LC 116 art. 6º): informative, out of the total, still out of the CBS/IBS base', () => {
    // ISS 10,000 x 5% = 500.00 withheld. PIS 65.00, COFINS 300.00 (ISS kept in their base), IRPJ 3,200 x 15% = 480.00,
    // CSLL 3,200 x 9% = 288.00: total 1,133.00 (1,633.00 without withholding). 2026 CBS on 10,000 - 500 - 65 - 300 =
    // 9,135.00 x 0.9% = 82.22 (informative): the tax is the same, only who pays it changes.
    const base = { tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2026-10-15', regime: 'LUCRO_PRESUMIDO', aliquotaIss: 5 };
    const retido = resultado({ ...base, issRetido: true });
    const normal = resultado(base);
    expect(valores(retido)).toEqual(valores(normal));
    expect(linha(retido, 'ISS')).toMatchObject({ valorCentavos: 50000, informativo: true, retidoPeloTomador: true, vencimento: null });
    expect(linha(normal, 'ISS')).toMatchObject({ informativo: false, vencimento: '2026-11-16' });
    expect(linha(normal, 'ISS').retidoPeloTomador).toBeUndefined();
    expect(linha(retido, 'CBS').valorCentavos).toBe(8222);
    expect(retido.totalDevidoCentavos).toBe(113300);
    expect(normal.totalDevidoCentavos).toBe(163300);
    expect(lancamentosDaSimulacao('acme', 's', retido).map((t) => t.tributo)).toEqual(['PIS', 'COFINS', 'CSLL', 'IRPJ']);
  });

  it('compararRegimes - the withholding applies under every regime, so the comparison stays like for like', () => {
    const c = compararRegimes({ tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2026-10-15', anexoSimples: 'III', receitaBruta12Meses: 150000, aliquotaIss: 5, issRetido: true });
    if (!c.ok) throw new Error(JSON.stringify(c.erros));
    expect(c.resultados.map((r) => [r.regime, linha(r, 'ISS').retidoPeloTomador, linha(r, 'ISS').valorCentavos])).toEqual([
      ['SIMPLES_NACIONAL', true, 20100],
      ['LUCRO_PRESUMIDO', true, 50000],
      ['LUCRO_REAL', true, 50000],
    ]);
    expect(linha(c.resultados[0], 'DAS').valorCentavos).toBe(39900);
  });

  it('other documents - issRetido is ignored with a note (like aliquotaIss on an NF-e); a non-boolean is TIPO_INVALIDO', () => {
    const r = resultado({ tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-10-15', regime: 'SIMPLES_NACIONAL', ufOrigem: 'SP', issRetido: true });
    expect(valores(r)).toEqual({ DAS: 6000 });
    expect(r.avisos).toContain('issRetido: não se aplica a NFE; ignorado.');
    const s = simular({ tipoDocumento: 'NFSE', valor: 1000, dataOperacao: '2026-10-15', regime: 'SIMPLES_NACIONAL', issRetido: 'sim' });
    expect(s.ok ? [] : s.erros.map((e) => [e.campo, e.regra])).toEqual([['issRetido', 'TIPO_INVALIDO']]);
  });

  it('2033 - the ISS is extinct: issRetido is ignored with a note', () => {
    const r = resultado({ tipoDocumento: 'NFSE', valor: 1000, dataOperacao: '2033-03-10', regime: 'LUCRO_PRESUMIDO', issRetido: true });
    expect(r.linhas.some((l) => l.tributo === 'ISS')).toBe(false);
    expect(r.avisos.some((a) => a.startsWith('issRetido: o ISS está extinto'))).toBe(true);
  });
});
