import { aammBrasilia, chaveValida, cnfValido, digitoVerificador, gerarCnf, montarChave, sorteioDaSemente } from '../../src/domain/access-key';

describe('access key', () => {
  test('access key - the DV of real keys from the research file (sums recomputed there by hand)', () => {
    // MOC CT-e 4.00 §7.3 example: weights 4329876543298765432987654329876543298765432 give 644; 644 mod 11 = 6; DV = 11 - 6 = 5.
    expect(digitoVerificador('5206043300991100250655012000000780026730161')).toBe(5);
    // NF-e SP (erpbrasil tests): sum 778 = 11 x 70 + 8, DV = 3.
    expect(chaveValida('35210320695448000184550010000035891981839923')).toBe(true);
    // NFC-e RS, series 796: sum 775, remainder 5, DV 6. CT-e ES: sum 765, remainder 6, DV 5.
    expect(chaveValida('43140201098983010680657960000005991148127446')).toBe(true);
    expect(chaveValida('32171232438772000104570010001990751153183825')).toBe(true);
    // Remainder 1 gives DV 0 (sped-nfe ComplementsTest key: sum 496 = 11 x 45 + 1).
    expect(digitoVerificador('3517035871652300011955001000000030100000030')).toBe(0);
    // A wrong DV (sped-nfe docs key: computes to 8, the document says 7).
    expect(chaveValida('35180912345678901234650010000000021000002667')).toBe(false);
  });

  test('access key - alphanumeric CNPJ: letters count as ASCII - 48 (A = 17 ... Z = 42)', () => {
    // RFB test CNPJ PC3D315K000193 (P = 32, C = 19, D = 20, K = 27): sum 869, remainder 0, DV 0.
    expect(chaveValida('522507PC3D315K000193650010000000011000000010')).toBe(true);
    // CT-e with 0X0J92JY000196: sum 1374, remainder 10, DV 1.
    expect(chaveValida('3526050X0J92JY000196570010000006041448679011')).toBe(true);
    // parseInt per character (what the Node libraries do) would read the letters as NaN/garbage: not us.
    expect(chaveValida('522507PC3D315K000193650010000000011000000011')).toBe(false);
    expect(chaveValida('52250aPC3D315K000193650010000000011000000010')).toBe(false);
  });

  test('access key - cNF: 8 digits, never the number, never the sequences SEFAZ rejects with 897', () => {
    expect(cnfValido('00000030', 30)).toBe(false);
    expect(cnfValido('11111111', 5)).toBe(false);
    expect(cnfValido('12345678', 5)).toBe(false);
    expect(cnfValido('01234567', 5)).toBe(false);
    expect(cnfValido('90123456', 5)).toBe(false);
    expect(cnfValido('1234567', 5)).toBe(false);
    expect(cnfValido('19818399', 3589)).toBe(true);
    // A generator that first draws a forbidden value, then the number itself, then a good one.
    const draws = [0.12345678, 0.00000042, 0.5];
    expect(gerarCnf(42, () => draws.shift()!)).toBe('50000000');
  });

  test('access key - built from its parts: cUF, AAMM in Brasília time, CNPJ, model, series, number, tpEmis 1, cNF, DV', () => {
    // 1 Dec 2026 01:00 UTC is still 30 Nov in Brasília (UTC-3): AAMM 2611.
    const emitidoEm = new Date('2026-12-01T01:00:00Z');
    expect(aammBrasilia(emitidoEm)).toBe('2611');
    const chave = montarChave({ cUF: '35', emitidoEm, cnpj: '20695448000184', modelo: 'NFE', serie: 1, numero: 3589, cnf: '19818399' });
    expect(chave).toBe('3526112069544800018455001000003589119818399' + String(digitoVerificador('3526112069544800018455001000003589119818399')));
    expect(chave).toHaveLength(44);
    expect(chaveValida(chave)).toBe(true);
    expect(montarChave({ cUF: '43', emitidoEm, cnpj: '12ABC34501DE35', modelo: 'CTE', serie: 12, numero: 1, cnf: '50000000' }).slice(6, 25)).toBe('12ABC34501DE3557012');
  });

  test('access key - the random part drawn from a stored seed is the same for every finisher, and differs between seeds', () => {
    const sorteios = (semente: string) => Array.from({ length: 5 }, sorteioDaSemente(semente));
    expect(sorteios('a1b2')).toEqual(sorteios('a1b2'));
    expect(sorteios('a1b2')).not.toEqual(sorteios('a1b3'));
    for (const x of sorteios('c3d4')) expect(x >= 0 && x < 1).toBe(true);
    expect(gerarCnf(7, sorteioDaSemente('e5f6'))).toBe(gerarCnf(7, sorteioDaSemente('e5f6')));
  });
});
