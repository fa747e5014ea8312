import { simular, simularDocumento, type ResultadoSimulacao } from '../../src/domain';
import { linha, resultado, valores } from './helpers';

/** The items of one document (`tax.v1.calculate`): the quarter's and year's Lucro Presumido figures run through them. */
const item = (valor: number, extra: object = {}) => ({ tipoDocumento: 'NFE', valor, dataOperacao: '2026-05-10', regime: 'LUCRO_PRESUMIDO', ufOrigem: 'SP', cfop: '5102', ...extra });

function documento(itens: object[]): ResultadoSimulacao[] {
  const d = simularDocumento(itens);
  if (!d.ok) throw new Error(JSON.stringify(d.erros));
  return d.resultados;
}
const soma = (rs: ResultadoSimulacao[], tributo: 'IRPJ' | 'CSLL') => rs.reduce((total, r) => total + linha(r, tributo).valorCentavos, 0);

describe('simularDocumento - the items of one document add up to the whole document', () => {
  it('IRPJ additional - an LP NF-e of R$ 1,000,000 as 2 x 500,000 gives IRPJ 14,000.00, like the whole document', () => {
    // Whole: base 8% x 1,000,000 = 80,000 -> 15% = 12,000 + (80,000 - 60,000) x 10% = 2,000 -> 14,000.00.
    // Item 1: base 40,000 -> 6,000.00, no additional. Item 2: base 40,000 on top of 40,000 -> 6,000 + (80,000 - 60,000)
    // x 10% = 2,000 -> 8,000.00. Taken apart (each from 0) they would give 12,000.00.
    const inteiro = resultado(item(1000000));
    expect(linha(inteiro, 'IRPJ').valorCentavos).toBe(1400000);
    const itens = documento([item(500000), item(500000)]);
    expect(itens.map((r) => linha(r, 'IRPJ').valorCentavos)).toEqual([600000, 800000]);
    expect(soma(itens, 'IRPJ')).toBe(1400000);
    expect(soma(itens, 'CSLL')).toBe(linha(inteiro, 'CSLL').valorCentavos); // 12% x 1,000,000 x 9% = 10,800.00
    // The document's own taxes are the items' (ICMS 18% of each 500,000 = 90,000.00).
    expect(itens.map((r) => valores(r).ICMS)).toEqual([9000000, 9000000]);
  });

  it("LC 224 - the surcharge runs through the items too: services of R$ 1,500,000 in Q1 as 3 x 500,000", () => {
    // Whole (research example f): IRPJ base 488,000.00 -> IRPJ 116,000.00. Items: 500,000 x 32% = 160,000 (IRPJ
    // 24,000 + 10,000 additional = 34,000.00); 160,000 more (24,000 + 16,000 = 40,000.00); the third has 250,000 above the
    // 1,250,000 room: 250,000 x 32% + 250,000 x 35.2% = 168,000 -> 25,200 + 16,800 = 42,000.00. 34,000 + 40,000 + 42,000 = 116,000.
    const servico = (valor: number) => ({ tipoDocumento: 'NFSE', valor, dataOperacao: '2026-02-15', regime: 'LUCRO_PRESUMIDO', aliquotaIss: 5 });
    const itens = documento([servico(500000), servico(500000), servico(500000)]);
    expect(itens.map((r) => linha(r, 'IRPJ').valorCentavos)).toEqual([3400000, 4000000, 4200000]);
    expect(soma(itens, 'IRPJ')).toBe(linha(resultado(servico(1500000)), 'IRPJ').valorCentavos);
    expect(itens[2].acumulados).toEqual({ baseTrimestreCentavos: 48800000, receitaAnoCentavos: 150000000, receitaExcedenteAnoCentavos: 25000000 });
  });

  it("the items' own figures are the ones before the document; other quarters and years start apart", () => {
    // Base already 50,000 in the quarter: item 1 (base 40,000) adds 30,000 above 60,000 -> 6,000 + 3,000 = 9,000.00;
    // item 2 all above -> 6,000 + 4,000 = 10,000.00. An item of another quarter (August) starts from its own 50,000.
    const itens = documento([item(500000, { baseAcumuladaTrimestre: 50000 }), item(500000, { baseAcumuladaTrimestre: 50000 }), item(500000, { baseAcumuladaTrimestre: 50000, dataOperacao: '2026-08-10' })]);
    expect(itens.map((r) => linha(r, 'IRPJ').valorCentavos)).toEqual([900000, 1000000, 900000]);
  });

  it('refusals name the operation; a single operation is exactly a simulation', () => {
    const d = simularDocumento([item(10), item(-1), { tipoDocumento: 'NFE' }]);
    expect(d.ok ? [] : d.erros.map((e) => [e.indice, e.erros.map((x) => x.campo)])).toEqual([
      [1, ['valor']],
      [2, ['valor', 'dataOperacao', 'regime', 'ufOrigem']],
    ]);
    const uma = simular(item(1234.56));
    expect(documento([item(1234.56)])).toEqual([uma.ok && uma.resultado]);
  });
});
