import { CODIGOS_IBGE_EXCECAO, digitoIbge, problemaCodigoIbge } from '../src/domain/ibge';

describe('ibge - municipality code', () => {
  it('ibge - accepts real codes with a correct check digit', () => {
    for (const codigo of ['3550308', '4106902', '5300108', '1100015', '3304557']) expect(problemaCodigoIbge(codigo)).toBeNull();
  });

  it('ibge - refuses a wrong check digit', () => {
    expect(problemaCodigoIbge('3550309')).toBe('digito_verificador');
  });

  it('ibge - accepts the nine official exception codes, whose digit breaks the rule', () => {
    expect(CODIGOS_IBGE_EXCECAO.size).toBe(9);
    for (const codigo of CODIGOS_IBGE_EXCECAO) {
      expect(Number(codigo[6])).not.toBe(digitoIbge(codigo));
      expect(problemaCodigoIbge(codigo)).toBeNull();
    }
  });

  it('ibge - refuses another code with the same wrong-digit shape as an exception', () => {
    // 2201911 is the arithmetically correct twin of the exception 2201919; 2201918 is simply wrong
    expect(problemaCodigoIbge('2201918')).toBe('digito_verificador');
  });

  it('ibge - refuses codes that are not 7 digits or whose first two digits are no state', () => {
    expect(problemaCodigoIbge('355030')).toBe('formato');
    expect(problemaCodigoIbge('35503080')).toBe('formato');
    expect(problemaCodigoIbge('35503A8')).toBe('formato');
    expect(problemaCodigoIbge('9900000')).toBe('uf_inexistente');
    expect(problemaCodigoIbge('3400001')).toBe('uf_inexistente');
  });
});
