import { parseDecimalBR } from '../../src/numbers-br';
import { changeFor, paymentFieldLabel, paymentsInput } from '../../src/screens/documents/payment-input';

describe('admin issue form - NFC-e payments', () => {
  it('admin payment input - the change while typing, labels of the API fields, the input sent', () => {
    // 1.000,00 cash + 250,50 card = 1.250,50 for 1.200,00: change 50,50.
    const pagamentos = [
      { meio: '01', valor: '1.000,00', descricao: '' },
      { meio: '03', valor: '250,50', descricao: '' },
    ];
    expect(changeFor(pagamentos, 1200, parseDecimalBR)).toBe(50.5);
    expect(changeFor([{ meio: '01', valor: '100', descricao: '' }], 1200, parseDecimalBR)).toBe(0);
    expect(changeFor([{ meio: '01', valor: 'cem', descricao: '' }], 1200, parseDecimalBR)).toBeNull();
    expect(paymentFieldLabel('pagamentos[1].valor')).toBe('Pagamento 2: Valor');
    expect(paymentFieldLabel('pagamentos')).toBe('Pagamentos');
    expect(paymentFieldLabel('itens')).toBeNull();
    const number = (t: string) => parseDecimalBR(t) ?? -1;
    expect(paymentsInput(pagamentos, number)).toEqual([
      { meio: '01', valor: 1000, descricao: null },
      { meio: '03', valor: 250.5, descricao: null },
    ]);
    expect(paymentsInput([{ meio: '01', valor: '', descricao: '' }], number)).toBeNull();
  });
});
