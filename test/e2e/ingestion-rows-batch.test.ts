import { IngestionEntities } from '@erp/contracts';
import { rest } from '../support/env';
import { byKey, integration } from './ingestion-rows-helpers';

/**
 * The row rules across a batch and across batches (issue 3), through the gateway with a real token: the same key
 * twice in one batch, identical batches at once, hostile keys, wrong types, Brazilian numbers, discovery's examples.
 */
describe('ingestion rows - issue 3 row rules', () => {
  it('ingestion rows - the same key twice in one UPSERT batch: the later row updates the earlier, aviso names its linha', async () => {
    const api = await integration('UPSERT');
    const dados = await api.send('incidente_seguranca', [
      { codigo: 'S-1', tipo: 'Integridade', titulo: 'antes' },
      { codigo: 'S-2', tipo: 'Integridade' },
      { codigo: 'S-1', tipo: 'Integridade', titulo: 'depois' },
    ]);
    expect(dados.resultados.map((r) => r.status)).toEqual(['OK', 'OK', 'OK']);
    expect(dados.resultados[2].id).toBe(dados.resultados[0].id);
    expect(dados.resultados[2].aviso).toContain('linha 1');
    expect(dados.resultados[2].acao).toBe('ATUALIZADO');
    const stored = byKey(await api.stored('incidente_seguranca'));
    expect(Object.keys(stored).sort()).toEqual(['S-1', 'S-2']);
    expect(stored['S-1'].valores.titulo).toBe('depois');
  });

  it('ingestion rows - the same key twice in one INSERT batch: the later row is a duplicate naming the earlier linha', async () => {
    const api = await integration('INSERT');
    const dados = await api.send('incidente_seguranca', [
      { codigo: 'S-1', tipo: 'Integridade', titulo: 'primeiro' },
      { codigo: 'S-1', tipo: 'Integridade', titulo: 'segundo' },
    ]);
    expect(dados.resultados[0]).toMatchObject({ status: 'OK', acao: 'CRIADO' });
    expect(dados.resultados[1]).toMatchObject({ status: 'OK', acao: 'DUPLICADO', duplicado: true, id: dados.resultados[0].id });
    expect(dados.resultados[1].aviso).toContain('linha 1');
    expect(dados).toMatchObject({ gravadas: 1, duplicadas: 1, recusadas: 0 });
    const stored = await api.stored('incidente_seguranca');
    expect(stored).toHaveLength(1);
    expect(stored[0].valores.titulo).toBe('primeiro');
  });

  it('ingestion rows - concurrent identical UPSERT batches still yield one record per key', async () => {
    const api = await integration('UPSERT');
    const linhas = Array.from({ length: 30 }, (_, i) => ({ codigo: `C-${i}`, tipo: 'Disponibilidade', titulo: `linha ${i}` }));
    const results = await Promise.all([1, 2, 3].map(() => api.send('incidente_seguranca', linhas)));
    const stored = await api.stored('incidente_seguranca');
    expect(stored).toHaveLength(30);
    for (let i = 0; i < 30; i += 1) {
      const ids = new Set(results.map((r) => r.resultados[i].id));
      expect(ids.size).toBe(1);
      expect(byKey(stored)[`C-${i}`].id).toBe([...ids][0]);
    }
  });

  it('ingestion rows - concurrent identical INSERT batches still yield one record per key', async () => {
    const api = await integration('INSERT');
    const linhas = Array.from({ length: 20 }, (_, i) => ({ codigo: `C-${i}`, tipo: 'Disponibilidade' }));
    const results = await Promise.all([1, 2, 3].map(() => api.send('incidente_seguranca', linhas)));
    expect(await api.stored('incidente_seguranca')).toHaveLength(20);
    expect(results.reduce((sum, r) => sum + r.gravadas, 0)).toBe(20);
    expect(results.reduce((sum, r) => sum + r.duplicadas, 0)).toBe(40);
  });

  it('ingestion rows - __proto__, constructor, $where and dotted keys never reach storage', async () => {
    const api = await integration();
    const body =
      '{"linhas":[{"codigo":"H-1","tipo":"Integridade","__proto__":{"titulo":"via proto","polluted":true},' +
      '"constructor":{"prototype":{"polluted":true}},"$where":"sleep(1000)","a.b":"x","$set":{"codigo":"Z"}}]}';
    const response = await rest('POST', '/api/ingestao-pub/incidente_seguranca', { bearer: api.token, body });
    expect(response.status).toBe(200);
    expect(response.body.dados.resultados[0]).toMatchObject({ status: 'OK', acao: 'CRIADO' });
    const [record] = await api.stored('incidente_seguranca');
    expect(record.valores).toEqual({ codigo: 'H-1', tipo: 'Integridade' });
  });

  it('ingestion rows - a value of the wrong type refuses the row, never the batch or the process', async () => {
    const api = await integration();
    const dados = await api.send('incidente_seguranca', [
      { codigo: { $gt: '' }, tipo: 'Integridade' },
      { codigo: 'T-2', tipo: ['Integridade'], titulo: { texto: 'x' } },
      { codigo: 'T-3', tipo: 'Integridade' },
    ]);
    expect(dados.resultados.map((r) => r.status)).toEqual(['ERRO', 'ERRO', 'OK']);
    expect(dados.resultados[0].erros).toEqual(['codigo: esperado texto, recebido objeto.']);
    expect(dados.resultados[1].erros).toHaveLength(2);
    expect((await rest('GET', '/api/ingestao-pub/entidades', { bearer: api.token })).status).toBe(200);
  });

  it('ingestion rows - numbers in JSON, 1234.56 and Brazilian 1.234,56 are stored as numbers', async () => {
    const api = await integration();
    const dados = await api.send('consumo_energia', [
      { codigo: 'M-1', unidade: 'Fábrica', competencia: '03/2026', consumoKwh: 1234.56 },
      { codigo: 'M-2', unidade: 'Fábrica', competencia: '03/2026', consumoKwh: '1234.56' },
      { codigo: 'M-3', unidade: 'Fábrica', competencia: '03/2026', consumoKwh: '1.234,56', custo: '987,6' },
      { codigo: 'M-4', unidade: 'Fábrica', competencia: '03/2026', consumoKwh: '-5' },
    ]);
    expect(dados.resultados.map((r) => r.status)).toEqual(['OK', 'OK', 'OK', 'ERRO']);
    const stored = byKey(await api.stored('consumo_energia'));
    for (const key of ['M-1', 'M-2', 'M-3']) expect(stored[key].valores.consumoKwh).toBe(1234.56);
    expect(stored['M-3'].valores.custo).toBe(987.6);
  });

  it('ingestion rows - every exemplo of discovery is accepted as a row', async () => {
    const api = await integration();
    const discovery = await rest('GET', '/api/ingestao-pub/entidades', { bearer: api.token });
    expect(discovery.status).toBe(200);
    const entidades = discovery.body.dados.entidades as { entidade: string; campos: { campo: string; exemplo: string }[] }[];
    expect(entidades.map((e) => e.entidade).sort()).toEqual([...IngestionEntities].sort());
    for (const entidade of entidades) {
      const row = Object.fromEntries(entidade.campos.map((c) => [c.campo, c.exemplo]));
      const dados = await api.send(entidade.entidade, [row], { preview: true });
      expect(dados.resultados[0].status).toBe('OK');
    }
  });
});
