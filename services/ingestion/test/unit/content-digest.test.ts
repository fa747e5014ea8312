import { contentDigest } from '../../src/app/ingest/content';
import { decideRow, type KeyState } from '../../src/app/ingest/decide-row';
import { recordIdFromHex, type StoredKey } from '../../src/store/records';

const id = '65a1b2c3d4e5f6a7b8c9d0e1';
const criadoEm = new Date('2026-01-02T03:04:05Z');

/** The look-up's answer for one key: the record `K` with this digest (none: written before digests existed). */
function storedAs(hashConteudo?: string): Map<string, StoredKey> {
  return new Map([['K', { _id: recordIdFromHex(id), chave: 'K', criadoEm, ...(hashConteudo ? { hashConteudo } : {}) }]]);
}

const row = (linha: number, content: Record<string, unknown>) => ({ linha, chave: 'K', content, avisos: [] as string[] });

describe('ingestion content digest', () => {
  it('content digest - the same content in any field order, and an absent field as a null one, give one digest', () => {
    const a = { titulo: 't', data: new Date(1_000), vinculos: { ativo: 'x', processo: 'y' } };
    const b = { vinculos: { processo: 'y', ativo: 'x' }, severidade: null, data: new Date(1_000), titulo: 't', status: undefined };
    expect(contentDigest(a)).toBe(contentDigest(b));
  });

  it('content digest - a changed, added or removed value, or one of another type, changes the digest', () => {
    const base = contentDigest({ titulo: 't', n: 1, d: new Date(5), ok: true });
    const others = [
      { titulo: 'u', n: 1, d: new Date(5), ok: true },
      { titulo: 't', n: 1, d: new Date(5), ok: true, extra: 'e' },
      { titulo: 't', n: 1, d: new Date(5) },
      { titulo: 't', n: '1', d: new Date(5), ok: true },
      { titulo: 't', n: 1, d: 5, ok: true },
      { titulo: 't', n: 1, d: new Date(6), ok: 'true' },
      { titulo: 't', n: 1, d: new Date(5), ok: true, vinculos: { ativo: 'x' } },
    ].map(contentDigest);
    expect(others).not.toContain(base);
    expect(new Set(others).size).toBe(others.length);
  });
});

describe('ingestion decide row - unchanged decided by the stored digest', () => {
  const content = { titulo: 't', severidade: 'Alta' };

  it('decide row - a record whose digest is the row content is INALTERADO, with its id', () => {
    const keys = new Map<string, KeyState>();
    const outcome = decideRow('UPSERT', keys, storedAs(contentDigest(content)), row(1, { ...content }));
    expect(outcome).toEqual({ linha: 1, status: 'OK', id, acao: 'INALTERADO', duplicado: false });
    expect(keys.get('K')).toMatchObject({ digest: contentDigest(content), stored: { criadoEm } });
  });

  it('decide row - a record stored without a digest (written before digests existed) is ATUALIZADO, even with the same values', () => {
    const outcome = decideRow('UPSERT', new Map(), storedAs(), row(1, { ...content }));
    expect(outcome).toMatchObject({ id, acao: 'ATUALIZADO' });
  });

  it('decide row - a record with another digest is ATUALIZADO; a key no record holds is CRIADO with a new id', () => {
    expect(decideRow('UPSERT', new Map(), storedAs(contentDigest({ titulo: 'antigo' })), row(1, content))).toMatchObject({ id, acao: 'ATUALIZADO' });
    const created = decideRow('UPSERT', new Map(), new Map(), row(1, content));
    expect(created).toMatchObject({ acao: 'CRIADO' });
    expect((created as { id: string }).id).not.toBe(id);
  });

  it('decide row - the same key later in the batch is compared with the earlier row, not with the store', () => {
    const keys = new Map<string, KeyState>();
    const stored = storedAs(contentDigest(content));
    const first = decideRow('UPSERT', keys, stored, row(1, { titulo: 'novo' }));
    const second = decideRow('UPSERT', keys, stored, row(2, { titulo: 'novo' }));
    const third = decideRow('UPSERT', keys, stored, row(3, { ...content }));
    expect([first.acao, second.acao, third.acao]).toEqual(['ATUALIZADO', 'INALTERADO', 'ATUALIZADO']);
    expect(third.aviso).toBe('a chave "K" repete a linha 2 deste lote; esta linha atualiza o registro dela.');
    // The key's final content is the stored one: nothing will be written for it.
    expect(keys.get('K')!.digest).toBe(keys.get('K')!.stored!.hashConteudo);
  });

  it('decide row - INSERT: a stored key is a duplicate whatever its digest', () => {
    expect(decideRow('INSERT', new Map(), storedAs(), row(1, content))).toMatchObject({ id, acao: 'DUPLICADO', duplicado: true });
  });
});
