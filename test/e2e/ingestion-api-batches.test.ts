import { graphql, sessionFor } from '../support/env';
import { newAdmin } from './token-helpers';
import { history, incidente, newIntegration, records } from './ingestion-api-helpers';

const ADICIONAR_USUARIO = 'mutation ($email: String!, $nome: String!) { adicionarUsuarioEmpresa(email: $email, nome: $nome) { id } }';

describe('ingestion api - UPSERT', () => {
  it('ingestion api - UPSERT creates, resending changes nothing (INALTERADO, same ids), a change updates the same record', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    const linhas = [incidente('UP-1'), incidente('UP-2')];
    const first = await ing.post('incidente_seguranca', { linhas });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ sucesso: true, dados: { entidade: 'incidente_seguranca', modo: 'UPSERT', preview: false, totalLinhas: 2, gravadas: 2, recusadas: 0, duplicadas: 0 } });
    expect(first.body.mensagem).toMatch(/2 gravada/);
    expect(typeof first.body.dados.loteId).toBe('string');
    const ids = first.body.dados.resultados.map((r: any) => r.id);
    expect(first.body.dados.resultados.map((r: any) => [r.linha, r.status, r.acao, r.duplicado])).toEqual([
      [1, 'OK', 'CRIADO', false],
      [2, 'OK', 'CRIADO', false],
    ]);

    const again = await ing.post('incidente_seguranca', { linhas });
    expect(again.body.dados.resultados.map((r: any) => [r.id, r.acao])).toEqual([[ids[0], 'INALTERADO'], [ids[1], 'INALTERADO']]);
    expect(again.body.dados.gravadas).toBe(2);

    const changed = await ing.post('incidente_seguranca', { linhas: [incidente('UP-1', { titulo: 'Novo título' })] });
    expect(changed.body.dados.resultados[0]).toMatchObject({ id: ids[0], acao: 'ATUALIZADO', status: 'OK' });
    const stored = await records(ing.admin, 'incidente_seguranca');
    expect(stored).toHaveLength(2);
    expect(stored.find((r) => r.chave === 'UP-1')!.valores.titulo).toBe('Novo título');
  });

  it('ingestion api - the same key twice in one UPSERT batch: the later row updates the earlier, aviso names its linha', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    const reply = await ing.post('incidente_seguranca', {
      linhas: [incidente('DUP-1', { titulo: 'primeiro' }), incidente('OUTRO'), incidente('DUP-1', { titulo: 'segundo' })],
    });
    const [a, , c] = reply.body.dados.resultados;
    expect(a).toMatchObject({ acao: 'CRIADO' });
    expect(c).toMatchObject({ status: 'OK', id: a.id, acao: 'ATUALIZADO' });
    expect(c.aviso).toMatch(/linha 1/);
    const stored = await records(ing.admin, 'incidente_seguranca');
    expect(stored.filter((r) => r.chave === 'DUP-1').map((r) => r.valores.titulo)).toEqual(['segundo']);
  });

  it('ingestion api - a refused row does not discard the others; counts add up', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    const reply = await ing.post('incidente_seguranca', { linhas: [incidente('OK-1'), { codigo: 'BAD', tipo: 'Ransomware' }, incidente('OK-2')] });
    expect(reply.body.dados).toMatchObject({ totalLinhas: 3, gravadas: 2, recusadas: 1, duplicadas: 0 });
    const bad = reply.body.dados.resultados[1];
    expect(bad.status).toBe('ERRO');
    expect(bad.id).toBeUndefined();
    expect(bad.erros.join(' ')).toMatch(/Confidencialidade/);
    expect(reply.body.mensagem).toMatch(/1 recusada/);
  });
});

describe('ingestion api - INSERT', () => {
  it('ingestion api - INSERT reports a resent row as a duplicate with the existing id, not stored and not an error', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'], modo: 'INSERT' });
    const first = await ing.post('incidente_seguranca', { linhas: [incidente('INS-1')] });
    expect(first.body.dados).toMatchObject({ modo: 'INSERT', gravadas: 1, duplicadas: 0 });
    const id = first.body.dados.resultados[0].id;

    const again = await ing.post('incidente_seguranca', { linhas: [incidente('INS-1', { titulo: 'mudou' }), incidente('INS-2'), incidente('INS-2')] });
    const d = again.body.dados;
    expect(d).toMatchObject({ totalLinhas: 3, gravadas: 1, recusadas: 0, duplicadas: 2 });
    expect(d.totalLinhas).toBe(d.gravadas + d.recusadas + d.duplicadas);
    expect(d.resultados[0]).toMatchObject({ linha: 1, status: 'OK', id, duplicado: true, acao: 'DUPLICADO' });
    expect(d.resultados[0].aviso).toMatch(/INS-1/);
    expect(d.resultados[1]).toMatchObject({ status: 'OK', acao: 'CRIADO', duplicado: false });
    expect(d.resultados[2]).toMatchObject({ status: 'OK', acao: 'DUPLICADO', duplicado: true, id: d.resultados[1].id });
    expect(d.resultados[2].aviso).toMatch(/linha 2/);
    expect(again.body.mensagem).toMatch(/2 duplicada/);

    const stored = await records(ing.admin, 'incidente_seguranca');
    expect(stored.map((r) => r.chave).sort()).toEqual(['INS-1', 'INS-2']);
    expect(stored.find((r) => r.chave === 'INS-1')!.valores.titulo).toBe('Incidente INS-1');
  });
});

describe('ingestion api - preview', () => {
  it('ingestion api - preview runs the same checks, says what would happen and stores nothing, not even history', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    const reply = await ing.preview('incidente_seguranca', { linhas: [incidente('PV-1'), { codigo: 'PV-2' }, incidente('PV-1')] });
    expect(reply.status).toBe(200);
    expect(reply.body.dados).toMatchObject({ preview: true, totalLinhas: 3, gravadas: 2, recusadas: 1 });
    expect(reply.body.dados.resultados[0]).toMatchObject({ status: 'OK', acao: 'CRIADO' });
    expect(reply.body.dados.resultados[1].status).toBe('ERRO');
    expect(reply.body.dados.resultados[2].aviso).toMatch(/linha 1/);
    expect(reply.body.mensagem).toMatch(/nada foi gravado/);
    expect(await records(ing.admin, 'incidente_seguranca')).toEqual([]);
    expect((await history(ing.admin)).data.historicoImportacoes.itens).toEqual([]);

    await ing.post('incidente_seguranca', { linhas: [incidente('PV-1')] });
    const after = await ing.preview('incidente_seguranca', { linhas: [incidente('PV-1'), incidente('PV-1', { titulo: 'outro' })] });
    expect(after.body.dados.resultados.map((r: any) => r.acao)).toEqual(['INALTERADO', 'ATUALIZADO']);
  });
});

describe('ingestion api - references and people', () => {
  it('ingestion api - ativoAfetado without a company asset gives an aviso and no link; with the asset the record is linked', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca', 'ativo_informacao'] });
    const missing = await ing.post('incidente_seguranca', { linhas: [incidente('REF-1', { ativoAfetado: 'ATV-9' })] });
    expect(missing.body.dados.resultados[0]).toMatchObject({ status: 'OK', acao: 'CRIADO' });
    expect(missing.body.dados.resultados[0].aviso).toMatch(/ATV-9/);

    const ativos = await ing.post('ativo_informacao', { linhas: [{ codigo: 'ATV-9', nome: 'Servidor de arquivos' }] });
    expect(ativos.body.dados.gravadas).toBe(1);
    const linked = await ing.post('incidente_seguranca', { linhas: [incidente('REF-1', { ativoAfetado: 'ATV-9' })] });
    expect(linked.body.dados.resultados[0].aviso ?? '').not.toMatch(/ATV-9/);
    expect(linked.body.dados.resultados[0].acao).toBe('ATUALIZADO');
    const [record] = await records(ing.admin, 'incidente_seguranca');
    expect(record.vinculos).toEqual({ ativoAfetado: ativos.body.dados.resultados[0].id });
  });

  it('ingestion api - an asset of another company is not linked', async () => {
    const other = await newIntegration({ entidades: ['ativo_informacao'] });
    await other.post('ativo_informacao', { linhas: [{ codigo: 'ATV-X', nome: 'Alheio' }] });
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    const reply = await ing.post('incidente_seguranca', { linhas: [incidente('REF-2', { ativoAfetado: 'ATV-X' })] });
    expect(reply.body.dados.resultados[0].aviso).toMatch(/ATV-X/);
  });

  it('ingestion api - a responsible person who is not a company user gives an aviso; a user does not', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    expect((await ing.admin.run(ADICIONAR_USUARIO, { email: 'ana@empresa.com.br', nome: 'Ana' })).errors).toBeUndefined();
    const reply = await ing.post('incidente_seguranca', {
      linhas: [incidente('RESP-1', { responsavel: 'Ana@Empresa.com.br' }), incidente('RESP-2', { responsavel: 'ze@fora.com' })],
    });
    const [a, b] = reply.body.dados.resultados;
    expect(a.status).toBe('OK');
    expect(a.aviso ?? '').not.toMatch(/usuário/);
    expect(b.status).toBe('OK');
    expect(b.aviso).toMatch(/ze@fora\.com.*não é usuário/);
  });
});

describe('ingestion api - isolation and concurrency', () => {
  it('ingestion api - two companies with the same codigo get separate records; each sees only its own', async () => {
    const a = await newIntegration({ entidades: ['incidente_seguranca'], label: 'iso-a' });
    const b = await newIntegration({ entidades: ['incidente_seguranca'], label: 'iso-b' });
    const ra = await a.post('incidente_seguranca', { linhas: [incidente('MESMO', { titulo: 'da A' })] });
    const rb = await b.post('incidente_seguranca', { linhas: [incidente('MESMO', { titulo: 'da B' })] });
    expect(ra.body.dados.resultados[0].acao).toBe('CRIADO');
    expect(rb.body.dados.resultados[0].acao).toBe('CRIADO');
    expect(ra.body.dados.resultados[0].id).not.toBe(rb.body.dados.resultados[0].id);
    expect((await records(a.admin, 'incidente_seguranca')).map((r) => r.valores.titulo)).toEqual(['da A']);
    expect((await records(b.admin, 'incidente_seguranca')).map((r) => r.valores.titulo)).toEqual(['da B']);
    expect((await history(b.admin)).data.historicoImportacoes.itens).toHaveLength(1);
  });

  it('ingestion api - concurrent identical UPSERT batches yield one record per key and report the same ids', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    const linhas = Array.from({ length: 20 }, (_, i) => incidente(`CC-${i}`));
    const replies = await Promise.all([1, 2, 3].map(() => ing.post('incidente_seguranca', { linhas })));
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(reply.body.dados).toMatchObject({ gravadas: 20, recusadas: 0 });
    }
    const stored = await records(ing.admin, 'incidente_seguranca');
    expect(stored).toHaveLength(20);
    const idOf = new Map(stored.map((r) => [r.chave, r.id]));
    for (const reply of replies) {
      for (const row of reply.body.dados.resultados) expect(row.id).toBe(idOf.get(`CC-${row.linha - 1}`));
    }
    const created = replies.flatMap((r) => r.body.dados.resultados.filter((row: any) => row.acao === 'CRIADO'));
    expect(created).toHaveLength(20);
  });

  it('ingestion api - concurrent identical INSERT batches store each key once; the others are duplicates', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'], modo: 'INSERT' });
    const linhas = Array.from({ length: 20 }, (_, i) => incidente(`CI-${i}`));
    const replies = await Promise.all([1, 2, 3].map(() => ing.post('incidente_seguranca', { linhas })));
    expect(replies.reduce((sum, r) => sum + r.body.dados.gravadas, 0)).toBe(20);
    expect(replies.reduce((sum, r) => sum + r.body.dados.duplicadas, 0)).toBe(40);
    const stored = await records(ing.admin, 'incidente_seguranca');
    expect(stored).toHaveLength(20);
    const idOf = new Map(stored.map((r) => [r.chave, r.id]));
    for (const reply of replies) {
      for (const row of reply.body.dados.resultados) expect(row.id).toBe(idOf.get(`CI-${row.linha - 1}`));
    }
  });
});

describe('ingestion api - import history (GraphQL)', () => {
  it('ingestion api - every stored batch is recorded with origin, prefix, mode and counts, newest first, paged', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca', 'ativo_informacao'] });
    const lotes: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const reply = await ing.post('incidente_seguranca', { linhas: [incidente(`H-${i}`), { codigo: `H-BAD-${i}`, senha: 's3cr3t', tipo: 'x' }] });
      lotes.push(reply.body.dados.loteId);
    }
    const ativo = await ing.post('ativo_informacao', { linhas: [{ codigo: 'A-1', nome: 'Ativo' }] });
    lotes.push(ativo.body.dados.loteId);

    const all = await history(ing.admin);
    expect(all.errors).toBeUndefined();
    const itens = all.data.historicoImportacoes.itens;
    expect(itens.map((l: any) => l.loteId)).toEqual([...lotes].reverse());
    expect(itens[1]).toMatchObject({
      entidade: 'incidente_seguranca',
      origem: ing.tokenIngestao.nome,
      prefixoToken: ing.tokenIngestao.prefixo,
      modo: 'UPSERT',
      totalLinhas: 2,
      gravadas: 1,
      recusadas: 1,
      duplicadas: 0,
    });
    expect(Number.isNaN(Date.parse(itens[1].recebidoEm))).toBe(false);
    expect(all.data.historicoImportacoes.proximo).toBeNull();

    const refused = itens[1].linhasRecusadas;
    expect(refused).toHaveLength(1);
    expect(refused[0].linha).toBe(2);
    expect(JSON.parse(refused[0].valores)).toEqual({ codigo: 'H-BAD-2', senha: '[removido]', tipo: 'x' });
    expect(refused[0].erros.length).toBeGreaterThan(0);

    const page1 = await history(ing.admin, { entidade: 'incidente_seguranca', primeiros: 2 });
    expect(page1.data.historicoImportacoes.itens.map((l: any) => l.loteId)).toEqual([lotes[2], lotes[1]]);
    const page2 = await history(ing.admin, { entidade: 'incidente_seguranca', primeiros: 2, depois: page1.data.historicoImportacoes.proximo });
    expect(page2.data.historicoImportacoes.itens.map((l: any) => l.loteId)).toEqual([lotes[0]]);
    expect(page2.data.historicoImportacoes.proximo).toBeNull();
  });

  it('ingestion api - history refuses bad cursors, out-of-range page sizes, unknown entities, non-admins and other companies', async () => {
    const ing = await newIntegration({ entidades: ['incidente_seguranca'] });
    await ing.post('incidente_seguranca', { linhas: [incidente('G-1')] });
    const code = (r: any) => r.errors?.[0]?.extensions?.code;
    expect(code(await history(ing.admin, { depois: 'nao-e-cursor' }))).toBe('CURSOR_INVALIDO');
    expect(code(await history(ing.admin, { depois: Buffer.from('{"k":"lote","t":"x"}').toString('base64url') }))).toBe('CURSOR_INVALIDO');
    expect(code(await history(ing.admin, { primeiros: 0 }))).toBe('PRIMEIROS_INVALIDO');
    // A light selection: with every field and the refused rows, a page of 201 (priced as 200) is over the cost limit first.
    expect(code(await graphql('{ historicoImportacoes(primeiros: 201) { itens { loteId } } }', {}, ing.admin.session))).toBe('PRIMEIROS_INVALIDO');
    expect(code(await history(ing.admin, { entidade: 'fornecedor' }))).toBe('ENTIDADE_DESCONHECIDA');
    const user = await sessionFor(ing.admin.companyId, 'user');
    expect(code(await graphql('{ historicoImportacoes { itens { loteId } } }', {}, user))).toBe('FORBIDDEN');
    expect(code(await graphql('{ historicoImportacoes { itens { loteId } } }'))).toBe('UNAUTHENTICATED');
    const stranger = await newAdmin('hist-outra');
    expect((await history(stranger)).data.historicoImportacoes.itens).toEqual([]);
    expect(await records(stranger, 'incidente_seguranca')).toEqual([]);
  });
});
