import { UFS, cUfFromMunicipio, cUfFromSigla, ehSiglaUf, regiaoDaUf, siglaFromCUf } from '../../src';

describe('uf - units and their IBGE codes', () => {
  it('uf - lists the 26 states and the Federal District, each sigla and code once', () => {
    expect(UFS).toHaveLength(27);
    expect(new Set(UFS.map((uf) => uf.sigla)).size).toBe(27);
    expect(new Set(UFS.map((uf) => uf.codigo)).size).toBe(27);
    for (const { sigla, codigo } of UFS) {
      expect(sigla).toMatch(/^[A-Z]{2}$/);
      expect(codigo).toMatch(/^[1-5][0-9]$/);
    }
  });

  it('uf - gives the cUF of a sigla and back', () => {
    expect(cUfFromSigla('SP')).toBe('35');
    expect(cUfFromSigla('RJ')).toBe('33');
    expect(cUfFromSigla('MG')).toBe('31');
    expect(cUfFromSigla('AM')).toBe('13');
    expect(cUfFromSigla('DF')).toBe('53');
    expect(cUfFromSigla('RS')).toBe('43');
    expect(cUfFromSigla('TO')).toBe('17');
    expect(siglaFromCUf('29')).toBe('BA');
    expect(siglaFromCUf('11')).toBe('RO');
    for (const { sigla, codigo } of UFS) {
      expect(cUfFromSigla(sigla)).toBe(codigo);
      expect(siglaFromCUf(codigo)).toBe(sigla);
    }
  });

  it('uf - refuses what is no unit', () => {
    expect(cUfFromSigla('XX')).toBeNull();
    expect(cUfFromSigla('sp')).toBeNull();
    expect(cUfFromSigla('constructor')).toBeNull();
    expect(siglaFromCUf('34')).toBeNull();
    expect(siglaFromCUf('20')).toBeNull();
  });

  it('uf - gives the cUF of a municipality from its first two digits', () => {
    expect(cUfFromMunicipio('3550308')).toBe('35'); // São Paulo
    expect(cUfFromMunicipio('3304557')).toBe('33'); // Rio de Janeiro
    expect(cUfFromMunicipio('1302603')).toBe('13'); // Manaus
    expect(cUfFromMunicipio('5300108')).toBe('53'); // Brasília
    expect(cUfFromMunicipio('9900000')).toBeNull();
    expect(cUfFromMunicipio('3400001')).toBeNull();
    expect(cUfFromMunicipio('')).toBeNull();
  });

  it('uf - tells a sigla apart and gives its IBGE region', () => {
    expect(ehSiglaUf('SP')).toBe(true);
    expect(ehSiglaUf('sp')).toBe(false);
    expect(ehSiglaUf('XX')).toBe(false);
    const porRegiao = (regiao: string) => UFS.filter((uf) => regiaoDaUf(uf.sigla) === regiao).map((uf) => uf.sigla).sort();
    expect(porRegiao('N')).toEqual(['AC', 'AM', 'AP', 'PA', 'RO', 'RR', 'TO']);
    expect(porRegiao('NE')).toEqual(['AL', 'BA', 'CE', 'MA', 'PB', 'PE', 'PI', 'RN', 'SE']);
    expect(porRegiao('SE')).toEqual(['ES', 'MG', 'RJ', 'SP']);
    expect(porRegiao('S')).toEqual(['PR', 'RS', 'SC']);
    expect(porRegiao('CO')).toEqual(['DF', 'GO', 'MS', 'MT']);
  });
});
