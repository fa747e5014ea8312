import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import mongoose from 'mongoose';
import { connect } from '@nats-io/transport-node';
import { createLogger, signDevSession } from '@erp/kit';
import { createTokenAuthenticator } from '../../services/ingestion/src/messaging/token-authenticator';
import { findEntity, validateRow } from '../../services/ingestion/src/domain';

/**
 * Ingestion write path against its baseline, in one run and one database:
 * (a) a 500-row UPSERT batch through the ingestion service's HTTP endpoint (every row changes, so every
 *     row is a real update), and (b) a bare driver `bulkWrite` of the same 500 upserts into the same
 *     collection (another company, so the same index and collection size), one bulk, with the values the service
 *     stores, by key as a client that has not read the records sends them (the service, which has read them,
 *     updates them by `_id`). The service's own time per step (`ingestion_batch_step_seconds`) says where (a)
 *     goes beyond (b).
 * Both at several collection sizes (records of a third company fill the collection up to each size), to show
 * the cost does not grow with the collection (on the stock FerretDB 1.24 every update scanned the table:
 * docs/ferretdb.md). Goals: (a) / (b) <= 1.2 at every size; (a) at the largest size <= 1.5 x (a) at the smallest.
 * Also the in-process cost of authenticating a token with a warm cache.
 * (a) / (b) is the median of the ratios of runs taken back to back, (a) and (b) in turn: the store's speed changes
 * more between runs (PostgreSQL's autovacuum after each 500 updates, the stack's relays) than within a pair, and a
 * ratio of two medians would compare runs of different moments.
 */
export interface IngestionBenchEnv {
  gatewayUrl: string;
  serviceUrls: { ingestion: string };
  mongodbUrl: string;
  natsUrl: string;
  sessionSecret: string;
  /** Database of the ingestion service (default `erp_ingestion`). */
  ingestionDb?: string;
  runs?: number;
  /** Records in the collection at each measure (default 1,000, 5,000, 20,000 and 100,000). */
  sizes?: number[];
}

/** The figures at one collection size. */
export interface IngestionBenchSize {
  /** Records in the collection while measuring (the 1,000 being updated included). */
  records: number;
  httpBatchMs: number;
  bareBulkWriteMs: number;
  ratio: number;
  goalMet: boolean;
  /** Mean time of each step of the HTTP batches (the service's `ingestion_batch_step_seconds`), ms. */
  steps: Record<string, number>;
}

export interface IngestionBench {
  sizes: IngestionBenchSize[];
  /** Every size meets the goal. */
  goalMet: boolean;
  /** (a) at the largest size / (a) at the smallest. */
  growth: number;
  tokenAuthWarmMicros: number;
  runs: number;
}

export const RATIO_GOAL = 1.2;
export const GROWTH_GOAL = 1.5;
const DEFAULT_SIZES = [1_000, 5_000, 20_000, 100_000];

const ROWS = 500;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function rows(round: number): Record<string, unknown>[] {
  return Array.from({ length: ROWS }, (_, i) => ({
    codigo: `BENCH-${i}`,
    titulo: `Incidente ${i} rodada ${round}`,
    descricao: 'Conta de serviço usada fora do horário para copiar pastas do financeiro.',
    tipo: ['Confidencialidade', 'Integridade', 'Disponibilidade'][i % 3],
    severidade: ['Baixa', 'Média', 'Alta', 'Crítica'][i % 4],
    dataDeteccao: `${String((i % 28) + 1).padStart(2, '0')}/03/2026 14:30`,
    status: 'Em análise',
    dadosPessoaisEnvolvidos: i % 2 ? 'Sim' : 'Não',
  }));
}

async function createToken(env: IngestionBenchEnv, companyId: string): Promise<string> {
  const session = await signDevSession(env.sessionSecret, { companyId, role: 'admin', userId: 'bench' });
  const response = await fetch(`${env.gatewayUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
    body: JSON.stringify({
      query: 'mutation ($input: CriarTokenIngestaoInput!) { criarTokenIngestao(input: $input) { token } }',
      variables: { input: { nome: `bench ${Date.now()}`, entidades: ['incidente_seguranca'] } },
    }),
  });
  const body = (await response.json()) as { data?: { criarTokenIngestao: { token: string } }; errors?: unknown };
  if (!body.data) throw new Error(`could not create a bench token: ${JSON.stringify(body.errors)}`);
  return body.data.criarTokenIngestao.token;
}

/** Sum and count of each step of `ingestion_batch_step_seconds`, read from the service's `GET /metrics`. */
async function stepTotals(serviceUrl: string): Promise<Map<string, { sum: number; count: number }>> {
  const text = await (await fetch(`${serviceUrl}/metrics`)).text();
  const totals = new Map<string, { sum: number; count: number }>();
  for (const match of text.matchAll(/^ingestion_batch_step_seconds_(sum|count)\{[^}]*step="([a-z_]+)"[^}]*\} ([0-9.e+-]+)$/gm)) {
    const entry = totals.get(match[2]) ?? { sum: 0, count: 0 };
    entry[match[1] as 'sum' | 'count'] = Number(match[3]);
    totals.set(match[2], entry);
  }
  return totals;
}

/** Mean ms per step between two readings. */
function stepMeans(before: Map<string, { sum: number; count: number }>, after: Map<string, { sum: number; count: number }>): Record<string, number> {
  const means: Record<string, number> = {};
  for (const [step, total] of after) {
    const earlier = before.get(step) ?? { sum: 0, count: 0 };
    const count = total.count - earlier.count;
    if (count > 0) means[step] = ((total.sum - earlier.sum) / count) * 1000;
  }
  return means;
}

export async function benchIngestion(env: IngestionBenchEnv): Promise<IngestionBench> {
  const runs = env.runs ?? 9;
  const stamp = Date.now().toString(36);
  const companyHttp = `bench-http-${stamp}`;
  const companyBare = `bench-bare-${stamp}`;
  const companyFill = `bench-fill-${stamp}`;
  const token = await createToken(env, companyHttp);
  const db = await mongoose
    .createConnection(env.mongodbUrl, { dbName: env.ingestionDb ?? 'erp_ingestion', retryWrites: false })
    .asPromise();
  const collection = db.collection('incidente_seguranca');

  const viaHttp = async (round: number) => {
    const started = performance.now();
    const response = await fetch(`${env.serviceUrls.ingestion}/api/ingestao-pub/incidente_seguranca`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ linhas: rows(round) }),
    });
    const body = (await response.json()) as { dados?: { gravadas: number } };
    const elapsed = performance.now() - started;
    if (response.status !== 200 || body.dados?.gravadas !== ROWS) throw new Error(`bench batch failed: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    return elapsed;
  };
  // The batch's upserts by key, with the values the service stores (the rows through its own `validateRow`: dates as
  // dates, Sim / Não as booleans; FerretDB writes those slower than the rows' texts, about 20 % for this entity), and
  // without its look-ups or history. Building the operations is not timed.
  const definition = findEntity('incidente_seguranca')!;
  const bare = async (round: number) => {
    const now = new Date();
    const loteId = randomUUID();
    const operations = rows(round).map((row) => {
      const validation = validateRow(definition, row);
      if (!validation.ok) throw new Error(`bench row refused: ${validation.erros.join('; ')}`);
      return {
        updateOne: {
          filter: { companyId: companyBare, chave: validation.chave },
          update: { $set: { ...validation.valores, atualizadoEm: now, loteId }, $setOnInsert: { _id: new mongoose.mongo.ObjectId(), criadoEm: now } },
          upsert: true,
        },
      };
    });
    const started = performance.now();
    await collection.bulkWrite(operations, { ordered: false });
    return performance.now() - started;
  };
  // Records of a third company, stored as the service stores them, until the collection holds `total`.
  let filled = 0;
  const fillTo = async (total: number) => {
    const missing = total - (await collection.countDocuments({}));
    const now = new Date();
    for (let done = 0; done < missing; done += 1_000) {
      const docs = rows(0)
        .concat(rows(0))
        .slice(0, Math.min(1_000, missing - done))
        .map((row, i) => ({ ...row, companyId: companyFill, chave: `FILL-${filled + i}`, criadoEm: now, atualizadoEm: now, loteId: 'bench-fill' }));
      await collection.insertMany(docs, { ordered: false });
      filled += docs.length;
    }
    return collection.countDocuments({});
  };

  try {
    // Round 0 creates the records on both sides; the measured rounds update all 500 of them.
    await viaHttp(0);
    await bare(0);
    const sizes: IngestionBenchSize[] = [];
    let round = 0;
    for (const size of env.sizes ?? DEFAULT_SIZES) {
      const records = await fillTo(size);
      // One round on both sides not measured, after each fill: neither side is measured cold (the service's code
      // not yet compiled by the JIT, the store's update statements not yet prepared, the store busy with the
      // thousands of documents just inserted).
      round += 1;
      await viaHttp(round);
      await bare(round);
      const http: number[] = [];
      const direct: number[] = [];
      const stepsBefore = await stepTotals(env.serviceUrls.ingestion);
      for (let run = 0; run < runs; run += 1) {
        round += 1;
        // Alternate the order so neither side always runs on a warmer database.
        if (round % 2) {
          http.push(await viaHttp(round));
          direct.push(await bare(round));
        } else {
          direct.push(await bare(round));
          http.push(await viaHttp(round));
        }
      }
      const steps = stepMeans(stepsBefore, await stepTotals(env.serviceUrls.ingestion));
      const httpBatchMs = median(http);
      const bareBulkWriteMs = median(direct);
      const ratio = median(http.map((ms, run) => ms / direct[run]));
      sizes.push({ records, httpBatchMs, bareBulkWriteMs, ratio, goalMet: ratio <= RATIO_GOAL, steps });
    }

    const nc = await connect({ servers: env.natsUrl, name: 'bench-ingestion' });
    const authenticator = createTokenAuthenticator({ nc, log: createLogger('bench', 'silent'), ttlMs: 60_000, maxEntries: 100, timeoutMs: 2_000 });
    await authenticator.start();
    await authenticator.authenticate(token);
    const samples: number[] = [];
    for (let i = 0; i < 2_000; i += 1) {
      const started = performance.now();
      await authenticator.authenticate(token);
      samples.push((performance.now() - started) * 1000);
    }
    await authenticator.stop();
    await nc.close();

    const growth = sizes[sizes.length - 1].httpBatchMs / sizes[0].httpBatchMs;
    const result = { sizes, goalMet: sizes.every((size) => size.goalMet), growth, tokenAuthWarmMicros: median(samples), runs };
    const cell = (text: string, width: number) => text.padStart(width);
    console.log(
      [
        `ingestion: 500-row UPSERT batch, every row changed, median of ${runs} runs (the ratio: of ${runs} pairs run back to back), one bulk write each`,
        `  records in the collection | (a) via HTTP | (b) bare driver bulkWrite | (a) / (b), goal <= ${RATIO_GOAL}`,
        ...sizes.map(
          (size) =>
            `  ${cell(size.records.toLocaleString('en-US'), 25)} | ${cell(`${Math.round(size.httpBatchMs).toLocaleString('en-US')} ms`, 12)} | ` +
            `${cell(`${Math.round(size.bareBulkWriteMs).toLocaleString('en-US')} ms`, 25)} | ${size.ratio.toFixed(2)} ${size.goalMet ? 'met' : 'NOT met'}`,
        ),
        `  (a)'s steps in the service, mean ms (rate_limit, validate, lookup, decide, write, history):`,
        ...sizes.map((size) => `  ${cell(size.records.toLocaleString('en-US'), 25)} | ${Object.entries(size.steps).map(([step, ms]) => `${step} ${ms.toFixed(1)}`).join(', ')}`),
        `  (a) at ${sizes[sizes.length - 1].records.toLocaleString('en-US')} records / (a) at ${sizes[0].records.toLocaleString('en-US')}: ${growth.toFixed(2)}, goal <= ${GROWTH_GOAL} ${growth <= GROWTH_GOAL ? 'met' : 'NOT met'}`,
        `ingestion: token authentication, warm cache median ${result.tokenAuthWarmMicros.toFixed(2)} µs`,
      ].join('\n'),
    );
    return result;
  } finally {
    // In batches: FerretDB 1.24 deletes by listing every matched _id as a parameter of one statement (at most 65,535).
    for (;;) {
      const ids = (await collection.find({ companyId: { $in: [companyHttp, companyBare, companyFill] } }, { projection: { _id: 1 } }).limit(10_000).toArray()).map((doc) => doc._id);
      if (ids.length === 0) break;
      await collection.deleteMany({ _id: { $in: ids } });
    }
    await db.close();
  }
}

/** Run by hand against a running stack: the TEST_* variables the test launcher exports. */
if (require.main === module) {
  const need = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is required`);
    return value;
  };
  benchIngestion({
    gatewayUrl: need('TEST_GATEWAY_URL'),
    serviceUrls: { ingestion: need('TEST_INGESTION_URL') },
    mongodbUrl: need('TEST_MONGODB_URL'),
    natsUrl: need('TEST_NATS_URL'),
    sessionSecret: need('TEST_SESSION_SECRET'),
  }).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
