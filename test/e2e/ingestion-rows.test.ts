import { rest } from '../support/env';
import { byKey, integration } from './ingestion-rows-helpers';

/**
 * One end-to-end test per row rule (spec 4.1 rules 1-11; the batch-level row rules are in ingestion-rows-batch.test.ts), through the gateway,
 * with a real token created through GraphQL. The stored side is read back through `registrosIngeridos`.
 */
describe('ingestion rows - spec 4.1 rules', () => {
  it('ingestion rows - rule 1: DD/MM/AAAA with optional time and ISO are accepted; 31/02/2026 is refused stating the formats', async () => {
    const api = await integration();
    const dados = await api.send('incidente_seguranca', [
      { codigo: 'D-1', tipo: 'Integridade', dataDeteccao: '15/03/2026' },
      { codigo: 'D-2', tipo: 'Integridade', dataDeteccao: '15/03/2026 14:30' },
      { codigo: 'D-3', tipo: 'Integridade', dataDeteccao: '15/03/2026 14:30:15' },
      { codigo: 'D-4', tipo: 'Integridade', dataDeteccao: '2026-03-15T14:30:00Z' },
      { codigo: 'D-5', tipo: 'Integridade', dataDeteccao: '29/02/2024' },
      { codigo: 'D-6', tipo: 'Integridade', dataDeteccao: '31/02/2026' },
      { codigo: 'D-7', tipo: 'Integridade', dataDeteccao: '2026/03/15' },
    ]);
    expect(dados.resultados.map((r) => r.status)).toEqual(['OK', 'OK', 'OK', 'OK', 'OK', 'ERRO', 'ERRO']);
    for (const refusedRow of dados.resultados.slice(5)) {
      expect(refusedRow.erros).toHaveLength(1);
      expect(refusedRow.erros![0]).toContain('dataDeteccao');
      expect(refusedRow.erros![0]).toContain('DD/MM/AAAA');
      expect(refusedRow.erros![0]).toContain('ISO 8601');
      expect(refusedRow.id).toBeUndefined();
    }
    const stored = byKey(await api.stored('incidente_seguranca'));
    expect(Object.keys(stored).sort()).toEqual(['D-1', 'D-2', 'D-3', 'D-4', 'D-5']);
    // A time without a zone is São Paulo time (UTC-3).
    expect(stored['D-1'].valores.dataDeteccao).toBe('2026-03-15T03:00:00.000Z');
    expect(stored['D-2'].valores.dataDeteccao).toBe('2026-03-15T17:30:00.000Z');
    expect(stored['D-3'].valores.dataDeteccao).toBe('2026-03-15T17:30:15.000Z');
    expect(stored['D-4'].valores.dataDeteccao).toBe('2026-03-15T14:30:00.000Z');
  });

  it('ingestion rows - rule 1: competencia MM/AAAA (and AAAA-MM) is accepted, 13/2026 refused', async () => {
    const api = await integration();
    const dados = await api.send('consumo_energia', [
      { codigo: 'E-1', unidade: 'Fábrica', competencia: '03/2026', consumoKwh: 10 },
      { codigo: 'E-2', unidade: 'Fábrica', competencia: '2026-04', consumoKwh: 10 },
      { codigo: 'E-3', unidade: 'Fábrica', competencia: '13/2026', consumoKwh: 10 },
    ]);
    expect(dados.resultados.map((r) => r.status)).toEqual(['OK', 'OK', 'ERRO']);
    expect(dados.resultados[2].erros![0]).toContain('MM/AAAA');
    const stored = byKey(await api.stored('consumo_energia'));
    expect(stored['E-2'].valores.competencia).toBe('04/2026');
  });

  it('ingestion rows - rule 2: enums in Portuguese, case/accents/synonyms accepted; an unknown value lists the options', async () => {
    const api = await integration();
    const dados = await api.send('incidente_seguranca', [
      { codigo: 'N-1', tipo: 'confidencialidade', severidade: 'CRITICA', status: 'em analise' },
      { codigo: 'N-2', tipo: 'Disponibilidade', severidade: 'alto', status: 'Resolvido' },
      { codigo: 'N-3', tipo: 'Ransomware' },
    ]);
    expect(dados.resultados.map((r) => r.status)).toEqual(['OK', 'OK', 'ERRO']);
    expect(dados.resultados[0].aviso).toBeUndefined();
    expect(dados.resultados[1].aviso).toContain('interpretado como "Encerrado"');
    expect(dados.resultados[2].erros).toEqual([
      'tipo: valor "Ransomware" não reconhecido. Valores aceitos: Confidencialidade, Integridade, Disponibilidade.',
    ]);
    const stored = byKey(await api.stored('incidente_seguranca'));
    expect(stored['N-1'].valores).toMatchObject({ tipo: 'Confidencialidade', severidade: 'Crítica', status: 'Em análise' });
    expect(stored['N-2'].valores).toMatchObject({ tipo: 'Disponibilidade', severidade: 'Alta', status: 'Encerrado' });
  });

  it('ingestion rows - rule 2: emissao escopo accepts the GHG Protocol synonyms 1/2/3', async () => {
    const api = await integration();
    const dados = await api.send('emissao', [
      { codigo: 'G-1', competencia: '03/2026', escopo: '1', tco2e: '4,075' },
      { codigo: 'G-2', competencia: '03/2026', escopo: 2, tco2e: 1.5 },
      { codigo: 'G-3', competencia: '03/2026', escopo: 'Escopo 4', tco2e: 1 },
    ]);
    expect(dados.resultados.map((r) => r.status)).toEqual(['OK', 'OK', 'ERRO']);
    expect(dados.resultados[2].erros![0]).toContain('Escopo 1, Escopo 2, Escopo 3');
    const stored = byKey(await api.stored('emissao'));
    expect(stored['G-1'].valores).toMatchObject({ escopo: 'Escopo 1', tco2e: 4.075 });
    expect(stored['G-2'].valores).toMatchObject({ escopo: 'Escopo 2', tco2e: 1.5 });
  });

  it('ingestion rows - rule 3: yes/no accepts Sim/Não/Nao/S/N, true/false and booleans', async () => {
    const api = await integration();
    const values = ['Sim', 'Não', 'Nao', 'S', 'N', 'true', 'false', true, false, 'talvez'];
    const dados = await api.send(
      'incidente_seguranca',
      values.map((value, i) => ({ codigo: `B-${i}`, tipo: 'Confidencialidade', dadosPessoaisEnvolvidos: value })),
    );
    expect(dados.resultados.map((r) => r.status)).toEqual([...Array(9).fill('OK'), 'ERRO']);
    expect(dados.resultados[9].erros![0]).toContain('Sim ou Não');
    const stored = byKey(await api.stored('incidente_seguranca'));
    expect(values.slice(0, 9).map((_, i) => stored[`B-${i}`].valores.dadosPessoaisEnvolvidos)).toEqual([true, false, false, true, false, true, false, true, false]);
  });

  it('ingestion rows - rule 4: an empty string is the same as an omitted key', async () => {
    const api = await integration();
    const dados = await api.send('incidente_seguranca', [
      { codigo: 'V-1', tipo: 'Integridade', titulo: '', severidade: '', dataDeteccao: '' },
      { codigo: '', tipo: 'Integridade' },
      { tipo: 'Integridade' },
    ]);
    expect(dados.resultados.map((r) => r.status)).toEqual(['OK', 'ERRO', 'ERRO']);
    expect(dados.resultados[1].erros).toEqual(dados.resultados[2].erros);
    expect(dados.resultados[1].erros![0]).toMatch(/^codigo: campo obrigatório/);
    const [record] = await api.stored('incidente_seguranca');
    expect(record.valores).toEqual({ codigo: 'V-1', tipo: 'Integridade' });
  });

  it('ingestion rows - rule 5: unknown keys are ignored; a label used as a key is not the field', async () => {
    const api = await integration();
    const dados = await api.send('incidente_seguranca', [
      { codigo: 'K-1', tipo: 'Integridade', vetorAtaque: 'Phishing' },
      { 'Código*': 'K-2', tipo: 'Integridade' },
      { codigo: 'K-3', tipo: 'Integridade', 'Título': 'pelo rótulo' },
    ]);
    expect(dados.resultados.map((r) => r.status)).toEqual(['OK', 'ERRO', 'OK']);
    expect(dados.resultados[0].aviso).toContain('vetorAtaque');
    expect(dados.resultados[1].erros![0]).toMatch(/^codigo: campo obrigatório/);
    expect(dados.resultados[2].aviso).toContain('"titulo"');
    const stored = byKey(await api.stored('incidente_seguranca'));
    expect(Object.keys(stored).sort()).toEqual(['K-1', 'K-3']);
    expect(stored['K-1'].valores).toEqual({ codigo: 'K-1', tipo: 'Integridade' });
    expect(stored['K-3'].valores).toEqual({ codigo: 'K-3', tipo: 'Integridade' });
  });

  it('ingestion rows - rule 6: UPSERT updates the record with the same key; resending the same window changes nothing', async () => {
    const api = await integration('UPSERT');
    const window = [
      { codigo: 'U-1', tipo: 'Integridade', titulo: 'primeiro' },
      { codigo: 'U-2', tipo: 'Disponibilidade' },
    ];
    const first = await api.send('incidente_seguranca', window);
    expect(first.resultados.map((r) => r.acao)).toEqual(['CRIADO', 'CRIADO']);
    expect(first.gravadas).toBe(2);

    const again = await api.send('incidente_seguranca', window);
    expect(again.resultados.map((r) => r.acao)).toEqual(['INALTERADO', 'INALTERADO']);
    expect(again.resultados.map((r) => r.id)).toEqual(first.resultados.map((r) => r.id));
    expect(again.duplicadas).toBe(0);

    const changed = await api.send('incidente_seguranca', [{ codigo: 'U-1', tipo: 'Integridade', titulo: 'corrigido' }]);
    expect(changed.resultados[0]).toMatchObject({ status: 'OK', acao: 'ATUALIZADO', id: first.resultados[0].id });

    const stored = await api.stored('incidente_seguranca');
    expect(stored).toHaveLength(2);
    expect(byKey(stored)['U-1']).toMatchObject({ id: first.resultados[0].id, valores: { titulo: 'corrigido' } });
  });

  it('ingestion rows - rule 7: INSERT reports a resent row as a duplicate: OK, duplicado, aviso, the existing id, not stored', async () => {
    const api = await integration('INSERT');
    const first = await api.send('ativo_informacao', [{ codigo: 'A-1', nome: 'Servidor' }]);
    expect(first.resultados[0]).toMatchObject({ status: 'OK', acao: 'CRIADO' });

    const again = await api.send('ativo_informacao', [
      { codigo: 'A-1', nome: 'Outro nome' },
      { codigo: 'A-2', nome: 'Novo' },
    ]);
    expect(again.modo).toBe('INSERT');
    expect(again.resultados[0]).toMatchObject({ status: 'OK', acao: 'DUPLICADO', duplicado: true, id: first.resultados[0].id });
    expect(again.resultados[0].aviso).toEqual(expect.any(String));
    expect(again.resultados[0].erros).toBeUndefined();
    expect(again.resultados[1]).toMatchObject({ status: 'OK', acao: 'CRIADO' });
    expect(again).toMatchObject({ totalLinhas: 2, gravadas: 1, recusadas: 0, duplicadas: 1 });

    const stored = byKey(await api.stored('ativo_informacao'));
    expect(stored['A-1'].valores.nome).toBe('Servidor');
    expect(Object.keys(stored).sort()).toEqual(['A-1', 'A-2']);
  });

  it('ingestion rows - rule 8: one refused row does not discard the others', async () => {
    const api = await integration();
    const dados = await api.send('risco_corporativo', [
      { codigo: 'R-1', titulo: 'Risco um', probabilidade: 3, impacto: '4' },
      { codigo: 'R-2', titulo: 'Risco dois', probabilidade: 9 },
      { codigo: 'R-3', titulo: 'Risco três', categoria: 'Compliance' },
    ]);
    expect(dados.resultados.map((r) => r.status)).toEqual(['OK', 'ERRO', 'OK']);
    expect(dados).toMatchObject({ gravadas: 2, recusadas: 1, duplicadas: 0 });
    expect(dados.resultados[1].erros).toEqual(['probabilidade: o valor 9 é maior que o máximo 5.']);
    expect(Object.keys(byKey(await api.stored('risco_corporativo'))).sort()).toEqual(['R-1', 'R-3']);
  });

  it('ingestion rows - rule 9: sucesso true means processed, even when every row is refused; every error of a row is listed', async () => {
    const api = await integration();
    const response = await rest('POST', '/api/ingestao-pub/incidente_seguranca', {
      bearer: api.token,
      body: { linhas: [{ tipo: 'Ransomware', dataDeteccao: '31/02/2026', dadosPessoaisEnvolvidos: 'talvez' }] },
    });
    expect(response.status).toBe(200);
    expect(response.body.sucesso).toBe(true);
    expect(response.body.mensagem).toMatch(/0 gravada.*1 recusada/);
    expect(response.body.dados).toMatchObject({ gravadas: 0, recusadas: 1, totalLinhas: 1 });
    expect(response.body.dados.resultados[0].erros.map((e: string) => e.split(':')[0])).toEqual([
      'codigo',
      'tipo',
      'dataDeteccao',
      'dadosPessoaisEnvolvidos',
    ]);
  });

  it('ingestion rows - rule 10: preview validates the same way, says preview, and stores nothing at all', async () => {
    const api = await integration();
    const linhas = [
      { codigo: 'P-1', tipo: 'Integridade', ativoAfetado: 'ATV-NAO-EXISTE' },
      { codigo: 'P-2', tipo: 'Ransomware' },
    ];
    const preview = await api.send('incidente_seguranca', linhas, { preview: true });
    expect(preview.preview).toBe(true);
    expect(preview.resultados.map((r) => r.status)).toEqual(['OK', 'ERRO']);
    expect(preview.resultados[0].aviso).toContain('ATV-NAO-EXISTE');
    expect(await api.stored('incidente_seguranca')).toEqual([]);
    const history = await api.admin.run<{ historicoImportacoes: { itens: unknown[] } }>(
      '{ historicoImportacoes { itens { loteId } proximo } }',
    );
    expect(history.data?.historicoImportacoes.itens).toEqual([]);

    const real = await api.send('incidente_seguranca', linhas);
    expect(real.preview).toBe(false);
    expect(real.resultados[0].acao).toBe('CRIADO');
    expect(real.resultados.map((r) => r.status)).toEqual(preview.resultados.map((r) => r.status));
  });

  it('ingestion rows - rule 11: ativoAfetado naming no asset of the company: stored without the link, with an aviso', async () => {
    const api = await integration();
    await api.send('ativo_informacao', [{ codigo: 'ATV-1', nome: 'Servidor de arquivos' }]);
    const dados = await api.send('incidente_seguranca', [
      { codigo: 'L-1', tipo: 'Integridade', ativoAfetado: 'ATV-1' },
      { codigo: 'L-2', tipo: 'Integridade', ativoAfetado: 'ATV-404' },
    ]);
    expect(dados.resultados.map((r) => r.status)).toEqual(['OK', 'OK']);
    expect(dados.resultados[0].aviso).toBeUndefined();
    expect(dados.resultados[1].aviso).toContain('ATV-404');
    const stored = byKey(await api.stored('incidente_seguranca'));
    expect(stored['L-1'].vinculos?.ativoAfetado).toEqual(expect.any(String));
    expect(stored['L-2'].vinculos?.ativoAfetado).toBeUndefined();
  });

  it('ingestion rows - rule 11: an asset of another company is not linked', async () => {
    const other = await integration();
    await other.send('ativo_informacao', [{ codigo: 'ATV-ALHEIO', nome: 'De outra empresa' }]);
    const api = await integration();
    const dados = await api.send('incidente_seguranca', [{ codigo: 'X-1', tipo: 'Integridade', ativoAfetado: 'ATV-ALHEIO' }]);
    expect(dados.resultados[0].aviso).toContain('ATV-ALHEIO');
  });

  it('ingestion rows - rule 11: a responsavel who is not a user of the company: stored, with an aviso', async () => {
    const api = await integration();
    const added = await api.admin.run(`mutation { adicionarUsuarioEmpresa(email: "Maria.Silva@empresa.com.br", nome: "Maria Silva") { id email } }`);
    expect(added.errors).toBeUndefined();
    const dados = await api.send('incidente_seguranca', [
      { codigo: 'P-1', tipo: 'Integridade', responsavel: 'maria.silva@empresa.com.br' },
      { codigo: 'P-2', tipo: 'Integridade', responsavel: 'estranho@fora.com' },
      { codigo: 'P-3', tipo: 'Integridade', responsavel: 'não é e-mail' },
    ]);
    expect(dados.resultados.map((r) => r.status)).toEqual(['OK', 'OK', 'ERRO']);
    expect(dados.resultados[0].aviso).toBeUndefined();
    expect(dados.resultados[1].aviso).toContain('estranho@fora.com');
    expect(dados.resultados[2].erros![0]).toContain('e-mail');
    const stored = byKey(await api.stored('incidente_seguranca'));
    expect(stored['P-2'].valores.responsavel).toBe('estranho@fora.com');
  });
});
