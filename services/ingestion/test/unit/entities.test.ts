import { IngestionEntities } from '@erp/contracts';
import { describeEntity, entityDefinitions, findEntity, validateRow } from '../../src/domain';
import { accepted, minimalRow } from './helpers';

describe('ingestion entities', () => {
  it('entities - exactly the entities of the contracts, in the same order', () => {
    expect(entityDefinitions.map((def) => def.entidade)).toEqual([...IngestionEntities]);
  });

  it('entities - findEntity finds each by name and nothing else', () => {
    for (const name of IngestionEntities) expect(findEntity(name)?.entidade).toBe(name);
    expect(findEntity('nao_existe')).toBeUndefined();
    expect(findEntity('__proto__')).toBeUndefined();
    expect(findEntity('constructor')).toBeUndefined();
  });

  it('entities - each has one required text key field named codigo', () => {
    for (const def of entityDefinitions) {
      expect(def.chave).toBe('codigo');
      const key = def.campos.find((f) => f.campo === def.chave);
      expect(key).toMatchObject({ obrigatorio: true, tipo: 'texto' });
    }
  });

  it('entities - field names are unique, safe and never the name of an Object.prototype member', () => {
    for (const def of entityDefinitions) {
      const names = def.campos.map((f) => f.campo);
      expect(new Set(names).size).toBe(names.length);
      for (const name of names) {
        expect(name).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
        expect(name in Object.prototype).toBe(false);
      }
    }
  });

  it('entities - incidente_seguranca keeps every field the spec names', () => {
    const def = findEntity('incidente_seguranca')!;
    const byName = Object.fromEntries(def.campos.map((f) => [f.campo, f]));
    for (const name of ['codigo', 'titulo', 'descricao', 'tipo', 'severidade', 'dataDeteccao', 'status', 'ativoAfetado', 'dadosPessoaisEnvolvidos', 'rootCause', 'responsavel']) {
      expect(byName[name]).toBeDefined();
    }
    expect(byName.codigo.obrigatorio).toBe(true);
    expect(byName.tipo.obrigatorio).toBe(true);
    expect(byName.tipo.opcoes?.map((o) => o.valor)).toEqual(['Confidencialidade', 'Integridade', 'Disponibilidade']);
    expect(byName.severidade.opcoes?.map((o) => o.valor)).toEqual(['Baixa', 'Média', 'Alta', 'Crítica']);
    expect(byName.status.opcoes?.map((o) => o.valor)).toEqual(['Aberto', 'Em análise', 'Em tratamento', 'Encerrado']);
    expect(byName.dataDeteccao.tipo).toBe('data');
    expect(byName.ativoAfetado).toMatchObject({ tipo: 'referencia', referencia: 'ativo_informacao' });
    expect(byName.dadosPessoaisEnvolvidos.tipo).toBe('booleano');
    expect(byName.responsavel.tipo).toBe('usuario');
  });

  it('entities - the fields named for the other entities exist with their shapes', () => {
    const names = (entidade: string) => findEntity(entidade)!.campos.map((f) => f.campo);
    expect(names('ativo_informacao')).toEqual(expect.arrayContaining(['codigo', 'nome', 'classificacao', 'proprietario', 'criticidade']));
    expect(names('risco_corporativo')).toEqual(expect.arrayContaining(['codigo', 'titulo', 'probabilidade', 'impacto', 'responsavel']));
    expect(names('consumo_energia')).toEqual(expect.arrayContaining(['codigo', 'unidade', 'competencia', 'fonte', 'consumoKwh']));
    expect(names('emissao')).toEqual(expect.arrayContaining(['codigo', 'competencia', 'escopo', 'tco2e']));
    expect(findEntity('consumo_energia')!.campos.find((f) => f.campo === 'competencia')!.tipo).toBe('competencia');
    const classificacao = findEntity('ativo_informacao')!.campos.find((f) => f.campo === 'classificacao')!;
    expect(classificacao.opcoes?.map((o) => o.valor)).toEqual(['Pública', 'Interna', 'Confidencial', 'Restrita']);
  });

  describe('every exemplo passes validation', () => {
    for (const def of entityDefinitions) {
      for (const f of def.campos) {
        it(`entities - ${def.entidade}.${f.campo} exemplo ${JSON.stringify(f.exemplo)} is accepted and stored`, () => {
          const result = accepted(validateRow(def, minimalRow(def, { [f.campo]: f.exemplo })));
          expect(result.valores[f.campo]).toBeDefined();
          expect(result.avisos).toEqual([]);
        });
      }
      it(`entities - ${def.entidade} row of all exemplos is accepted without avisos`, () => {
        const row = Object.fromEntries(def.campos.map((f) => [f.campo, f.exemplo]));
        const result = accepted(validateRow(def, row));
        expect(Object.keys(result.valores)).toEqual(def.campos.map((f) => f.campo));
        expect(result.avisos).toEqual([]);
      });
    }
  });
});

describe('describeEntity', () => {
  it('describe - endpoint, nome and one descriptor per field, in order', () => {
    for (const def of entityDefinitions) {
      const d = describeEntity(def);
      expect(d.entidade).toBe(def.entidade);
      expect(d.nome).toBe(def.nome);
      expect(d.endpoint).toBe(`POST /api/ingestao-pub/${def.entidade}`);
      expect(d.campos.map((c) => c.campo)).toEqual(def.campos.map((f) => f.campo));
    }
  });

  it('describe - rotulo carries a trailing asterisk exactly when the field is required', () => {
    for (const def of entityDefinitions) {
      for (const c of describeEntity(def).campos) {
        expect(c.rotulo.endsWith('*')).toBe(c.obrigatorio);
        expect(c.rotulo).not.toBe(c.campo);
      }
    }
    const codigo = describeEntity(findEntity('incidente_seguranca')!).campos[0];
    expect(codigo).toMatchObject({ campo: 'codigo', rotulo: 'Código*', obrigatorio: true, tipo: 'texto', exemplo: 'INC-2026-0001' });
  });

  it('describe - descricao of an enumerated field lists every allowed value', () => {
    for (const def of entityDefinitions) {
      const descriptors = describeEntity(def).campos;
      for (const f of def.campos.filter((x) => x.tipo === 'enumeracao')) {
        const descricao = descriptors.find((c) => c.campo === f.campo)!.descricao!;
        for (const opcao of f.opcoes!) expect(descricao).toContain(opcao.valor);
      }
    }
  });

  it('describe - date and competencia fields state their accepted formats', () => {
    const campos = describeEntity(findEntity('incidente_seguranca')!).campos;
    expect(campos.find((c) => c.campo === 'dataDeteccao')!.descricao).toContain('DD/MM/AAAA');
    const energia = describeEntity(findEntity('consumo_energia')!).campos;
    expect(energia.find((c) => c.campo === 'competencia')!.descricao).toContain('MM/AAAA');
  });

  it('describe - the descriptor is plain JSON (what the discovery endpoint serialises)', () => {
    const d = describeEntity(findEntity('emissao')!);
    expect(JSON.parse(JSON.stringify(d))).toEqual(d);
  });
});
