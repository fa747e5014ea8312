import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { entityDefinitions, prepararEntidade, validateRow } from '../../services/ingestion/src/domain';
import type { EntityDefinition } from '../../services/ingestion/src/domain';

/**
 * Rows/s of the ingestion row validator alone, on one core (goal >= 100,000). The rows are realistic: the
 * five entities mixed, dates in both accepted formats, Brazilian numbers as text, synonyms, labels sent as
 * keys, and about one row in ten refused.
 */
export interface ValidatorBench {
  rowsPerSecond: number;
  rows: number;
  runs: number;
  refusedShare: number;
  runsRowsPerSecond: number[];
}

type Row = Record<string, unknown>;
type Maker = (i: number) => Row;

const pad = (n: number, size = 2) => String(n).padStart(size, '0');
const day = (i: number) => `${pad((i % 28) + 1)}/${pad((i % 12) + 1)}/${2020 + (i % 7)}`;
const iso = (i: number) => `${2020 + (i % 7)}-${pad((i % 12) + 1)}-${pad((i % 28) + 1)}T${pad(i % 24)}:${pad(i % 60)}:00-03:00`;
const competencia = (i: number) => `${pad((i % 12) + 1)}/${2022 + (i % 5)}`;
const reais = (i: number) => `${Math.floor(i / 7) % 900 + 1}.${pad(i % 1000, 3)},${pad(i % 100)}`;

const makers: Record<string, Maker> = {
  incidente_seguranca: (i) => ({
    codigo: `INC-${i}`,
    titulo: `Incidente ${i} no servidor de arquivos`,
    descricao: 'Conta de serviço usada fora do horário para copiar pastas do financeiro.',
    tipo: ['Confidencialidade', 'integridade', 'DISPONIBILIDADE', 'C'][i % 4],
    severidade: ['Baixa', 'Média', 'alta', 'Critica'][i % 4],
    dataDeteccao: i % 2 ? `${day(i)} ${pad(i % 24)}:${pad(i % 60)}` : iso(i),
    status: ['Aberto', 'Em análise', 'em tratamento', 'Encerrado'][i % 4],
    ativoAfetado: `ATV-${i % 500}`,
    dadosPessoaisEnvolvidos: ['Sim', 'Não', true, 'N'][i % 4],
    responsavel: `pessoa${i % 50}@empresa.com.br`,
  }),
  ativo_informacao: (i) => ({
    codigo: `ATV-${i}`,
    nome: `Servidor ${i}`,
    tipo: ['Hardware', 'Software', 'Informação', 'serviço'][i % 4],
    classificacao: ['Pública', 'Interna', 'Confidencial', 'restrita'][i % 4],
    proprietario: `dono${i % 40}@empresa.com.br`,
    localizacao: 'Datacenter São Paulo',
    criticidade: ['Baixa', 'Média', 'Alta', 'Crítica'][i % 4],
    contemDadosPessoais: i % 3 === 0 ? 'Sim' : 'Não',
    dataAquisicao: day(i),
  }),
  risco_corporativo: (i) => ({
    codigo: `RSK-${i}`,
    titulo: `Risco ${i}`,
    categoria: ['Operacional', 'Financeiro', 'Compliance', 'TI'][i % 4],
    probabilidade: (i % 5) + 1,
    impacto: String((i % 5) + 1),
    nivel: ['Baixo', 'Médio', 'Alto', 'Crítico'][i % 4],
    tratamento: 'Mitigar',
    responsavel: `dono${i % 40}@empresa.com.br`,
    status: 'Em tratamento',
    dataIdentificacao: day(i),
  }),
  consumo_energia: (i) => ({
    codigo: `ENE-${i}`,
    unidade: `Fábrica ${i % 20}`,
    competencia: competencia(i),
    fonte: ['Rede elétrica', 'Solar', 'eolica', 'Diesel'][i % 4],
    consumoKwh: i % 2 ? reais(i) : (i % 10000) + 0.5,
    custo: reais(i + 3),
  }),
  emissao: (i) => ({
    codigo: `EMI-${i}`,
    competencia: competencia(i),
    escopo: ['Escopo 1', '2', 'escopo 3'][i % 3],
    categoria: 'Combustão móvel',
    fonte: 'Óleo diesel',
    quantidade: reais(i),
    unidadeMedida: 'L',
    tco2e: i % 2 ? `${i % 90},${pad(i % 1000, 3)}` : (i % 90) + 0.125,
  }),
};

/** One row in ten is broken in a way a real integration breaks it. */
function spoil(row: Row, i: number): Row {
  switch (i % 5) {
    case 0:
      return { ...row, codigo: '' };
    case 1:
      return { ...row, Código: row.codigo, codigo: undefined };
    case 2:
      return { ...row, competencia: '13/2026', dataDeteccao: '31/02/2026', dataIdentificacao: '31/02/2026', dataAquisicao: '31/02/2026' };
    case 3:
      return { ...row, tipo: 'Ransomware', escopo: 'Escopo 4', fonte: { nome: 'x' }, titulo: ['x'], nome: Infinity };
    default:
      return Object.assign(JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{}}}'), row, {
        $where: 'sleep(1)',
        'a.b': 1,
        tco2e: '-1',
        consumoKwh: 'muito',
      });
  }
}

export function buildRows(count: number): { def: EntityDefinition; row: Row }[] {
  const rows: { def: EntityDefinition; row: Row }[] = [];
  for (let i = 0; i < count; i += 1) {
    const def = entityDefinitions[i % entityDefinitions.length];
    const row = makers[def.entidade](i);
    rows.push({ def, row: i % 10 === 7 ? spoil(row, Math.floor(i / 10)) : row });
  }
  return rows;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export async function benchValidator(options: { rows?: number; runs?: number } = {}): Promise<ValidatorBench> {
  const count = options.rows ?? 200_000;
  const runs = options.runs ?? 5;
  for (const def of entityDefinitions) prepararEntidade(def);
  const rows = buildRows(count);

  // Warm-up so the figure measures optimised code, not the JIT compiling it.
  for (let i = 0; i < Math.min(count, 20_000); i += 1) validateRow(rows[i].def, rows[i].row);

  const rates: number[] = [];
  let refused = 0;
  for (let run = 0; run < runs; run += 1) {
    refused = 0;
    const started = performance.now();
    for (let i = 0; i < count; i += 1) {
      if (!validateRow(rows[i].def, rows[i].row).ok) refused += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    rates.push(Math.round(count / seconds));
    // Yield between runs so a caller's timers and I/O are not starved.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { rowsPerSecond: median(rates), rows: count, runs, refusedShare: refused / count, runsRowsPerSecond: rates };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // A failure is an unhandled rejection: Node prints it and exits non-zero.
  void benchValidator().then((result) => {
    const goal = result.rowsPerSecond >= 100_000 ? 'meets' : 'BELOW';
    console.log(
      `validator: ${result.rowsPerSecond.toLocaleString('en-US')} rows/s (median of ${result.runs} runs of ${result.rows.toLocaleString('en-US')} rows, ` +
        `${(result.refusedShare * 100).toFixed(1)}% refused; ${goal} the 100,000 rows/s goal)`,
    );
  });
}
