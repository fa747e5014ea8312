import { codeDigits, parseDecimalBR } from '../../src/numbers-br';
import { issueFieldLabel, runningTotal } from '../../src/screens/documents/issue-input';

describe('admin issue form - Brazilian input', () => {
  it('admin issue input - reads numbers as typed in Brazil, and refuses what is not one', () => {
    expect(parseDecimalBR('1.200,00')).toBe(1200);
    expect(parseDecimalBR('R$ 1.234.567,89')).toBe(1234567.89);
    expect(parseDecimalBR('250,5')).toBe(250.5);
    expect(parseDecimalBR('1.200')).toBe(1200);
    expect(parseDecimalBR('3.3333')).toBe(3.3333);
    expect(parseDecimalBR('1200.50')).toBe(1200.5);
    expect(parseDecimalBR('  ')).toBeNull();
    for (const wrong of ['abc', '1,2,3', '1.20,00', '12.00,5', '1e3']) expect([wrong, parseDecimalBR(wrong)]).toEqual([wrong, undefined]);
  });

  it('admin issue input - an NCM with dots, a running total to the centavo, labels instead of keys', () => {
    expect(codeDigits('9401.30.00')).toBe('94013000');
    expect(codeDigits('9401 30 00')).toBe('94013000');
    expect(codeDigits('94O1')).toBe('94O1');
    const item = (quantidade: string, valorUnitario: string) => ({ codigo: '', descricao: '', quantidade, valorUnitario, unidade: '', ncm: '', cfop: '', cst: '', csosn: '', codigoServico: '', aliquotaIss: '' });
    // 2 x 250,50 = 501,00; 3 x 3,3333 = 9,9999 -> 10,00 (half up): 511,00.
    expect(runningTotal([item('2', '250,50'), item('3', '3,3333')])).toBe(511);
    expect(runningTotal([item('1', '1.200,00')])).toBe(1200);
    expect(runningTotal([item('1', 'x')])).toBeNull();
    expect(issueFieldLabel('itens[0].ncm')).toBe('Item 1: NCM');
    expect(issueFieldLabel('destinatario.endereco.cep')).toBe('CEP');
    expect(issueFieldLabel('referencia')).toBe('Referência');
  });
});
