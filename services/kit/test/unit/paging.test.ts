import { CommonErrorCodes } from '@erp/contracts';
import { decodeCursor, encodeCursor, pageOf, pageSize } from '../../src/paging';

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { codigo?: string }).codigo;
  }
  return null;
};

const isHex32 = (id: string) => /^[0-9a-f]{32}$/.test(id);

describe('paging - page size', () => {
  test('paging - 1 to 200 pass, anything else is PRIMEIROS_INVALIDO (never clamped)', () => {
    expect(pageSize(1)).toBe(1);
    expect(pageSize(200)).toBe(200);
    for (const bad of [0, 201, -1, 1.5, Number.NaN, '10', null]) expect(codeOf(() => pageSize(bad))).toBe(CommonErrorCodes.PRIMEIROS_INVALIDO);
  });
});

describe('paging - cursors', () => {
  const id = 'a'.repeat(32);
  test('paging - a cursor reads back as the position it was made of', () => {
    const em = new Date('2026-11-27T10:00:00.123Z');
    expect(decodeCursor('documento', encodeCursor('documento', { em, id }), { withInstant: true, isId: isHex32 })).toEqual({ em, id });
    expect(decodeCursor('registro', encodeCursor('registro', { id }), { withInstant: false, isId: isHex32 })).toEqual({ id });
  });

  test('paging - another list’s cursor, a hand-made one, a bad id or a missing instant is CURSOR_INVALIDO', () => {
    const em = new Date();
    const invalid = (cursor: string, withInstant = true) => codeOf(() => decodeCursor('documento', cursor, { withInstant, isId: isHex32 }));
    expect(invalid(encodeCursor('lote', { em, id }))).toBe(CommonErrorCodes.CURSOR_INVALIDO);
    expect(invalid('nao-e-cursor')).toBe(CommonErrorCodes.CURSOR_INVALIDO);
    expect(invalid('!!!')).toBe(CommonErrorCodes.CURSOR_INVALIDO);
    expect(invalid('x'.repeat(600))).toBe(CommonErrorCodes.CURSOR_INVALIDO);
    expect(invalid(encodeCursor('documento', { em, id: 'outro' }))).toBe(CommonErrorCodes.CURSOR_INVALIDO);
    expect(invalid(encodeCursor('documento', { id }))).toBe(CommonErrorCodes.CURSOR_INVALIDO);
    expect(invalid(Buffer.from('{"k":"documento","t":"x","i":"' + id + '"}').toString('base64url'))).toBe(CommonErrorCodes.CURSOR_INVALIDO);
    expect(invalid(Buffer.from('[1,2]').toString('base64url'))).toBe(CommonErrorCodes.CURSOR_INVALIDO);
  });
});

describe('paging - pages', () => {
  test('paging - limit + 1 read: the extra one only says a next page exists, and the cursor is the last shown', () => {
    const docs = [1, 2, 3].map((n) => ({ n, id: String(n) }));
    const page = pageOf(docs, 2, 'k', (d) => d.n, (d) => ({ id: d.id }));
    expect(page.itens).toEqual([1, 2]);
    expect(decodeCursor('k', page.proximo!, { withInstant: false, isId: () => true })).toEqual({ id: '2' });
    expect(pageOf(docs, 3, 'k', (d) => d.n, (d) => ({ id: d.id }))).toEqual({ itens: [1, 2, 3], proximo: null });
  });
});
