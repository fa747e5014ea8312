import { pendentesDeVencimento, semVencimento, titulosDaSimulacao } from '../../src/app/payable-titles';
import { resultado } from './helpers';

// 2027 Lucro Presumido NFS-e of R$ 10,000, ISS 5%, 10 March 2027, kept when the company had no CBS/IBS/IS rule:
// ISS 500.00 (day 15 April, a Thursday), IRPJ 480.00 and CSLL 288.00 (Friday 30 April 2027), CBS 826.50 and
// IBS 4.75 + 4.75 on 10,000 - 500 = 9,500, with no due date.
const kept = resultado({ tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2027-03-10', regime: 'LUCRO_PRESUMIDO', aliquotaIss: 5 });
const datas = (titulos: { tributo: string; vencimento: string }[]) => Object.fromEntries(titulos.map((t) => [t.tributo, t.vencimento]));

describe('payable titles - lines kept without a due date', () => {
  it('payable titles - without a company rule the CBS/IBS lines are left out and named as pending', () => {
    expect(datas(titulosDaSimulacao('s', kept))).toEqual({ CSLL: '2027-04-30', IRPJ: '2027-04-30', ISS: '2027-04-15' });
    expect(semVencimento(kept)).toEqual(['CBS', 'IBS_UF', 'IBS_MUN']);
    expect(pendentesDeVencimento(kept, ['CSLL', 'IRPJ', 'ISS'])).toEqual(['CBS', 'IBS_UF', 'IBS_MUN']);
  });

  it("payable titles - the company's current rule dates them: CBS day 25 anticipated, IBS day 20 postponed", () => {
    // CBS: 25 April 2027 is a Sunday -> Friday 23 April. IBS: 20 April 2027 is a Tuesday -> 2027-04-20 (both IBS lines).
    // The ICMS rule is not used for lines the engine already dated (ISS keeps day 15).
    const titulos = titulosDaSimulacao('s', kept, { CBS: { dia: 25, ajuste: 'ANTECIPAR' }, IBS: { dia: 20, ajuste: 'PRORROGAR' }, ISS: { dia: 5, ajuste: 'PRORROGAR' } });
    expect(datas(titulos)).toEqual({ CSLL: '2027-04-30', IRPJ: '2027-04-30', ISS: '2027-04-15', CBS: '2027-04-23', IBS_UF: '2027-04-20', IBS_MUN: '2027-04-20' });
    expect(titulos.find((t) => t.tributo === 'CBS')).toMatchObject({ tituloId: 's:CBS', valorCentavos: 82650, competencia: '2027-03', credor: 'UNIAO' });
    expect(pendentesDeVencimento(kept, titulos.map((t) => t.tributo))).toEqual([]);
  });

  it('payable titles - a rule for the CBS only leaves the IBS pending', () => {
    const titulos = titulosDaSimulacao('s', kept, { CBS: { dia: 20, ajuste: 'PRORROGAR' } });
    expect(titulos.map((t) => t.tributo)).toEqual(['CSLL', 'IRPJ', 'ISS', 'CBS']);
    expect(pendentesDeVencimento(kept, titulos.map((t) => t.tributo))).toEqual(['IBS_UF', 'IBS_MUN']);
  });
});
