import { escalarExato } from '../../src/domain/decimal';
import { aplicar, arredondar, comparar, emPercentual, fracao, multiplicar, percentual, somar, subtrair } from '../../src/domain/fraction';

describe('fracao - exact rates', () => {
  it('fracao - percentages are exact fractions in lowest terms (no binary float)', () => {
    expect(percentual('0.65')).toEqual({ n: 13n, d: 2000n });
    expect(percentual('7.6')).toEqual({ n: 19n, d: 250n });
    expect(percentual('1.65')).toEqual({ n: 33n, d: 2000n });
    expect(percentual('0.05')).toEqual({ n: 1n, d: 2000n });
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; here it is exactly 0.3%.
    expect(somar(percentual('0.1'), percentual('0.2'))).toEqual(percentual('0.3'));
    // 8.8% - 0.1 p.p. = 8.7% exactly (the 2027 CBS).
    expect(subtrair(percentual('8.8'), percentual('0.1'))).toEqual(percentual('8.7'));
    // 18% x 9/10 = 16.2% (the 2029 ICMS step-down).
    expect(multiplicar(percentual('18'), fracao(9n, 10n))).toEqual(percentual('16.2'));
    expect(comparar(percentual('5'), percentual('4.99'))).toBe(1);
    expect(comparar(percentual('5'), fracao(1n, 20n))).toBe(0);
  });

  it('fracao - a table percentage written badly is a defect and throws at load', () => {
    expect(() => percentual('7,6')).toThrow(RangeError);
    expect(() => fracao(1n, 0n)).toThrow(RangeError);
  });

  it('rounding - half a centavo rounds up, less than half rounds down', () => {
    // 1 centavo x 1/2 = 0.5 -> 1; 3 x 1/2 = 1.5 -> 2; 5 x 1/10 = 0.5 -> 1; 4 x 1/10 = 0.4 -> 0; 0.49999 -> 0.
    expect(aplicar(1, fracao(1n, 2n))).toBe(1);
    expect(aplicar(3, fracao(1n, 2n))).toBe(2);
    expect(aplicar(5, fracao(1n, 10n))).toBe(1);
    expect(aplicar(4, fracao(1n, 10n))).toBe(0);
    expect(aplicar(49_999, fracao(1n, 100_000n))).toBe(0);
    // R$ 10.00 x PIS 0.65% = 6.5 centavos -> R$ 0.07; R$ 9.99 x 0.65% = 6.4935 -> R$ 0.06.
    expect(aplicar(1000, percentual('0.65'))).toBe(7);
    expect(aplicar(999, percentual('0.65'))).toBe(6);
    // R$ 0.50 x 1% = 0.5 centavo -> 1 centavo; R$ 0.49 x 1% -> 0.
    expect(aplicar(50, percentual('1'))).toBe(1);
    expect(aplicar(49, percentual('1'))).toBe(0);
  });

  it('rounding - negatives round half away from zero, mirroring the positive figure', () => {
    expect(aplicar(-1, fracao(1n, 2n))).toBe(-1);
    expect(aplicar(-3, fracao(1n, 2n))).toBe(-2);
    expect(aplicar(-4, fracao(1n, 10n))).toBe(0);
    expect(arredondar(fracao(-7n, 2n))).toBe(-4);
    expect(arredondar(fracao(7n, 2n))).toBe(4);
  });

  it('rounding - the largest accepted value keeps every centavo (R$ 1 trillion x 7.6%)', () => {
    expect(aplicar(100_000_000_000_000, percentual('7.6'))).toBe(7_600_000_000_000);
    // 99,999,999,999,999 x 13/2000 = 649,999,999,999.9935 centavos -> 650,000,000,000.
    expect(aplicar(99_999_999_999_999, percentual('0.65'))).toBe(650_000_000_000);
  });

  it('display - a rate shown as a percentage number with at most 6 decimals', () => {
    expect(emPercentual(percentual('0.65'))).toBe(0.65);
    expect(emPercentual(percentual('7.6'))).toBe(7.6);
    expect(emPercentual(fracao(101n, 1250n))).toBe(8.08);
    // 1/3 = 33.333333...% shown rounded to 33.333333.
    expect(emPercentual(fracao(1n, 3n))).toBe(33.333333);
  });
});

describe('decimal - input numbers read by their decimal text', () => {
  it('decimal - reais with up to 2 decimals become exact centavos', () => {
    expect(escalarExato(123.45, 2)).toBe(12345n);
    expect(escalarExato(100, 2)).toBe(10000n);
    expect(escalarExato(0.1, 2)).toBe(10n);
    expect(escalarExato(1.5e3, 2)).toBe(150000n);
    expect(escalarExato(-2.5, 2)).toBe(-250n);
    expect(escalarExato(1e21, 2)).toBe(10n ** 23n);
    expect(escalarExato(19.99, 2)).toBe(1999n);
  });

  it('decimal - more decimals than allowed, or not finite, is null (never silently rounded)', () => {
    expect(escalarExato(1.005, 2)).toBeNull();
    expect(escalarExato(0.1 + 0.2, 2)).toBeNull();
    expect(escalarExato(1e-7, 2)).toBeNull();
    expect(escalarExato(1e-7, 7)).toBe(1n);
    expect(escalarExato(Number.NaN, 2)).toBeNull();
    expect(escalarExato(Number.POSITIVE_INFINITY, 2)).toBeNull();
    expect(escalarExato(2.0001, 4)).toBe(20001n);
    expect(escalarExato(2.00001, 4)).toBeNull();
  });
});
