import type { Connection } from 'mongoose';
import type { TokenIdentity } from '@erp/contracts';
import { findEntity } from '../../src/domain';
import { ingestBatch, type IngestDeps } from '../../src/app/ingest/ingest-batch';
import { createBatchStore } from '../../src/store/batches';
import { createRecordStore } from '../../src/store/records';
import { log, openDb, unique } from './support';

let dbs: Connection[];
const storesOf = new Map<Connection, IngestDeps>();
beforeAll(async () => {
  // Separate connections, like separate replicas.
  dbs = await Promise.all([openDb(), openDb(), openDb()]);
  for (const db of dbs) {
    storesOf.set(db, {
      records: await createRecordStore(db, { entidades: ['incidente_seguranca'] }),
      batches: await createBatchStore(db, { collection: 'lotes_it' }),
      directory: async () => new Set(),
      log,
      resumeWritesMs: 25_000,
    });
  }
});
afterAll(async () => {
  await dbs[0].dropDatabase();
  await Promise.all(dbs.map((db) => db.close()));
});

const def = findEntity('incidente_seguranca')!;

function deps(db: Connection): IngestDeps {
  return storesOf.get(db)!;
}

function token(modo: 'UPSERT' | 'INSERT'): TokenIdentity {
  return { id: unique('tok'), companyId: unique('empresa'), nome: 'it', prefixo: 'ing_it', modo, entidades: ['incidente_seguranca'], status: 'ATIVO', expiraEm: null };
}

const rows = (n: number, titulo: string) => Array.from({ length: n }, (_, i) => ({ codigo: `K-${i}`, tipo: 'Integridade', titulo }));

describe('ingest batch (store)', () => {
  it('ingest batch - concurrent UPSERT batches with different values: one record per key, every row reports it, last writer wins whole', async () => {
    const tok = token('UPSERT');
    const results = await Promise.all(
      dbs.map((db, i) => ingestBatch(deps(db), { def, token: tok, linhas: rows(30, `versão ${i}`), preview: false, recebidoEm: new Date() })),
    );
    const stored = await dbs[0].collection('incidente_seguranca').find({ companyId: tok.companyId }).toArray();
    expect(stored).toHaveLength(30);
    const idOf = new Map(stored.map((doc) => [doc.chave as string, String(doc._id)]));
    for (const result of results) {
      expect(result.recusadas).toBe(0);
      for (const row of result.resultados) {
        expect(row.status).toBe('OK');
        if (row.status === 'OK') expect(row.id).toBe(idOf.get(`K-${row.linha - 1}`));
      }
    }
    // Each stored record holds one batch's values entirely.
    for (const doc of stored) expect(['versão 0', 'versão 1', 'versão 2']).toContain(doc.titulo);
    const created = results.flatMap((r) => r.resultados.filter((row) => row.status === 'OK' && row.acao === 'CRIADO'));
    expect(created).toHaveLength(30);
  });

  it('ingest batch - concurrent INSERT batches: each key stored once, the losers report duplicates with the winner id', async () => {
    const tok = token('INSERT');
    const results = await Promise.all(
      dbs.map((db, i) => ingestBatch(deps(db), { def, token: tok, linhas: rows(30, `versão ${i}`), preview: false, recebidoEm: new Date() })),
    );
    const stored = await dbs[0].collection('incidente_seguranca').find({ companyId: tok.companyId }).toArray();
    expect(stored).toHaveLength(30);
    expect(results.reduce((n, r) => n + r.gravadas, 0)).toBe(30);
    expect(results.reduce((n, r) => n + r.duplicadas, 0)).toBe(60);
    const idOf = new Map(stored.map((doc) => [doc.chave as string, String(doc._id)]));
    for (const result of results) {
      for (const row of result.resultados) if (row.status === 'OK') expect(row.id).toBe(idOf.get(`K-${row.linha - 1}`));
    }
  });

  it('ingest batch - preview writes neither records nor history', async () => {
    const tok = token('UPSERT');
    const result = await ingestBatch(deps(dbs[0]), { def, token: tok, linhas: rows(3, 'x'), preview: true, recebidoEm: new Date() });
    expect(result).toMatchObject({ preview: true, gravadas: 3 });
    expect(await dbs[0].collection('incidente_seguranca').countDocuments({ companyId: tok.companyId })).toBe(0);
    expect(await dbs[0].collection('lotes_it').countDocuments({ companyId: tok.companyId })).toBe(0);
  });

  it('ingest batch - an update removes the fields a row leaves empty and keeps id and criadoEm', async () => {
    const tok = token('UPSERT');
    const first = await ingestBatch(deps(dbs[0]), { def, token: tok, linhas: [{ codigo: 'C', tipo: 'Integridade', titulo: 't', severidade: 'Alta' }], preview: false, recebidoEm: new Date() });
    const before = await dbs[0].collection('incidente_seguranca').findOne({ companyId: tok.companyId, chave: 'C' });
    const second = await ingestBatch(deps(dbs[0]), { def, token: tok, linhas: [{ codigo: 'C', tipo: 'Integridade', titulo: 't', severidade: '' }], preview: false, recebidoEm: new Date() });
    const after = await dbs[0].collection('incidente_seguranca').findOne({ companyId: tok.companyId, chave: 'C' });
    expect(second.resultados[0]).toMatchObject({ acao: 'ATUALIZADO', id: (first.resultados[0] as { id: string }).id });
    expect(after!.severidade).toBeUndefined();
    expect(after!.criadoEm).toEqual(before!.criadoEm);
    expect(after!.loteId).toBe(second.loteId);
  });
});
