import { accepted, field, refused } from './helpers';

describe('enumerations (spec 4.1 rule 2)', () => {
  it('enums - the canonical Portuguese value is stored as it is, without aviso', () => {
    const ok = accepted(field('incidente_seguranca', 'status', 'Em análise'));
    expect(ok.valores.status).toBe('Em análise');
    expect(ok.avisos).toEqual([]);
  });

  it('enums - case, accents, spaces, underscores and hyphens do not matter', () => {
    for (const value of ['em analise', 'EM ANÁLISE', 'Em_Analise', 'em-análise', '  em   análise ']) {
      const ok = accepted(field('incidente_seguranca', 'status', value));
      expect(ok.valores.status).toBe('Em análise');
      expect(ok.avisos).toEqual([]);
    }
    expect(accepted(field('incidente_seguranca', 'severidade', 'critica')).valores.severidade).toBe('Crítica');
    expect(accepted(field('ativo_informacao', 'classificacao', 'PUBLICA')).valores.classificacao).toBe('Pública');
  });

  it('enums - a synonym is mapped to the canonical value and the aviso says so', () => {
    const ok = accepted(field('incidente_seguranca', 'status', 'Resolvido'));
    expect(ok.valores.status).toBe('Encerrado');
    expect(ok.avisos).toEqual(['status: "Resolvido" interpretado como "Encerrado"']);
    expect(accepted(field('incidente_seguranca', 'severidade', 'alto')).valores.severidade).toBe('Alta');
    expect(accepted(field('risco_corporativo', 'categoria', 'Compliance')).valores.categoria).toBe('Conformidade');
    expect(accepted(field('consumo_energia', 'fonte', 'fotovoltaica')).valores.fonte).toBe('Solar');
    expect(accepted(field('consumo_energia', 'fonte', 'EOLICA')).valores.fonte).toBe('Eólica');
  });

  it('enums - emissao.escopo accepts the GHG Protocol scope number as text or JSON number', () => {
    expect(accepted(field('emissao', 'escopo', '1')).valores.escopo).toBe('Escopo 1');
    expect(accepted(field('emissao', 'escopo', 2)).valores.escopo).toBe('Escopo 2');
    expect(accepted(field('emissao', 'escopo', 'scope 3')).valores.escopo).toBe('Escopo 3');
    expect(accepted(field('emissao', 'escopo', 'escopo 3')).valores.escopo).toBe('Escopo 3');
    expect(refused(field('emissao', 'escopo', 4))).toEqual(['escopo: valor "4" não reconhecido. Valores aceitos: Escopo 1, Escopo 2, Escopo 3.']);
  });

  it('enums - an attack vector is not an incident tipo: refused with the valid options listed', () => {
    for (const vector of ['Ransomware', 'Phishing', 'Malware', 'DDoS']) {
      expect(refused(field('incidente_seguranca', 'tipo', vector))).toEqual([
        `tipo: valor "${vector}" não reconhecido. Valores aceitos: Confidencialidade, Integridade, Disponibilidade.`,
      ]);
    }
  });

  it('enums - a non-text value (object, list, boolean) refuses the row and lists the options', () => {
    const [message] = refused(field('incidente_seguranca', 'tipo', { valor: 'Integridade' }));
    expect(message).toBe('tipo: esperado um destes valores (Confidencialidade, Integridade, Disponibilidade), recebido objeto.');
    expect(refused(field('incidente_seguranca', 'tipo', ['Integridade']))[0]).toContain('recebido lista');
    expect(refused(field('incidente_seguranca', 'tipo', true))[0]).toContain('recebido booleano');
  });
});

describe('yes/no (spec 4.1 rule 3)', () => {
  const yes = ['Sim', 'sim', 'SIM', 'S', 's', 'true', 'TRUE', 'Verdadeiro', true, 1, '1'];
  const no = ['Não', 'Nao', 'NÃO', 'não', 'N', 'n', 'false', 'False', 'Falso', false, 0, '0'];
  it.each(yes.map((v) => [v]))('yes/no - %p is true', (value) => {
    expect(accepted(field('incidente_seguranca', 'dadosPessoaisEnvolvidos', value)).valores.dadosPessoaisEnvolvidos).toBe(true);
  });
  it.each(no.map((v) => [v]))('yes/no - %p is false', (value) => {
    expect(accepted(field('incidente_seguranca', 'dadosPessoaisEnvolvidos', value)).valores.dadosPessoaisEnvolvidos).toBe(false);
  });
  it('yes/no - anything else refuses the row and says what is accepted', () => {
    expect(refused(field('incidente_seguranca', 'dadosPessoaisEnvolvidos', 'talvez'))).toEqual([
      'dadosPessoaisEnvolvidos: valor "talvez" não reconhecido. Use Sim ou Não (também aceitos: true/false, S/N).',
    ]);
    expect(refused(field('incidente_seguranca', 'dadosPessoaisEnvolvidos', 2))[0]).toContain('esperado Sim ou Não');
    expect(refused(field('incidente_seguranca', 'dadosPessoaisEnvolvidos', {}))[0]).toContain('recebido objeto');
  });
});

describe('numbers', () => {
  const kwh = (value: unknown) => accepted(field('consumo_energia', 'consumoKwh', value)).valores.consumoKwh;

  it('numbers - JSON numbers, point decimals and Brazilian comma decimals with thousands', () => {
    expect(kwh(1234.56)).toBe(1234.56);
    expect(kwh(0)).toBe(0);
    expect(kwh('1234.56')).toBe(1234.56);
    expect(kwh('1234,56')).toBe(1234.56);
    expect(kwh('1.234,56')).toBe(1234.56);
    expect(kwh('1.234.567,8')).toBe(1234567.8);
    expect(kwh('1.234.567')).toBe(1234567);
    expect(kwh('0.125')).toBe(0.125);
    expect(kwh('12500')).toBe(12500);
    expect(kwh(' 42 ')).toBe(42);
  });

  it('numbers - "12.500" is ambiguous (twelve thousand or twelve and a half) and refused with both spellings', () => {
    expect(refused(field('consumo_energia', 'consumoKwh', '12.500'))).toEqual([
      'consumoKwh: número ambíguo "12.500": envie 12500 ou 12500,00 para milhar, ou 12,500 (ou um número JSON) para decimal.',
    ]);
  });

  it('numbers - malformed text, non-finite numbers and wrong types are refused', () => {
    for (const value of ['abc', '1,234.56', '1.23.4', '12,', ',5', '1e3', 'R$ 10', '10 kWh', '1 234']) {
      expect(refused(field('consumo_energia', 'consumoKwh', value))[0]).toMatch(/^consumoKwh: número inválido .*Formatos aceitos: 1234\.56, 1234,56 ou 1\.234,56/);
    }
    expect(refused(field('consumo_energia', 'consumoKwh', true))[0]).toBe('consumoKwh: esperado número, recebido booleano.');
    expect(refused(field('consumo_energia', 'consumoKwh', [1]))[0]).toBe('consumoKwh: esperado número, recebido lista.');
  });

  it('numbers - minimum and maximum are enforced', () => {
    expect(refused(field('consumo_energia', 'consumoKwh', -1))).toEqual(['consumoKwh: o valor -1 é menor que o mínimo 0.']);
    expect(refused(field('emissao', 'tco2e', '-0,5'))).toEqual(['tco2e: o valor -0.5 é menor que o mínimo 0.']);
    expect(refused(field('risco_corporativo', 'probabilidade', 6))).toEqual(['probabilidade: o valor 6 é maior que o máximo 5.']);
    expect(refused(field('risco_corporativo', 'impacto', '0'))).toEqual(['impacto: o valor 0 é menor que o mínimo 1.']);
  });

  it('numbers - integer fields refuse fractions', () => {
    expect(accepted(field('risco_corporativo', 'probabilidade', '3')).valores.probabilidade).toBe(3);
    expect(refused(field('risco_corporativo', 'probabilidade', 2.5))).toEqual(['probabilidade: esperado número inteiro, recebido "2.5".']);
    expect(refused(field('risco_corporativo', 'probabilidade', '2,5'))[0]).toContain('esperado número inteiro');
  });
});

describe('text, users and references', () => {
  it('text - trimmed; a JSON number is kept as its text', () => {
    expect(accepted(field('incidente_seguranca', 'titulo', '  Vazamento  ')).valores.titulo).toBe('Vazamento');
    const ok = accepted(field('incidente_seguranca', 'codigo', 12345));
    expect(ok.chave).toBe('12345');
    expect(ok.valores.codigo).toBe('12345');
  });

  it('text - length is limited and the limit is stated', () => {
    expect(accepted(field('incidente_seguranca', 'titulo', 'x'.repeat(200))).valores.titulo).toHaveLength(200);
    expect(refused(field('incidente_seguranca', 'titulo', 'x'.repeat(201)))).toEqual(['titulo: texto com 201 caracteres; o máximo é 200.']);
    expect(refused(field('incidente_seguranca', 'codigo', 'x'.repeat(101)))[0]).toContain('o máximo é 100');
  });

  it('text - objects, lists and booleans where text is expected refuse the row', () => {
    expect(refused(field('incidente_seguranca', 'titulo', { $gt: '' }))).toEqual(['titulo: esperado texto, recebido objeto.']);
    expect(refused(field('incidente_seguranca', 'titulo', ['a']))).toEqual(['titulo: esperado texto, recebido lista.']);
    expect(refused(field('incidente_seguranca', 'titulo', false))).toEqual(['titulo: esperado texto, recebido booleano.']);
    expect(refused(field('incidente_seguranca', 'codigo', { $ne: null }))).toEqual(['codigo: esperado texto, recebido objeto.']);
  });

  it('users - an e-mail is lower-cased and listed for the batch user look-up', () => {
    const ok = accepted(field('incidente_seguranca', 'responsavel', ' Maria.Silva@Empresa.com.BR '));
    expect(ok.valores.responsavel).toBe('maria.silva@empresa.com.br');
    expect(ok.usuarios).toEqual([{ campo: 'responsavel', email: 'maria.silva@empresa.com.br' }]);
  });

  it('users - something that is not an e-mail refuses the row', () => {
    expect(refused(field('incidente_seguranca', 'responsavel', 'Maria Silva'))).toEqual([
      'responsavel: e-mail inválido "Maria Silva": informe o e-mail de um usuário da empresa.',
    ]);
    expect(refused(field('incidente_seguranca', 'responsavel', 'maria@empresa'))[0]).toContain('e-mail inválido');
    expect(refused(field('ativo_informacao', 'proprietario', { email: 'a@b.c' }))[0]).toBe('proprietario: esperado e-mail, recebido objeto.');
  });

  it('references - the code is stored and listed for the batch reference look-up', () => {
    const ok = accepted(field('incidente_seguranca', 'ativoAfetado', ' ATV-9 '));
    expect(ok.valores.ativoAfetado).toBe('ATV-9');
    expect(ok.referencias).toEqual([{ campo: 'ativoAfetado', entidade: 'ativo_informacao', codigo: 'ATV-9' }]);
    expect(accepted(field('incidente_seguranca', 'titulo', 'x')).referencias).toEqual([]);
    expect(refused(field('incidente_seguranca', 'ativoAfetado', ['ATV-9']))[0]).toBe('ativoAfetado: esperado texto, recebido lista.');
  });
});
