import writeXlsxFile from 'write-excel-file/node';
import { cellText, isSpreadsheet, numberText, readSheetRows, readSpreadsheet } from '../../src/screens/history/sheet-import';

const CAMPOS = [
  { campo: 'codigo', rotulo: 'Código*', tipo: 'texto' },
  { campo: 'valor', rotulo: 'Valor', tipo: 'decimal' },
  { campo: 'dataDeteccao', rotulo: 'Data de detecção', tipo: 'data' },
  { campo: 'competencia', rotulo: 'Competência', tipo: 'competencia' },
  { campo: 'dadosPessoais', rotulo: 'Dados pessoais envolvidos', tipo: 'booleano' },
];
const field = (campo: string) => CAMPOS.find((c) => c.campo === campo)!;

describe('admin sheet import - an .xlsx read into the ingestion rows', () => {
  it('admin sheet import - a number cell: comma decimal, no grouping, 15 significant digits (so "1,234" is never the ambiguous "1.234")', () => {
    expect(numberText(1234.56)).toBe('1234,56');
    expect(numberText(1.234)).toBe('1,234');
    expect(numberText(-12)).toBe('-12');
    expect(numberText(0.1 + 0.2)).toBe('0,3');
    expect(numberText(1e21)).toBe('1000000000000000000000');
    expect(numberText(1e-7)).toBe('0,0000001');
    expect(numberText(2026)).toBe('2026');
  });

  it('admin sheet import - a date cell: DD/MM/AAAA at midnight, with HH:MM:SS otherwise (the sheet’s wall clock), MM/AAAA for a month field', () => {
    expect(cellText(new Date(Date.UTC(2026, 2, 15)), field('dataDeteccao'))).toBe('15/03/2026');
    expect(cellText(new Date(Date.UTC(2026, 2, 15, 14, 30)), field('dataDeteccao'))).toBe('15/03/2026 14:30:00');
    expect(cellText(new Date(Date.UTC(2026, 10, 1)), field('competencia'))).toBe('11/2026');
    // A date in a text field is the date as a person reads it.
    expect(cellText(new Date(Date.UTC(2026, 0, 5)), field('codigo'))).toBe('05/01/2026');
  });

  it('admin sheet import - booleans as Sim / Não, text as typed, an empty cell not sent', () => {
    expect(cellText(true, field('dadosPessoais'))).toBe('Sim');
    expect(cellText(false, field('dadosPessoais'))).toBe('Não');
    expect(cellText('1.234,56', field('valor'))).toBe('1.234,56');
    expect(cellText(null, field('valor'))).toBe('');
    expect(readSheetRows([['Código', 'valor'], ['A', null], [null, null]], CAMPOS).linhas).toEqual([{ linhaArquivo: 2, valores: { codigo: 'A' } }]);
  });

  it('admin sheet import - a real .xlsx (write-excel-file): labels or keys in the header, typed cells, the sheet’s row numbers kept across an empty row', async () => {
    const sheet = await writeXlsxFile(
      [
        ['CODIGO', 'Valor', 'Data de detecção', 'competencia', 'Dados pessoais envolvidos', 'Cor'],
        ['INC-1', 1234.56, { value: new Date(Date.UTC(2026, 2, 15, 14, 30)), format: 'dd/mm/yyyy hh:mm' }, { value: new Date(Date.UTC(2026, 10, 1)), format: 'mm/yyyy' }, true, 'azul'],
        [null, null, null, null, null, null],
        ['  INC-2  ', 0.5, { value: new Date(Date.UTC(2026, 0, 5)), format: 'dd/mm/yyyy' }, '11/2026', false, null],
      ],
      {},
    ).toBuffer();
    const file = new Blob([new Uint8Array(sheet)]);
    const rows = await readSpreadsheet(file, CAMPOS);
    expect(rows.campos).toEqual(['codigo', 'valor', 'dataDeteccao', 'competencia', 'dadosPessoais', null]);
    expect(rows.desconhecidas).toEqual(['Cor']);
    expect(rows.linhas).toEqual([
      { linhaArquivo: 2, valores: { codigo: 'INC-1', valor: '1234,56', dataDeteccao: '15/03/2026 14:30:00', competencia: '11/2026', dadosPessoais: 'Sim' } },
      { linhaArquivo: 4, valores: { codigo: 'INC-2', valor: '0,5', dataDeteccao: '05/01/2026', competencia: '11/2026', dadosPessoais: 'Não' } },
    ]);
  });

  it('admin sheet import - a file that is not a spreadsheet is said in words; .xlsx told by name or type', async () => {
    await expect(readSpreadsheet(new Blob(['codigo;titulo\n']), CAMPOS)).rejects.toThrow('Não foi possível ler a planilha');
    expect(isSpreadsheet({ name: 'incidentes.XLSX', type: '' })).toBe(true);
    expect(isSpreadsheet({ name: 'x', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })).toBe(true);
    expect(isSpreadsheet({ name: 'incidentes.csv', type: 'text/csv' })).toBe(false);
  });
});
