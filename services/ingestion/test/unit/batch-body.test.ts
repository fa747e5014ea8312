import { MAX_LINHAS_POR_REQUISICAO, parseBatchBody } from '../../src/domain';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ codigo: `C-${i}` }));

describe('batch body (spec 4.1, 7, 8)', () => {
  it('body - an object with a non-empty list of objects is accepted as it is', () => {
    const linhas = rows(3);
    expect(parseBatchBody({ linhas })).toEqual({ ok: true, linhas });
    expect(parseBatchBody({ linhas: [{}] })).toEqual({ ok: true, linhas: [{}] });
  });

  it('body - not an object, or no linhas, or linhas not a list: CORPO_INVALIDO 400', () => {
    for (const body of [undefined, null, 'texto', 42, true, [], [{ codigo: 'x' }], {}, { linha: [] }, { linhas: {} }, { linhas: 'a' }, { linhas: null }]) {
      const result = parseBatchBody(body);
      expect(result).toMatchObject({ ok: false, status: 400, codigo: 'CORPO_INVALIDO' });
      expect(result.ok || result.erro.length > 10).toBe(true);
    }
  });

  it('body - linhas inherited through the prototype does not count', () => {
    const body = Object.create({ linhas: [{ codigo: 'x' }] });
    expect(parseBatchBody(body)).toMatchObject({ ok: false, codigo: 'CORPO_INVALIDO' });
  });

  it('body - an item that is not a plain object: CORPO_INVALIDO naming the linha (from 1)', () => {
    for (const item of [null, 'x', 1, true, [], [{ codigo: 'x' }], new Date()]) {
      const result = parseBatchBody({ linhas: [{ codigo: 'a' }, item] });
      expect(result).toMatchObject({ ok: false, status: 400, codigo: 'CORPO_INVALIDO' });
      expect(!result.ok && result.erro).toContain('linha 2');
    }
  });

  it('body - an empty list: LOTE_VAZIO 400', () => {
    expect(parseBatchBody({ linhas: [] })).toMatchObject({ ok: false, status: 400, codigo: 'LOTE_VAZIO' });
  });

  it('body - more rows than the ceiling: LOTE_GRANDE_DEMAIS 413 with maximo and recebidas', () => {
    expect(MAX_LINHAS_POR_REQUISICAO).toBe(500);
    expect(parseBatchBody({ linhas: rows(500) }).ok).toBe(true);
    expect(parseBatchBody({ linhas: rows(501) })).toMatchObject({
      ok: false,
      status: 413,
      codigo: 'LOTE_GRANDE_DEMAIS',
      extra: { maximo: 500, recebidas: 501 },
    });
    expect(parseBatchBody({ linhas: rows(11) }, 10)).toMatchObject({ status: 413, extra: { maximo: 10, recebidas: 11 } });
  });

  it('body - the ceiling is checked before the rows are looked at', () => {
    const linhas: unknown[] = rows(501);
    linhas[0] = 'not an object';
    expect(parseBatchBody({ linhas })).toMatchObject({ codigo: 'LOTE_GRANDE_DEMAIS' });
  });
});
