import { cnpjProblem, normalizeCnpj, withCnpjCheckDigits } from '../../src';

describe('cnpj - check digits', () => {
  it('cnpj - accepts a valid numeric CNPJ, formatted or not', () => {
    expect(cnpjProblem(normalizeCnpj('11.222.333/0001-81'))).toBeNull();
    expect(cnpjProblem('11222333000181')).toBeNull();
  });

  it('cnpj - accepts the Receita Federal alphanumeric example 12.ABC.345/01DE-35', () => {
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(cnpjProblem('12ABC34501DE35')).toBeNull();
  });

  it('cnpj - computes numeric digits with weights 2..9 from the right (hand-checked: sums 102 and 120)', () => {
    expect(withCnpjCheckDigits('112223330001')).toBe('11222333000181');
  });

  it('cnpj - computes alphanumeric digits with ASCII code minus 48', () => {
    expect(withCnpjCheckDigits('12ABC34501DE')).toBe('12ABC34501DE35');
    // 'A' is worth 17, so A and 17 in the same place do not give the same digits
    expect(withCnpjCheckDigits('A2ABC34501DE')).not.toBe(withCnpjCheckDigits('172ABC34501D'));
  });

  it('cnpj - refuses wrong check digits', () => {
    expect(cnpjProblem('11222333000182')).toBe('digito_verificador');
    expect(cnpjProblem('12ABC34501DE36')).toBe('digito_verificador');
  });

  it('cnpj - refuses repeated digits even though their arithmetic passes', () => {
    expect(cnpjProblem('00000000000000')).toBe('digito_verificador');
    expect(cnpjProblem('11111111111111')).toBe('digito_verificador');
  });

  it('cnpj - refuses the wrong length, lower-level characters and letters in the check digits', () => {
    expect(cnpjProblem('1122233300018')).toBe('formato');
    expect(cnpjProblem('112223330001811')).toBe('formato');
    expect(cnpjProblem('12ABC34501DE3A')).toBe('formato');
    expect(cnpjProblem('12abc34501de35')).toBe('formato');
  });
});
