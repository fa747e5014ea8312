import { maskCep, maskCnpjCpf, maskIe } from '../../src/masks';

/** Each mask fed what a person types key by key, and what they paste. */
const typed = (mask: (text: string) => string, keys: string) => Array.from(keys).reduce((value, key) => mask(value + key), '');

describe('admin masks - CEP, CNPJ / CPF and IE as typed in Brazil', () => {
  it('admin masks - CEP: 01310-200 typed digit by digit or pasted, letters dropped, cut at 8 digits', () => {
    expect(typed(maskCep, '01310200')).toBe('01310-200');
    expect(maskCep('01310')).toBe('01310');
    expect(maskCep('013102')).toBe('01310-2');
    expect(maskCep('01.310-200 ')).toBe('01310-200');
    expect(maskCep('01310200999')).toBe('01310-200');
    expect(maskCep('abc')).toBe('');
  });

  it('admin masks - CPF up to 11 digits, CNPJ beyond, the alphanumeric CNPJ as soon as a letter comes', () => {
    expect(typed(maskCnpjCpf, '12345678909')).toBe('123.456.789-09');
    expect(typed(maskCnpjCpf, '11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCnpjCpf('11.222.333/0001-81')).toBe('11.222.333/0001-81');
    expect(maskCnpjCpf('123.456.789-09')).toBe('123.456.789-09');
    expect(typed(maskCnpjCpf, '12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(maskCnpjCpf('112223330001819999')).toBe('11.222.333/0001-81');
  });

  it('admin masks - IE by the UF layout (SP, MG), ISENTO in any case, digits and typed punctuation elsewhere', () => {
    expect(typed((t) => maskIe(t, 'SP'), '110042490114')).toBe('110.042.490.114');
    expect(maskIe('110.042.490.114', 'sp')).toBe('110.042.490.114');
    expect(maskIe('0623079040081', 'MG')).toBe('062.307.904/0081');
    expect(typed((t) => maskIe(t, 'SP'), 'isento')).toBe('ISENTO');
    expect(maskIe('12.345-6', 'AC')).toBe('12.345-6');
    expect(maskIe('12a3', null)).toBe('123');
  });
});
