import { lancamentosDaSimulacao, pendentesDeVencimento, periodoDe, semVencimento, type Lancamento } from '../../src/app/payable-titles';
import { proximaVersao, type VersaoAnterior } from '../../src/app/title-versions';
import { resultado } from './helpers';

// 2027 Lucro Presumido NFS-e of R$ 10,000, ISS 5%, 10 March 2027, kept when the company had no CBS/IBS/IS rule:
// ISS 500.00 (day 15 April, a Thursday), IRPJ 480.00 and CSLL 288.00 (Friday 30 April 2027), CBS 826.50 and
// IBS 4.75 + 4.75 on 10,000 - 500 = 9,500, with no due date.
const kept = resultado({ tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2027-03-10', regime: 'LUCRO_PRESUMIDO', aliquotaIss: 5 });
const datas = (titulos: { tributo: string; vencimento: string }[]) => Object.fromEntries(titulos.map((t) => [t.tributo, t.vencimento]));

describe('payable titles - lines kept without a due date', () => {
  it('payable titles - without a company rule the CBS/IBS lines are left out and named as pending', () => {
    expect(datas(lancamentosDaSimulacao('acme', 's', kept))).toEqual({ CSLL: '2027-04-30', IRPJ: '2027-04-30', ISS: '2027-04-15' });
    expect(semVencimento(kept)).toEqual(['CBS', 'IBS_UF', 'IBS_MUN']);
    expect(pendentesDeVencimento(kept, ['CSLL', 'IRPJ', 'ISS'])).toEqual(['CBS', 'IBS_UF', 'IBS_MUN']);
  });

  it("payable titles - the company's current rule dates them: CBS day 25 anticipated, IBS day 20 postponed", () => {
    // CBS: 25 April 2027 is a Sunday -> Friday 23 April. IBS: 20 April 2027 is a Tuesday -> 2027-04-20 (both IBS lines).
    // The ICMS rule is not used for lines the engine already dated (ISS keeps day 15).
    const titulos = lancamentosDaSimulacao('acme', 's', kept, { CBS: { dia: 25, ajuste: 'ANTECIPAR' }, IBS: { dia: 20, ajuste: 'PRORROGAR' }, ISS: { dia: 5, ajuste: 'PRORROGAR' } });
    expect(datas(titulos)).toEqual({ CSLL: '2027-04-30', IRPJ: '2027-04-30', ISS: '2027-04-15', CBS: '2027-04-23', IBS_UF: '2027-04-20', IBS_MUN: '2027-04-20' });
    expect(titulos.find((t) => t.tributo === 'CBS')).toMatchObject({ tituloId: 'acme:CBS:2027-03', periodo: '2027-03', valorCentavos: 82650, competencia: '2027-03', credor: 'UNIAO' });
    expect(pendentesDeVencimento(kept, titulos.map((t) => t.tributo))).toEqual([]);
  });

  it('payable titles - a rule for the CBS only leaves the IBS pending', () => {
    const titulos = lancamentosDaSimulacao('acme', 's', kept, { CBS: { dia: 20, ajuste: 'PRORROGAR' } });
    expect(titulos.map((t) => t.tributo)).toEqual(['CSLL', 'IRPJ', 'ISS', 'CBS']);
    expect(pendentesDeVencimento(kept, titulos.map((t) => t.tributo))).toEqual(['IBS_UF', 'IBS_MUN']);
  });
});

describe('payable titles - one title per company, tax and period of assessment', () => {
  it('periodo - monthly taxes by month, IRPJ/CSLL by quarter (closing month), the DIFAL per operation', () => {
    expect(periodoDe('ICMS', '2026-05-14')).toEqual({ periodo: '2026-05', competencia: '2026-05' });
    expect(periodoDe('IRPJ', '2026-05-14')).toEqual({ periodo: '2026-T2', competencia: '2026-06' });
    expect(periodoDe('CSLL', '2026-12-01')).toEqual({ periodo: '2026-T4', competencia: '2026-12' });
    expect(periodoDe('ICMS_UF_DEST', '2026-05-14')).toEqual({ periodo: '2026-05-14', competencia: '2026-05' });
  });

  it('lancamentos - the Lucro Real quarter is a whole-period figure, kept even at zero; the rest are shares', () => {
    // LR NF-e R$ 50,000 SP (March 2026), quarter profit negative: IRPJ and CSLL computable at 0.00. ICMS 18% = 9,000.00;
    // PIS (50,000 - 9,000) x 1.65% = 676.50; COFINS 41,000 x 7.6% = 3,116.00.
    const r = resultado({ tipoDocumento: 'NFE', valor: 50000, dataOperacao: '2026-03-10', regime: 'LUCRO_REAL', ufOrigem: 'SP', lucroRealTrimestre: -1000 });
    const lancamentos = lancamentosDaSimulacao('acme', 's1', r);
    expect(lancamentos.map((l) => [l.tributo, l.composicao, l.tituloId, l.valorCentavos])).toEqual([
      ['PIS', 'SOMA', 'acme:PIS:2026-03', 67650],
      ['COFINS', 'SOMA', 'acme:COFINS:2026-03', 311600],
      ['CSLL', 'TOTAL', 'acme:CSLL:2026-T1', 0],
      ['IRPJ', 'TOTAL', 'acme:IRPJ:2026-T1', 0],
      ['ICMS', 'SOMA', 'acme:ICMS:2026-03', 900000],
    ]);
  });

  const lanc = (composicao: 'SOMA' | 'TOTAL', valorCentavos: number, vencimento = '2026-04-10'): Lancamento => ({
    tituloId: 'acme:ICMS:2026-03',
    tributo: 'ICMS',
    periodo: '2026-03',
    competencia: '2026-03',
    composicao,
    valorCentavos,
    vencimento,
    credor: 'ESTADO',
    codigoReceita: null,
  });
  const t0 = new Date('2026-03-10T10:00:00Z');
  const t1 = new Date('2026-03-11T10:00:00Z');
  const v = (versao: number, simulacaoId: string, valorCentavos: number, figuraDe: Date, vencimento = '2026-04-10'): VersaoAnterior => ({ versao, simulacaoId, valorCentavos, vencimento, figuraDe });

  it('versoes - a share adds to the title: 900.00 + 450.00 = 1,350.00 as version 2; the same simulation again adds nothing', () => {
    expect(proximaVersao([], lanc('SOMA', 90000), 'a', t0)).toEqual({ versao: 1, valorCentavos: 90000, vencimento: '2026-04-10', figuraDe: t0, muda: true });
    expect(proximaVersao([v(1, 'a', 90000, t0)], lanc('SOMA', 45000), 'b', t1)).toEqual({ versao: 2, valorCentavos: 135000, vencimento: '2026-04-10', figuraDe: t0, muda: true });
    expect(proximaVersao([v(1, 'a', 90000, t0), v(2, 'b', 135000, t0)], lanc('SOMA', 45000), 'b', t1)).toBeNull();
  });

  it('versoes - a whole quarter is restated by a newer simulation and kept by an older one (a version that announces nothing)', () => {
    // Quarter IRPJ 19,000.00 from simulation a (t0); b (t1, newer) says 21,500.00: the title becomes 21,500.00.
    expect(proximaVersao([v(1, 'a', 1900000, t0)], lanc('TOTAL', 2150000), 'b', t1)).toMatchObject({ versao: 2, valorCentavos: 2150000, figuraDe: t1, muda: true });
    // The same figure from a newer simulation: a version, nothing to announce.
    expect(proximaVersao([v(1, 'a', 1900000, t0)], lanc('TOTAL', 1900000), 'b', t1)).toMatchObject({ versao: 2, valorCentavos: 1900000, muda: false });
    // An older simulation provisioned after a newer one does not bring back its figure.
    expect(proximaVersao([v(1, 'b', 2150000, t1)], lanc('TOTAL', 1900000), 'a', t0)).toMatchObject({ versao: 2, valorCentavos: 2150000, figuraDe: t1, muda: false });
    // A zero with no title yet makes none; after a title, a newer zero restates it to 0.00.
    expect(proximaVersao([], lanc('TOTAL', 0), 'a', t0)).toBeNull();
    expect(proximaVersao([v(1, 'a', 1900000, t0)], lanc('TOTAL', 0), 'b', t1)).toMatchObject({ valorCentavos: 0, muda: true });
  });

  it('versoes - a new due date (the company changed its ICMS day) is a change even when the amount is not', () => {
    expect(proximaVersao([v(1, 'a', 1900000, t0)], lanc('TOTAL', 1900000, '2026-04-20'), 'b', t1)).toMatchObject({ vencimento: '2026-04-20', muda: true });
  });
});
