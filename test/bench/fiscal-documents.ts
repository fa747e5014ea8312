import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import mongoose from 'mongoose';
import { withCnpjCheckDigits } from '@erp/fiscal-rules';
import { signDevSession } from '@erp/kit';
import { criarPfx } from '../../services/settings/test/support/certificados';

/**
 * Fiscal documents: emissions per second through the gateway with 1, 8 and 32 concurrent callers on one series
 * (numbers checked gap-free at the end), and the median cost of one cancellation; the baseline is a bare driver
 * insert of the same stored document into a scratch collection of the same database, in the same run. Measured
 * with the fiscal collections an emission reads holding `fill` documents of another company, as a store with
 * history does (on the stock FerretDB every filtered read scanned them all).
 */
export interface FiscalBenchEnv {
  gatewayUrl: string;
  mongodbUrl: string;
  sessionSecret: string;
  /** Documents issued at each concurrency level. */
  documents?: number;
  /** Printed before each figure (which store the stack runs on). */
  label?: string;
  /** Only the emission rates at these numbers of callers (no cancellation, no baseline); default all three, and the rest. */
  emissionOnly?: (1 | 8 | 32)[];
  /** Documents of another company in each fiscal collection an emission reads (default 5,000). */
  fill?: number;
}

/** The collections of the fiscal-document service that an emission reads with a filter. */
const READ_BY_EMISSION = ['documentos_fiscais', 'numeracao', 'fatos_documento', 'xml_documentos'];

/**
 * Puts `count` documents of another company in each collection an emission reads: 2 KB each, and no field the
 * service's queries or jobs select on but `companyId`, so nothing but the collections' size changes.
 */
async function fillFiscalCollections(mongodbUrl: string, count: number): Promise<void> {
  const db = await mongoose.createConnection(mongodbUrl, { dbName: 'erp_fiscal_document' }).asPromise();
  try {
    const enchimento = 'x'.repeat(2_000);
    for (const name of READ_BY_EMISSION) {
      for (let offset = 0; offset < count; offset += 1_000) {
        const docs = Array.from({ length: Math.min(1_000, count - offset) }, (_, i) => ({ _id: `bench-fill-${offset + i}`, companyId: 'bench-fill', enchimento }));
        await db.collection(name).insertMany(docs as never[], { ordered: false });
      }
    }
  } finally {
    await db.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function call(url: string, session: string, body: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` }, body: JSON.stringify(body) });
  return { status: response.status, json: await response.json() };
}

/** A company with complete settings and a certificate of its own CNPJ; each level gets its own series. */
async function company(env: FiscalBenchEnv, label: string): Promise<string> {
  const companyId = `bench-fiscal-${label}-${Date.now()}`;
  const session = await signDevSession(env.sessionSecret, { companyId, role: 'admin', userId: 'bench' });
  const cnpj = withCnpjCheckDigits(String(randomInt(10_000_000, 99_999_999)) + '0001');
  const response = await fetch(`${env.gatewayUrl}/api/erp/faturamento/configuracao`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
    body: JSON.stringify({
      empresa: {
        cnpj,
        razaoSocial: 'Empresa do Benchmark Ltda',
        inscricaoEstadual: '110042490114',
        uf: 'SP',
        codigoMunicipio: '3550308',
        regimeTributario: 'SIMPLES_NACIONAL',
        aliquotaDas: 6,
        endereco: { logradouro: 'Avenida Paulista', numero: '1000', bairro: 'Bela Vista', municipio: 'São Paulo', cep: '01310100' },
      },
      certificadoA1: { arquivoBase64: criarPfx('bench', { cnpjNoNome: cnpj }).toString('base64'), senha: 'bench' },
    }),
  });
  if (!response.ok) throw new Error(`bench settings not saved: ${await response.text()}`);
  return session;
}

const nfe = (referencia: string) => ({
  referencia,
  modelo: 'NFE',
  destinatario: {
    documento: '11222333000181',
    nome: 'Cliente do Benchmark Ltda',
    uf: 'SP',
    codigoMunicipio: '3550308',
    endereco: { logradouro: 'Rua Augusta', numero: '500', bairro: 'Consolação', municipio: 'São Paulo', cep: '01304000' },
  },
  itens: [
    { codigo: 'P-1', descricao: 'Cadeira', quantidade: 2, valorUnitario: 250.5, ncm: '94013000', cfop: '5102', csosn: '102' },
    { codigo: 'P-2', descricao: 'Mesa', quantidade: 1, valorUnitario: 900, ncm: '94033000', cfop: '5102', csosn: '102' },
  ],
});

/** Emissions per second by number of concurrent callers (1, 8, 32). */
export type EmissionRates = Partial<Record<1 | 8 | 32, number>>;

export async function benchFiscalDocuments(env: FiscalBenchEnv): Promise<EmissionRates> {
  const url = `${env.gatewayUrl}/api/erp/faturamento/documentos`;
  const total = env.documents ?? 64;
  const label = env.label ? `${env.label}: ` : '';
  const rates = {} as EmissionRates;
  const fill = env.fill ?? 5_000;
  await fillFiscalCollections(env.mongodbUrl, fill);
  const ids: string[] = [];
  let session = '';
  for (const callers of env.emissionOnly ?? ([1, 8, 32] as const)) {
    session = await company(env, `c${callers}`);
    let next = 0;
    const numbers: number[] = [];
    const start = performance.now();
    await Promise.all(
      Array.from({ length: callers }, async () => {
        while (next < total) {
          next += 1;
          const { status, json } = await call(url, session, nfe(`B-${callers}-${next}-${Date.now()}`));
          if (status !== 201) throw new Error(`bench emission failed: ${JSON.stringify(json)}`);
          numbers.push(json.dados.numero);
          ids.push(json.dados.id);
        }
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    numbers.sort((a, b) => a - b);
    const gapFree = numbers.every((n, i) => n === i + 1);
    const rate = numbers.length / seconds;
    rates[callers] = rate;
    console.log(
      `${label}fiscal emission, ${String(callers).padStart(2)} concurrent caller(s) on one series: ${rate.toFixed(1)} documents/s ` +
        `(${numbers.length} NF-e, numbers 1..${numbers.length} ${gapFree ? 'gap-free, no duplicate' : 'NOT GAP-FREE'}; ` +
        `${fill.toLocaleString('en-US')} documents of another company in each collection read)`,
    );
    if (!gapFree) throw new Error(`numbering broke under ${callers} callers: ${numbers.join(',')}`);
  }
  if (env.emissionOnly) return rates;

  // Cancellation: one at a time, each a different document of the last company.
  const cancelMs: number[] = [];
  for (const id of ids.slice(-20)) {
    const start = performance.now();
    const { status, json } = await call(`${url}/${id}/cancelar`, session, { justificativa: 'Cancelamento medido pelo benchmark' });
    cancelMs.push(performance.now() - start);
    if (status !== 200) throw new Error(`bench cancellation failed: ${JSON.stringify(json)}`);
  }

  // Baseline: a bare driver insert of the same stored document, same database, same connection kind.
  const db = await mongoose.createConnection(env.mongodbUrl, { dbName: 'erp_fiscal_document' }).asPromise();
  try {
    const stored = await db.collection('documentos_fiscais').findOne({ _id: ids[0] as never });
    const scratch = db.collection(`bench_insert_${Date.now()}`);
    const insertMs: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      const start = performance.now();
      await scratch.insertOne({ ...stored, _id: `bench-${i}` as never });
      insertMs.push(performance.now() - start);
    }
    await scratch.drop();
    console.log(
      `fiscal cancellation: median ${median(cancelMs).toFixed(1)} ms through the gateway (${cancelMs.length} documents, one at a time) ` +
        `vs ${median(insertMs).toFixed(2)} ms for a bare driver insert of the same document ` +
        `(baseline, 50 inserts: ${(1000 / median(insertMs)).toFixed(0)} inserts/s sequential, to set against the emission rates above)`,
    );
    return rates;
  } finally {
    await db.close();
  }
}
