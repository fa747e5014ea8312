import { validateRow } from '../../src/domain';
import { accepted, entity, minimalRow, refused } from './helpers';

const incidente = entity('incidente_seguranca');

describe('empty values (spec 4.1 rule 4)', () => {
  it('rows - an empty string is the same as an omitted key', () => {
    const withEmpty = accepted(validateRow(incidente, minimalRow(incidente, { titulo: '', severidade: '', dataDeteccao: '' })));
    const omitted = accepted(validateRow(incidente, minimalRow(incidente)));
    expect(withEmpty.valores).toEqual(omitted.valores);
    expect('titulo' in withEmpty.valores).toBe(false);
    expect(withEmpty.avisos).toEqual([]);
  });

  it('rows - a blank or empty required field is a missing required field', () => {
    expect(refused(validateRow(incidente, minimalRow(incidente, { codigo: '' })))).toEqual(['codigo: campo obrigatório não informado.']);
    expect(refused(validateRow(incidente, minimalRow(incidente, { codigo: '   ' })))).toEqual(['codigo: campo obrigatório não informado.']);
    expect(refused(validateRow(incidente, minimalRow(incidente, { tipo: null })))).toEqual(['tipo: campo obrigatório não informado.']);
  });
});

describe('unknown keys and labels (spec 4.1 rule 5)', () => {
  it('rows - unknown keys are ignored, never stored, and named once in the aviso', () => {
    const ok = accepted(validateRow(incidente, minimalRow(incidente, { vetor: 'Ransomware', origemSistema: 'SIEM' })));
    expect(Object.keys(ok.valores).sort()).toEqual(['codigo', 'tipo']);
    expect(ok.avisos).toEqual(['chaves desconhecidas ignoradas: "vetor", "origemSistema"']);
  });

  it('rows - a long list of unknown keys is summarised', () => {
    const extra = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`extra${i}`, i]));
    const ok = accepted(validateRow(incidente, minimalRow(incidente, extra)));
    expect(ok.avisos).toEqual(['chaves desconhecidas ignoradas: "extra0", "extra1", "extra2", "extra3", "extra4" e mais 4']);
  });

  it('rows - a label used as the key of a required field: refused for the missing field, with a hint', () => {
    const errors = refused(validateRow(incidente, { 'Código*': 'INC-1', tipo: 'Integridade' }));
    expect(errors).toEqual(['codigo: campo obrigatório não informado. A chave "Código*" não é aceita: use "codigo" (o rótulo nunca é chave).']);
    expect(refused(validateRow(incidente, { Codigo: 'INC-1', Tipo: 'Integridade' }))).toHaveLength(2);
  });

  it('rows - a label used as the key of an optional field: the value is not stored, the aviso names the right key', () => {
    const ok = accepted(validateRow(incidente, minimalRow(incidente, { 'Data de detecção': '15/03/2026' })));
    expect('dataDeteccao' in ok.valores).toBe(false);
    expect(ok.avisos).toEqual(['chave "Data de detecção" ignorada: use "dataDeteccao" (o rótulo nunca é chave)']);
  });

  it('rows - when both the field key and its label are sent, the field key wins', () => {
    const ok = accepted(validateRow(incidente, minimalRow(incidente, { titulo: 'certo', Título: 'errado' })));
    expect(ok.valores.titulo).toBe('certo');
    expect(ok.avisos).toEqual(['chaves desconhecidas ignoradas: "Título"']);
  });
});

describe('dangerous keys', () => {
  const hostile = JSON.parse(
    '{"codigo":"INC-1","tipo":"Integridade","__proto__":{"polluted":true,"titulo":"via proto"},' +
      '"constructor":{"prototype":{"polluted":true}},"prototype":{"x":1},"$where":"sleep(1000)","a.b":"x","$set":{"codigo":"Z"},"titulo.$":"x"}',
  );

  it('rows - __proto__, constructor, $where and dotted keys never reach valores', () => {
    const ok = accepted(validateRow(incidente, hostile));
    expect(Object.keys(ok.valores).sort()).toEqual(['codigo', 'tipo']);
    expect(Object.getPrototypeOf(ok.valores)).toBeNull();
    expect(ok.valores.polluted).toBeUndefined();
    expect(ok.valores.titulo).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(ok.avisos).toEqual([
      'chave "titulo.$" ignorada: use "titulo" (o rótulo nunca é chave)',
      'chaves desconhecidas ignoradas: "__proto__", "constructor", "prototype", "$where", "a.b" e mais 1',
    ]);
  });

  it('rows - valores serialises as plain JSON with only known fields', () => {
    const ok = accepted(validateRow(incidente, hostile));
    expect(JSON.parse(JSON.stringify(ok.valores))).toEqual({ codigo: 'INC-1', tipo: 'Integridade' });
  });

  it('rows - an operator object as a value is refused, not passed on', () => {
    expect(refused(validateRow(incidente, { codigo: { $gt: '' }, tipo: 'Integridade' }))).toEqual(['codigo: esperado texto, recebido objeto.']);
  });

  it('rows - a row whose prototype is null is read like any other', () => {
    const row = Object.assign(Object.create(null), { codigo: 'X', tipo: 'D' });
    expect(accepted(validateRow(incidente, row)).valores.tipo).toBe('Disponibilidade');
  });
});

describe('all errors of a row', () => {
  it('rows - every problem of the row is reported, in field order, and nothing is stored', () => {
    const errors = refused(
      validateRow(incidente, {
        tipo: 'Ransomware',
        titulo: { a: 1 },
        severidade: 'Gravíssima',
        dataDeteccao: '31/02/2026',
        dadosPessoaisEnvolvidos: 'talvez',
        responsavel: 'ninguém',
      }),
    );
    expect(errors.map((e) => e.split(':')[0])).toEqual(['codigo', 'titulo', 'tipo', 'severidade', 'dataDeteccao', 'dadosPessoaisEnvolvidos', 'responsavel']);
  });

  it('rows - a value that is not a row object is refused without throwing', () => {
    for (const value of [null, [], 'texto', 42]) {
      expect(refused(validateRow(incidente, value as unknown as Record<string, unknown>))).toEqual([
        'a linha não é um objeto JSON com os campos da entidade.',
      ]);
    }
  });

  it('rows - no input throws: odd values of every JSON type in every field', () => {
    const odd: unknown[] = [null, true, false, 0, -0, 1e308, -1e308, '', ' ', 'x'.repeat(10_000), [], [[]], {}, { a: { b: {} } }, '\u0000', '😀'];
    for (const def of [entity('incidente_seguranca'), entity('ativo_informacao'), entity('risco_corporativo'), entity('consumo_energia'), entity('emissao')]) {
      for (const f of def.campos) {
        for (const value of odd) {
          const result = validateRow(def, minimalRow(def, { [f.campo]: value }));
          expect(typeof result.ok).toBe('boolean');
        }
      }
    }
  });

  it('rows - the key is reported as chave and the other entities validate their own fields', () => {
    const energia = entity('consumo_energia');
    const ok = accepted(validateRow(energia, { codigo: 'E-1', unidade: 'Fábrica', competencia: '3/2026', consumoKwh: '1.500,5', fonte: 'Concessionária' }));
    expect(ok.chave).toBe('E-1');
    expect({ ...ok.valores }).toEqual({ codigo: 'E-1', unidade: 'Fábrica', competencia: '03/2026', consumoKwh: 1500.5, fonte: 'Rede elétrica' });
    expect(ok.avisos).toEqual(['fonte: "Concessionária" interpretado como "Rede elétrica"']);
    expect(refused(validateRow(energia, { codigo: 'E-1' }))).toEqual([
      'unidade: campo obrigatório não informado.',
      'competencia: campo obrigatório não informado.',
      'consumoKwh: campo obrigatório não informado.',
    ]);
  });
});
