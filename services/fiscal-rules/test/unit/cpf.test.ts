import { cpfProblem, normalizeCpf, withCpfCheckDigits } from '../../src';

/*
 * Hand-checked digits:
 * 111.444.777-35: 1·10+1·9+1·8+4·7+4·6+4·5+7·4+7·3+7·2 = 162, 162 % 11 = 8 -> 3;
 *                 the same with weights 11..2 over 1114447773 = 204, 204 % 11 = 6 -> 5.
 * 529.982.247-25: 295 % 11 = 9 -> 2; 347 % 11 = 6 -> 5.
 * 123.456.789-09: 210 % 11 = 1, below 2 -> 0; 255 % 11 = 2 -> 9.
 */
describe('cpf - check digits', () => {
  it('cpf - accepts valid CPFs, formatted or not', () => {
    expect(cpfProblem(normalizeCpf('111.444.777-35'))).toBeNull();
    expect(cpfProblem('52998224725')).toBeNull();
    expect(cpfProblem(normalizeCpf('123.456.789-09'))).toBeNull();
  });

  it('cpf - computes both digits, a remainder below 2 giving 0', () => {
    expect(withCpfCheckDigits('111444777')).toBe('11144477735');
    expect(withCpfCheckDigits('529982247')).toBe('52998224725');
    expect(withCpfCheckDigits('123456789')).toBe('12345678909');
  });

  it('cpf - refuses a wrong first or second digit, or the digits swapped', () => {
    expect(cpfProblem('11144477745')).toBe('digito_verificador');
    expect(cpfProblem('11144477736')).toBe('digito_verificador');
    expect(cpfProblem('52998224752')).toBe('digito_verificador');
  });

  it('cpf - refuses eleven equal digits even though their arithmetic passes', () => {
    expect(withCpfCheckDigits('111111111')).toBe('11111111111');
    for (const digit of '0123456789') expect(cpfProblem(digit.repeat(11))).toBe('digito_verificador');
  });

  it('cpf - refuses the wrong length and anything but digits', () => {
    expect(cpfProblem('1114447773')).toBe('formato');
    expect(cpfProblem('111444777350')).toBe('formato');
    expect(cpfProblem('111.444.777-35')).toBe('formato');
    expect(cpfProblem('1114447773A')).toBe('formato');
  });
});
