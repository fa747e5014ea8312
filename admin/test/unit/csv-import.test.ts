import { readCsv, reasonByLabel } from '../../src/screens/history/csv-import';

const CAMPOS = [
  { campo: 'codigo', rotulo: 'Código*' },
  { campo: 'titulo', rotulo: 'Título*' },
  { campo: 'descricao', rotulo: 'Descrição' },
];

describe('admin csv import - a spreadsheet file read into the ingestion rows', () => {
  it('admin csv import - ; with a BOM, keys or labels in the header, quotes, CRLF; empty cells not sent; the refused-rows columns left out', () => {
    const text = '\uFEFFlinha;erros;CODIGO;título;Descricao;Cor\r\n2;"codigo: x";INC-1;"Porta; ""aberta""";;azul\r\n;;;;;\r\n5;;INC-2;Janela;"duas\nlinhas";\r\n';
    const csv = readCsv(text, CAMPOS);
    expect(csv.campos).toEqual([null, null, 'codigo', 'titulo', 'descricao', null]);
    expect(csv.desconhecidas).toEqual(['Cor']);
    expect(csv.linhas).toEqual([
      { linhaArquivo: 2, valores: { codigo: 'INC-1', titulo: 'Porta; "aberta"' } },
      { linhaArquivo: 4, valores: { codigo: 'INC-2', titulo: 'Janela', descricao: 'duas\nlinhas' } },
    ]);
  });

  it('admin csv import - , when the header has no ; and LF lines', () => {
    expect(readCsv('codigo,titulo\nA,B\n', CAMPOS).linhas).toEqual([{ linhaArquivo: 2, valores: { codigo: 'A', titulo: 'B' } }]);
  });

  it('admin csv import - a reason names the field by its label', () => {
    expect(reasonByLabel('codigo: campo obrigatório não informado.', CAMPOS)).toBe('Código: campo obrigatório não informado.');
    expect(reasonByLabel('algo sem campo', CAMPOS)).toBe('algo sem campo');
  });
});
