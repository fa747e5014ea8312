import { IngestionEntities } from '@erp/contracts';
import { ESCOPO, INATIVAR, REATIVAR, RENOVAR, REVOGAR, createToken, inSeconds, newAdmin } from './token-helpers';
import { BASE, history, incidente, json, newIntegration, records } from './ingestion-api-helpers';
import { send } from '../support/env';

const ENTIDADES = `${BASE}/entidades`;
const INCIDENTES = `${BASE}/incidente_seguranca`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function expectRefusal(reply: { status: number; body: any }, status: number, codigo: string) {
  expect({ status: reply.status, sucesso: reply.body.sucesso, codigo: reply.body.codigo }).toEqual({ status, sucesso: false, codigo });
  expect(typeof reply.body.erro).toBe('string');
  expect(reply.body.erro.length).toBeGreaterThan(0);
}

describe('ingestion api - discovery', () => {
  it('ingestion api - GET /entidades lists only the token scope, with token data, ceiling and field descriptors', async () => {
    const ing = await newIntegration({ entidades: ['ativo_informacao', 'incidente_seguranca'] });
    const reply = await json(ing.token, 'GET', ENTIDADES);
    expect(reply.status).toBe(200);
    expect(reply.body.sucesso).toBe(true);
    expect(reply.body.dados.token).toEqual({
      nome: ing.tokenIngestao.nome,
      prefixo: ing.tokenIngestao.prefixo,
      modo: 'UPSERT',
    });
    expect(reply.body.dados.token.prefixo.startsWith('ing_')).toBe(true);
    expect(reply.body.dados.maxLinhasPorRequisicao).toBe(500);
    const entidades = reply.body.dados.entidades;
    expect(entidades.map((e: any) => e.entidade).sort()).toEqual(['ativo_informacao', 'incidente_seguranca']);
    const incidenteDesc = entidades.find((e: any) => e.entidade === 'incidente_seguranca');
    expect(incidenteDesc.endpoint).toBe('POST /api/ingestao-pub/incidente_seguranca');
    expect(typeof incidenteDesc.nome).toBe('string');
    const tipo = incidenteDesc.campos.find((c: any) => c.campo === 'tipo');
    expect(tipo).toMatchObject({ obrigatorio: true });
    for (const valor of ['Confidencialidade', 'Integridade', 'Disponibilidade']) expect(tipo.descricao).toContain(valor);
    for (const campo of incidenteDesc.campos) {
      expect(Object.keys(campo).every((k) => ['campo', 'rotulo', 'obrigatorio', 'tipo', 'descricao', 'exemplo'].includes(k))).toBe(true);
      expect(typeof campo.exemplo).toBe('string');
    }
  });

  it('ingestion api - every field example of every entity is accepted by preview', async () => {
    const ing = await newIntegration({ entidades: [...IngestionEntities] });
    const { body } = await json(ing.token, 'GET', ENTIDADES);
    expect(body.dados.entidades).toHaveLength(IngestionEntities.length);
    for (const entidade of body.dados.entidades) {
      const linha = Object.fromEntries(entidade.campos.map((c: any) => [c.campo, c.exemplo]));
      const reply = await ing.preview(entidade.entidade, { linhas: [linha] });
      expect({ entidade: entidade.entidade, status: reply.body.dados.resultados[0].status }).toEqual({ entidade: entidade.entidade, status: 'OK' });
    }
  });
});

describe('ingestion api - authentication (401)', () => {
  it('ingestion api - TOKEN_AUSENTE without a Bearer header, on discovery, preview and write', async () => {
    expectRefusal(await json(undefined, 'GET', ENTIDADES), 401, 'TOKEN_AUSENTE');
    expectRefusal(await json(undefined, 'POST', `${INCIDENTES}/preview`, { linhas: [incidente('A')] }), 401, 'TOKEN_AUSENTE');
    expectRefusal(await json(undefined, 'POST', INCIDENTES, { linhas: [incidente('A')] }), 401, 'TOKEN_AUSENTE');
    expectRefusal(await send('GET', ENTIDADES, { headers: { authorization: 'Basic dXNlcjpwYXNz' } }), 401, 'TOKEN_AUSENTE');
  });

  it('ingestion api - TOKEN_INVALIDO for an unknown ing_ token and for a value that is no ingestion token', async () => {
    expectRefusal(await json(`ing_${'x'.repeat(43)}`, 'GET', ENTIDADES), 401, 'TOKEN_INVALIDO');
    expectRefusal(await json('abc.def.ghi', 'POST', INCIDENTES, { linhas: [incidente('A')] }), 401, 'TOKEN_INVALIDO');
  });

  it('ingestion api - TOKEN_REVOGADO on the very next request after a revoke (cache dropped by the changed event)', async () => {
    const ing = await newIntegration();
    expect((await json(ing.token, 'GET', ENTIDADES)).status).toBe(200);
    const revoked = await ing.admin.run(REVOGAR, { id: ing.tokenIngestao.id });
    expect(revoked.errors).toBeUndefined();
    expectRefusal(await json(ing.token, 'GET', ENTIDADES), 401, 'TOKEN_REVOGADO');
    expectRefusal(await ing.post('incidente_seguranca', { linhas: [incidente('A')] }), 401, 'TOKEN_REVOGADO');
  });

  it('ingestion api - TOKEN_INATIVO while inactive, usable again after reactivation', async () => {
    const ing = await newIntegration();
    expect((await json(ing.token, 'GET', ENTIDADES)).status).toBe(200);
    expect((await ing.admin.run(INATIVAR, { id: ing.tokenIngestao.id })).errors).toBeUndefined();
    expectRefusal(await ing.post('incidente_seguranca', { linhas: [incidente('A')] }), 401, 'TOKEN_INATIVO');
    expect((await ing.admin.run(REATIVAR, { id: ing.tokenIngestao.id })).errors).toBeUndefined();
    expect((await ing.post('incidente_seguranca', { linhas: [incidente('A')] })).status).toBe(200);
  });

  it('ingestion api - TOKEN_EXPIRADO with the expiry date in the message, usable again after renewal', async () => {
    const expiraEm = inSeconds(2);
    const ing = await newIntegration({ expiraEm });
    // Warm the cache first: expiry must be re-derived from expiraEm even for a cached identity.
    expect((await json(ing.token, 'GET', ENTIDADES)).status).toBe(200);
    await sleep(2_300);
    const reply = await json(ing.token, 'GET', ENTIDADES);
    expectRefusal(reply, 401, 'TOKEN_EXPIRADO');
    const at = new Date(expiraEm);
    const dia = `${String(at.getUTCDate()).padStart(2, '0')}/${String(at.getUTCMonth() + 1).padStart(2, '0')}/${at.getUTCFullYear()}`;
    expect(reply.body.erro).toContain(dia);
    expect(new Date(reply.body.expiraEm).getTime()).toBe(at.getTime());
    expect((await ing.admin.run(RENOVAR, { id: ing.tokenIngestao.id, expiraEm: inSeconds(3600) })).errors).toBeUndefined();
    expect((await json(ing.token, 'GET', ENTIDADES)).status).toBe(200);
  });

  it('ingestion api - TOKEN_SEM_ESCOPO for a token without entities, and working once an entity is added', async () => {
    const admin = await newAdmin('ing-escopo');
    const { token, tokenIngestao } = await createToken(admin, { entidades: [] });
    expectRefusal(await json(token, 'GET', ENTIDADES), 401, 'TOKEN_SEM_ESCOPO');
    expectRefusal(await json(token, 'POST', INCIDENTES, { linhas: [incidente('A')] }), 401, 'TOKEN_SEM_ESCOPO');
    expect((await admin.run(ESCOPO, { id: tokenIngestao.id, entidades: ['incidente_seguranca'] })).errors).toBeUndefined();
    expect((await json(token, 'POST', INCIDENTES, { linhas: [incidente('A')] })).status).toBe(200);
  });
});

describe('ingestion api - entity checks (403/404)', () => {
  it('ingestion api - ENTIDADE_FORA_DO_ESCOPO (403) names the token entities, on preview and write', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    for (const path of [`${BASE}/risco_corporativo`, `${BASE}/risco_corporativo/preview`]) {
      const reply = await json(ing.token, 'POST', path, { linhas: [{ codigo: 'R1', titulo: 'x' }] });
      expectRefusal(reply, 403, 'ENTIDADE_FORA_DO_ESCOPO');
      expect(reply.body.entidadesDoToken).toEqual(['incidente_seguranca']);
      expect(reply.body.erro).toContain('risco_corporativo');
      expect(reply.body.erro).toMatch(/fora do escopo/);
    }
  });

  it('ingestion api - ENTIDADE_DESCONHECIDA (404) lists the existing entities', async () => {
    const ing = await newIntegration();
    for (const path of [`${BASE}/fornecedor`, `${BASE}/fornecedor/preview`]) {
      const reply = await json(ing.token, 'POST', path, { linhas: [{ codigo: 'F1' }] });
      expectRefusal(reply, 404, 'ENTIDADE_DESCONHECIDA');
      expect([...reply.body.entidadesExistentes].sort()).toEqual([...IngestionEntities].sort());
    }
  });

  it('ingestion api - 401/403/404 are decided before the body is read (oversized or broken bodies do not matter)', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    const huge = `{"linhas":[${'"x",'.repeat(2_000_000)}"x"]}`; // ~8 MB, above the body limit
    expectRefusal(await send('POST', INCIDENTES, { body: huge, headers: { 'content-type': 'application/json' } }), 401, 'TOKEN_AUSENTE');
    expectRefusal(await send('POST', `${BASE}/risco_corporativo`, { bearer: ing.token, body: huge, headers: { 'content-type': 'application/json' } }), 403, 'ENTIDADE_FORA_DO_ESCOPO');
    expectRefusal(await send('POST', `${BASE}/nao_existe`, { bearer: ing.token, body: '{nem json', headers: { 'content-type': 'application/json' } }), 404, 'ENTIDADE_DESCONHECIDA');
    expectRefusal(await send('POST', `${BASE}/nao_existe`, { bearer: ing.token, body: 'a=1', headers: { 'content-type': 'text/plain' } }), 404, 'ENTIDADE_DESCONHECIDA');
  }, 120_000);
});

describe('ingestion api - bad bodies', () => {
  it('ingestion api - CORPO_INVALIDO (400) for every malformed body, never a 500', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    const bodies = ['{nem json', '[]', '"linhas"', 'null', '{}', '{"linhas":{}}', '{"linhas":"a"}', '{"linhas":[1]}', '{"linhas":[{"codigo":"A","tipo":"Integridade"},[]]}', '{"linhas":[null]}', ''];
    for (const body of bodies) {
      for (const path of [INCIDENTES, `${INCIDENTES}/preview`]) {
        const reply = await send('POST', path, { bearer: ing.token, body, headers: { 'content-type': 'application/json' } });
        expect({ body, path, status: reply.status, codigo: reply.body.codigo }).toEqual({ body, path, status: 400, codigo: 'CORPO_INVALIDO' });
      }
    }
    expect((await history(ing.admin)).data.historicoImportacoes.itens).toEqual([]);
  });

  it('ingestion api - a body that is not JSON by Content-Type is refused with 415 TIPO_CONTEUDO_INVALIDO', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    const reply = await send('POST', INCIDENTES, { bearer: ing.token, body: JSON.stringify({ linhas: [incidente('A')] }), headers: { 'content-type': 'text/plain' } });
    expectRefusal(reply, 415, 'TIPO_CONTEUDO_INVALIDO');
    const ok = await send('POST', INCIDENTES, { bearer: ing.token, body: JSON.stringify({ linhas: [incidente('A')] }), headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(ok.status).toBe(200);
  });

  it('ingestion api - LOTE_VAZIO (400) for an empty linhas', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    expectRefusal(await ing.post('incidente_seguranca', { linhas: [] }), 400, 'LOTE_VAZIO');
    expectRefusal(await ing.preview('incidente_seguranca', { linhas: [] }), 400, 'LOTE_VAZIO');
  });

  it('ingestion api - wrong value types and hostile keys refuse or ignore the row, never the process', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    const body =
      '{"linhas":[' +
      '{"codigo":{"$where":"1"},"tipo":["Integridade"]},' +
      '{"codigo":"HOST-1","tipo":"Integridade","__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"$where":"1","a.b":"c"}' +
      ']}';
    const reply = await send('POST', INCIDENTES, { bearer: ing.token, body, headers: { 'content-type': 'application/json' } });
    expect(reply.status).toBe(200);
    expect(reply.body.dados.resultados.map((r: any) => r.status)).toEqual(['ERRO', 'OK']);
    const [record] = await records(ing.admin, 'incidente_seguranca');
    expect(Object.keys(record.valores).sort()).toEqual(['codigo', 'tipo']);
  });
});

describe('ingestion api - batch ceiling', () => {
  it('ingestion api - LOTE_GRANDE_DEMAIS (413) above 500 rows, with maximo and recebidas, before any row is processed', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    const linhas = Array.from({ length: 501 }, (_, i) => (i === 0 ? { nada: true } : incidente(`C-${i}`)));
    for (const path of [INCIDENTES, `${INCIDENTES}/preview`]) {
      const reply = await json(ing.token, 'POST', path, { linhas });
      expectRefusal(reply, 413, 'LOTE_GRANDE_DEMAIS');
      expect(reply.body).toMatchObject({ maximo: 500, recebidas: 501 });
    }
    expect((await history(ing.admin)).data.historicoImportacoes.itens).toEqual([]);
    const ok = await ing.post('incidente_seguranca', { linhas: linhas.slice(1) });
    expect(ok.status).toBe(200);
    expect(ok.body.dados.gravadas).toBe(500);
  });

  it('ingestion api - CORPO_GRANDE_DEMAIS (413) for a body above 5 MiB', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    const big = JSON.stringify({ linhas: [incidente('BIG', { descricao: 'x'.repeat(5 * 1024 * 1024 + 10) })] });
    const reply = await send('POST', INCIDENTES, { bearer: ing.token, body: big, headers: { 'content-type': 'application/json' } });
    expectRefusal(reply, 413, 'CORPO_GRANDE_DEMAIS');
    expect(reply.body.maximoBytes).toBe(5 * 1024 * 1024);
  });
});
