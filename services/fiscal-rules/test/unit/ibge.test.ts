import { IBGE_EXCEPTION_CODES, ibgeCheckDigit, municipioProblem } from '../../src';

describe('ibge - municipality code', () => {
  it('ibge - accepts real codes with a correct check digit', () => {
    for (const codigo of ['3550308', '4106902', '5300108', '1100015', '3304557']) expect(municipioProblem(codigo)).toBeNull();
  });

  it('ibge - refuses a wrong check digit', () => {
    expect(municipioProblem('3550309')).toBe('digito_verificador');
  });

  it('ibge - accepts the nine official exception codes, whose digit breaks the rule', () => {
    expect(IBGE_EXCEPTION_CODES.size).toBe(9);
    for (const codigo of IBGE_EXCEPTION_CODES) {
      expect(Number(codigo[6])).not.toBe(ibgeCheckDigit(codigo));
      expect(municipioProblem(codigo)).toBeNull();
    }
  });

  it('ibge - refuses another code with the same wrong-digit shape as an exception', () => {
    // 2201911 is the arithmetically correct twin of the exception 2201919; 2201918 is simply wrong
    expect(municipioProblem('2201918')).toBe('digito_verificador');
  });

  it('ibge - refuses codes that are not 7 digits or whose first two digits are no state', () => {
    expect(municipioProblem('355030')).toBe('formato');
    expect(municipioProblem('35503080')).toBe('formato');
    expect(municipioProblem('35503A8')).toBe('formato');
    expect(municipioProblem('9900000')).toBe('uf_inexistente');
    expect(municipioProblem('3400001')).toBe('uf_inexistente');
  });
});
