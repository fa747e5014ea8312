import { comDigitosCnpj, normalizarCnpj, problemaCnpj } from '../src/domain/cnpj';

describe('cnpj - check digits', () => {
  it('cnpj - accepts a valid numeric CNPJ, formatted or not', () => {
    expect(problemaCnpj(normalizarCnpj('11.222.333/0001-81'))).toBeNull();
    expect(problemaCnpj('11222333000181')).toBeNull();
  });

  it('cnpj - accepts the Receita Federal alphanumeric example 12.ABC.345/01DE-35', () => {
    expect(normalizarCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(problemaCnpj('12ABC34501DE35')).toBeNull();
  });

  it('cnpj - computes alphanumeric digits with ASCII code minus 48', () => {
    expect(comDigitosCnpj('12ABC34501DE')).toBe('12ABC34501DE35');
    // 'A' is worth 17, so A and 17 in the same place do not give the same digits
    expect(comDigitosCnpj('A2ABC34501DE')).not.toBe(comDigitosCnpj('172ABC34501D'));
  });

  it('cnpj - refuses wrong check digits', () => {
    expect(problemaCnpj('11222333000182')).toBe('digito_verificador');
    expect(problemaCnpj('12ABC34501DE36')).toBe('digito_verificador');
  });

  it('cnpj - refuses repeated digits even though their arithmetic passes', () => {
    expect(problemaCnpj('00000000000000')).toBe('digito_verificador');
    expect(problemaCnpj('11111111111111')).toBe('digito_verificador');
  });

  it('cnpj - refuses the wrong length, lower-level characters and letters in the check digits', () => {
    expect(problemaCnpj('1122233300018')).toBe('formato');
    expect(problemaCnpj('112223330001811')).toBe('formato');
    expect(problemaCnpj('12ABC34501DE3A')).toBe('formato');
    expect(problemaCnpj('12abc34501de35')).toBe('formato');
  });
});
