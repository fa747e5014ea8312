import { refusedRowsCsv, looksLikeFormula, readableValues } from '../../src/csv';

const BOM = '\uFEFF';
const linhas = (csv: string) => csv.replace(BOM, '').split('\r\n');

describe('admin csv - refused rows to fix and resend', () => {
  it('admin csv - linha and erros first, one column per field key found in any row, a BOM and CRLF lines', () => {
    const csv = refusedRowsCsv([
      { linha: 2, valores: JSON.stringify({ codigo: 'INC-2', titulo: 'Porta' }), erros: ['tipo: obrigatório', 'severidade: inválida'] },
      { linha: 5, valores: JSON.stringify({ titulo: 'sem código', prioridade: 3 }), erros: ['codigo: obrigatório'] },
    ]);
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(linhas(csv)).toEqual([
      'linha;erros;codigo;titulo;prioridade',
      '2;tipo: obrigatório | severidade: inválida;INC-2;Porta;',
      '5;codigo: obrigatório;;sem código;3',
      '',
    ]);
  });

  it('admin csv - a value with the separator, a quote or a line break is quoted, its quotes doubled', () => {
    const csv = refusedRowsCsv([{ linha: 1, valores: JSON.stringify({ titulo: 'Ataque; "grave"', nota: 'a\nb' }), erros: ['x'] }]);
    expect(linhas(csv)[1]).toBe('1;x;"Ataque; ""grave""";"a\nb"');
  });

  it('admin csv - negative and signed numbers come back as sent; formulas are defused with an apostrophe', () => {
    const csv = refusedRowsCsv([
      { linha: 1, valores: JSON.stringify({ a: -12.5, b: '-12.5', c: '+3', d: '-1.234,56', e: '=1+1', f: '@SUM(A1)', g: '-2+3', h: '+cmd|x', i: '\tx' }), erros: ['e'] },
    ]);
    expect(linhas(csv)[1]).toBe("1;e;-12.5;-12.5;+3;-1.234,56;'=1+1;'@SUM(A1);'-2+3;'+cmd|x;'\tx");
  });

  it('admin csv - looksLikeFormula: what a spreadsheet would run, and nothing else', () => {
    for (const formula of ['=A1', '@x', '\t=1', '\r=1', '-A1', '+A1', '-', '+', '-2+3', '- 1', '-1e5']) expect([formula, looksLikeFormula(formula)]).toEqual([formula, true]);
    for (const plain of ['', 'texto', '12', '-12', '-12.5', '+3', '-1.234,56', '1-2', 'a=b', ' =1']) expect([plain, looksLikeFormula(plain)]).toEqual([plain, false]);
  });

  it('admin csv - rows whose values are not a JSON object keep them whole, under "valores"', () => {
    const csv = refusedRowsCsv([
      { linha: 1, valores: 'não é json', erros: ['x'] },
      { linha: 2, valores: '[1,2]', erros: ['y'] },
    ]);
    expect(linhas(csv).slice(0, 3)).toEqual(['linha;erros;valores', '1;x;não é json', '2;y;[1,2]']);
    expect(readableValues({ linha: 1, valores: JSON.stringify({ a: 'x', b: { c: 1 }, d: null }), erros: [] })).toEqual([
      ['a', 'x'],
      ['b', '{"c":1}'],
      ['d', 'null'],
    ]);
  });
});
