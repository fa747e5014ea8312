import { gzipSync } from 'node:zlib';
import { awaitFreshWindow, BASE, gzipJson, history, incidente, json, newIntegration, records } from './ingestion-api-helpers';
import { send } from '../support/env';

const INCIDENTES = `${BASE}/incidente_seguranca`;
const ENTIDADES = `${BASE}/entidades`;

describe('ingestion api - rate limit', () => {
  it('ingestion api - 60 requests per minute per token, then 429 LIMITE_REQUISICOES with Retry-After; RateLimit headers throughout', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    const other = await newIntegration({ entidades: ['incidente_seguranca'] });
    await awaitFreshWindow();
    const remaining: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const reply = await json(ing.token, 'GET', ENTIDADES);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('ratelimit-limit')).toBe('60');
      remaining.push(Number(reply.headers.get('ratelimit-remaining')));
      const reset = Number(reply.headers.get('ratelimit-reset'));
      expect(reset).toBeGreaterThanOrEqual(1);
      expect(reset).toBeLessThanOrEqual(60);
    }
    expect(remaining).toEqual(Array.from({ length: 60 }, (_, i) => 59 - i));

    for (const reply of [await json(ing.token, 'GET', ENTIDADES), await ing.post('incidente_seguranca', { linhas: [incidente('RL-1')] })]) {
      expect(reply.status).toBe(429);
      expect(reply.body).toMatchObject({ sucesso: false, codigo: 'LIMITE_REQUISICOES' });
      const retryAfter = Number(reply.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(reply.headers.get('ratelimit-remaining')).toBe('0');
    }
    // The limit is per origin: another token of the run is untouched.
    expect((await json(other.token, 'GET', ENTIDADES)).status).toBe(200);
  }, 60_000);

  it('ingestion api - RateLimit headers are on refusals too (404, 400)', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    const notFound = await json(ing.token, 'POST', `${BASE}/fornecedor`, { linhas: [{}] });
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get('ratelimit-limit')).toBe('60');
    const bad = await send('POST', INCIDENTES, { bearer: ing.token, body: '{x', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(Number(bad.headers.get('ratelimit-remaining'))).toBeLessThan(Number(notFound.headers.get('ratelimit-remaining')));
  });
});

describe('ingestion api - Idempotency-Key', () => {
  it('ingestion api - a replay with the same key returns the stored response and writes nothing again', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    const body = { linhas: [incidente('IK-1'), incidente('IK-2')] };
    const first = await ing.post('incidente_seguranca', body, { 'idempotency-key': 'lote-2026-03-15-a' });
    expect(first.status).toBe(200);
    const replay = await ing.post('incidente_seguranca', body, { 'idempotency-key': 'lote-2026-03-15-a' });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expect((await history(ing.admin)).data.historicoImportacoes.itens.map((l: any) => l.loteId)).toEqual([first.body.dados.loteId]);

    const reused = await ing.post('incidente_seguranca', { linhas: [incidente('IK-3')] }, { 'idempotency-key': 'lote-2026-03-15-a' });
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ sucesso: false, codigo: 'CHAVE_IDEMPOTENCIA_REUTILIZADA' });
    expect((await records(ing.admin, 'incidente_seguranca')).map((r) => r.chave).sort()).toEqual(['IK-1', 'IK-2']);

    // Keys belong to one token: another integration may use the same key for its own batch.
    const other = await newIntegration({ entidades: ['incidente_seguranca'] });
    const theirs = await other.post('incidente_seguranca', { linhas: [incidente('IK-9')] }, { 'idempotency-key': 'lote-2026-03-15-a' });
    expect(theirs.status).toBe(200);
    expect(theirs.body.dados.loteId).not.toBe(first.body.dados.loteId);
  });

  it('ingestion api - an invalid Idempotency-Key is refused with CHAVE_IDEMPOTENCIA_INVALIDA', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    const reply = await ing.post('incidente_seguranca', { linhas: [incidente('IK-1')] }, { 'idempotency-key': 'x'.repeat(256) });
    expect(reply.status).toBe(400);
    expect(reply.body.codigo).toBe('CHAVE_IDEMPOTENCIA_INVALIDA');
  });
});

describe('ingestion api - gzip bodies', () => {
  it('ingestion api - a gzip body (Content-Encoding: gzip) is accepted like plain JSON', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    const reply = await send('POST', INCIDENTES, {
      bearer: ing.token,
      body: gzipJson({ linhas: [incidente('GZ-1'), incidente('GZ-2')] }),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.dados.gravadas).toBe(2);
  });

  it('ingestion api - broken gzip is CORPO_INVALIDO, an unknown encoding is 415, a gzip bomb is 413 after decompression', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    const headers = { 'content-type': 'application/json', 'content-encoding': 'gzip' };
    const broken = await send('POST', INCIDENTES, { bearer: ing.token, body: Buffer.from('not gzip at all'), headers });
    expect(broken.status).toBe(400);
    expect(broken.body.codigo).toBe('CORPO_INVALIDO');

    const br = await send('POST', INCIDENTES, { bearer: ing.token, body: Buffer.from('{}'), headers: { ...headers, 'content-encoding': 'br' } });
    expect(br.status).toBe(415);
    expect(br.body.codigo).toBe('CODIFICACAO_NAO_SUPORTADA');

    // ~64 MiB of spaces inside valid JSON compresses to ~64 KiB.
    const bomb = gzipSync(Buffer.concat([Buffer.from('{"linhas":[{"codigo":"B"'), Buffer.alloc(64 * 1024 * 1024, ' '), Buffer.from('}]}')]));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const reply = await send('POST', INCIDENTES, { bearer: ing.token, body: bomb, headers });
    expect(reply.status).toBe(413);
    expect(reply.body.codigo).toBe('CORPO_GRANDE_DEMAIS');
  });
});
