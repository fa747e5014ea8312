import { ITENS_LC116, interpretarCodigoServico } from '../../src/lc116';

describe('lc116 - service list', () => {
  it('lc116 - ships the list with items added by LC 157/2016 and without vetoed items', () => {
    expect(ITENS_LC116.length).toBeGreaterThanOrEqual(195);
    for (const item of ['01.09', '06.06', '14.14', '25.05', '17.25', '40.01']) expect(ITENS_LC116).toContain(item);
    for (const vetado of ['03.01', '07.14', '07.15', '13.01', '17.07']) expect(ITENS_LC116).not.toContain(vetado);
    for (const item of ITENS_LC116) expect(item).toMatch(/^\d{2}\.\d{2}$/);
  });

  it('lc116 - reads NN.NN and derives the national code with the first breakdown', () => {
    expect(interpretarCodigoServico('01.07')).toEqual({ item: '01.07', nacional: '010701', descricao: expect.stringMatching(/^Suporte técnico/) });
  });

  it('lc116 - reads the 6-digit national code and keeps its breakdown', () => {
    expect(interpretarCodigoServico('170102')).toMatchObject({ item: '17.01', nacional: '170102' });
  });

  it('lc116 - refuses unknown items and malformed codes', () => {
    expect(interpretarCodigoServico('03.01')).toBe('item_inexistente');
    expect(interpretarCodigoServico('99.99')).toBe('item_inexistente');
    expect(interpretarCodigoServico('990101')).toBe('item_inexistente');
    expect(interpretarCodigoServico('1.07')).toBe('formato');
    expect(interpretarCodigoServico('0107')).toBe('formato');
    expect(interpretarCodigoServico('010700')).toBe('formato');
  });
});
