import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import mongoose from 'mongoose';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { Streams } from '@erp/contracts';
import { SERVICES, type RunningStack, type StackUnit } from '../../../scripts/stack';
import { freePort } from '../../../scripts/stack/ports';
import { startChild, stopChild, type Child } from '../../../scripts/stack/processes';
import { startIsolatedStack } from '../../support/isolated-stack';
import { graphql, newCompanyId, sessionFor } from '../../support/env';
import { CRIAR } from '../../e2e/token-helpers';
import { fiscalEventProblems, fiscalLoad, type FiscalOutcome } from './fiscal-load';
import { clientsBackAfterStoreRestarts } from './store-restart';

/**
 * `npm run chaos`: a throw-away stack on 127.0.0.1, plus a second ingestion replica, under a steady load
 * (CHAOS_WRITERS companies, default 4, each writing 10-row batches with its own token, one row always refused,
 * half through the gateway to the stack's ingestion and half straight to the second replica; half retry a failed
 * batch as a client would (the same rows, UPSERT), half never retry; each also saves its fiscal settings, a
 * settings.v1.changed event each; and one fiscal company issues and cancels NF-e and simulates and provisions
 * taxes), while the store (PostgreSQL and FerretDB), NATS, and the stack's ingestion replica (SIGKILL) are each
 * stopped and started again. Pass: no answer 5xx other than 503/504 with Retry-After, no ERRO_INTERNO; no row
 * reported OK that is not stored, no refused row stored, no batch answered with a failure half-written (all its
 * rows or none); the other replica serves every batch while one is killed; every process ready again without
 * help; every saved settings version's event in the stream (read by a consumer that de-duplicates by id), every
 * cancellation's ERP_NFE_CANCELADA and every provisioned title's request on its stream exactly once; and the kit's
 * MongoDB clients alone back after each of four restarts of a store of their own (store-restart.ts).
 * Prints each recovery time, the answers by status, and `N passed, M failed`.
 */
const WRITERS = Number(process.env.CHAOS_WRITERS ?? 4);
const STEADY_MS = Number(process.env.CHAOS_STEADY_MS ?? 6_000);
const RECOVERY_LIMIT_MS = 90_000;
const ROWS = 10;

interface Writer {
  companyId: string;
  session: string;
  token: string;
  /** Where its batches go: the gateway (the stack's ingestion replica) or straight to the second replica. */
  base: string;
  /** Retries a failed batch (the same rows) as a client would; otherwise each batch is sent once. */
  retries: boolean;
}

interface BatchOutcome {
  companyId: string;
  keys: string[];
  /** Keys the last answer reported OK (stored), after any retries. */
  ok: string[];
  refusedKey: string;
  /** The batch never got a 200, even after its retries (a writer that never retries: its one answer). */
  failed: boolean;
  attempts: number;
  base: string;
  /** When each attempt was answered, and how. */
  answers: { at: number; status: number | null }[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** No request may go unanswered: past this, it counts as a failure of the run. */
const ANSWER_WITHIN_MS = 35_000;
const unanswered: string[] = [];
/** Every answer by status, and those that break "503/504 only with Retry-After, never ERRO_INTERNO". */
const byStatus: Record<string, number> = {};
const badAnswers: string[] = [];

/** A JSON request (through the gateway unless `base` says otherwise), abandoned (and recorded) when not answered in time. */
async function call(method: string, path: string, bearer: string, body?: unknown, base = process.env.TEST_GATEWAY_URL): Promise<{ status: number; body: any } | null> {
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    byStatus[response.status] = (byStatus[response.status] ?? 0) + 1;
    const retryAfter = response.headers.get('retry-after');
    if (response.status >= 500 && !([503, 504].includes(response.status) && retryAfter)) badAnswers.push(`${method} ${path}: ${response.status} (Retry-After ${retryAfter ?? 'absent'}) ${text.slice(0, 120)}`);
    else if (text.includes('ERRO_INTERNO')) badAnswers.push(`${method} ${path}: ${response.status} ERRO_INTERNO ${text.slice(0, 120)}`);
    return { status: response.status, body: parsed };
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') unanswered.push(`${method} ${path}`);
    return null;
  }
}

async function newWriter(index: number, replicaUrl: string): Promise<Writer> {
  const companyId = newCompanyId('chaos');
  const session = await sessionFor(companyId, 'admin');
  const created = await graphql<{ criarTokenIngestao: { token: string } }>(CRIAR, { input: { nome: `chaos ${companyId}`, entidades: ['incidente_seguranca'] } }, session);
  if (!created.data) throw new Error(`chaos setup: ${JSON.stringify(created.errors)}`);
  const base = index % 4 < 2 ? process.env.TEST_GATEWAY_URL! : replicaUrl;
  return { companyId, session, token: created.data.criarTokenIngestao.token, base, retries: index % 2 === 0 };
}

/** One batch, retried (the same rows) until a 200 or 20 tries, as an integration does after a 5xx; or sent once. */
async function writeBatch(writer: Writer, sequence: number): Promise<BatchOutcome> {
  const keys = Array.from({ length: ROWS }, (_, i) => `${writer.companyId}-${sequence}-${i}`);
  const refusedKey = `${writer.companyId}-${sequence}-refused`;
  const linhas = [...keys.map((codigo) => ({ codigo, titulo: `lote ${sequence}`, tipo: 'Integridade', severidade: 'Alta' })), { codigo: refusedKey, tipo: 'Ransomware' }];
  const tries = writer.retries ? 20 : 1;
  const answers: BatchOutcome['answers'] = [];
  const outcome = { companyId: writer.companyId, keys, refusedKey, base: writer.base, answers };
  for (let attempt = 1; attempt <= tries; attempt += 1) {
    // A reset, a 503 with Retry-After, a timeout: retried like any failure.
    const reply = await call('POST', '/api/ingestao-pub/incidente_seguranca', writer.token, { linhas }, writer.base);
    answers.push({ at: performance.now(), status: reply?.status ?? null });
    if (reply?.status === 200) {
      const ok = (reply.body.dados.resultados as { linha: number; status: string }[]).filter((r) => r.status === 'OK').map((r) => linhas[r.linha - 1].codigo);
      return { ...outcome, ok, failed: false, attempts: attempt };
    }
    await sleep(writer.retries ? 500 * Math.min(attempt, 4) : 200);
  }
  return { ...outcome, ok: [], failed: true, attempts: tries };
}

/** A second ingestion process on the stack's database and broker, as a second replica runs. */
async function startSecondReplica(stack: RunningStack, logDir: string): Promise<{ child: Child; url: string }> {
  const port = await freePort();
  const child = startChild('ingestion-2', process.execPath, ['--import', 'tsx', 'services/ingestion/src/main.ts'], {
    cwd: path.resolve(__dirname, '..', '..', '..'),
    logDir,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: String(port), MONGODB_URL: stack.mongodbUrl, NATS_URL: stack.natsUrl, SESSION_JWT_SECRET: stack.sessionSecret },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i += 1) {
    if (await fetch(`${url}/readyz`).then((r) => r.ok).catch(() => false)) return { child, url };
    await sleep(100);
  }
  await stopChild(child);
  throw new Error('chaos setup: the second ingestion replica did not become ready');
}

/** A settings save that changes something each time; its version must reach the event stream. */
async function saveSettings(writer: Writer, sequence: number): Promise<number | null> {
  const reply = await call('PUT', '/api/erp/faturamento/configuracao', writer.session, { timeoutSegundos: 5 + (sequence % 100) });
  return reply?.status === 200 ? (reply.body.dados.versao as number) : null;
}

/**
 * Every process answers /readyz with 200 and a token's discovery goes through (store, NATS and auth all back).
 * Returns what is not back yet, or null.
 */
async function notBack(stack: RunningStack, writer: Writer, replicaUrl: string): Promise<string | null> {
  for (const [name, url] of Object.entries({ gateway: stack.gatewayUrl, ...stack.serviceUrls, 'ingestion-2': replicaUrl })) {
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.status !== 200) return `${name} not ready: ${await response.text()}`;
    } catch (error) {
      return `${name} not answering: ${(error as Error).message}`;
    }
  }
  const discovery = await call('GET', '/api/ingestao-pub/entidades', writer.token);
  return discovery?.status === 200 ? null : `discovery answered ${discovery ? `${discovery.status} ${discovery.body?.codigo}` : 'nothing'}`;
}

async function main(): Promise<number> {
  process.env.INGESTION_RATE_LIMIT_PER_MINUTE ??= '100000';
  delete process.env.MONGODB_URL;
  delete process.env.NATS_URL;
  console.log(`chaos: starting a throw-away stack (${WRITERS} writers)`);
  const { stack, dataDir } = await startIsolatedStack('chaos', 'warn');
  const results: [string, boolean, string][] = [];
  let replica: { child: Child; url: string } | null = null;
  const check = (name: string, ok: boolean, detail = '') => {
    results.push([name, ok, detail]);
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
  };
  try {
    process.env.TEST_GATEWAY_URL = stack.gatewayUrl;
    process.env.TEST_SESSION_SECRET = stack.sessionSecret;
    for (const service of SERVICES) process.env[`TEST_${service.name.toUpperCase().replace('-', '_')}_URL`] = stack.serviceUrls[service.name];
    const second = await startSecondReplica(stack, path.join(dataDir, 'logs'));
    replica = second;
    const writers = await Promise.all(Array.from({ length: WRITERS }, (_, i) => newWriter(i, second.url)));

    let running = true;
    const batches: BatchOutcome[] = [];
    const versions = new Map<string, Set<number>>(writers.map((w) => [w.companyId, new Set<number>()]));
    const load = writers.flatMap((writer) => [
      (async () => {
        for (let sequence = 0; running; sequence += 1) batches.push(await writeBatch(writer, sequence));
      })(),
      (async () => {
        for (let sequence = 0; running; sequence += 1) {
          const versao = await saveSettings(writer, sequence);
          if (versao !== null) versions.get(writer.companyId)!.add(versao);
          await sleep(300);
        }
      })(),
    ]);
    let fiscal: FiscalOutcome | null = null;
    const fiscalRun = fiscalLoad(call, () => running).then((outcome) => (fiscal = outcome));
    const killWindows: { from: number; to: number }[] = [];

    const faults: [string, StackUnit, boolean][] = [
      ['restart of PostgreSQL and FerretDB', 'store', false],
      ['restart of NATS', 'nats', false],
      ['ingestion killed (SIGKILL) and started again', 'ingestion', true],
    ];
    await sleep(STEADY_MS);
    for (const [name, unit, kill] of faults) {
      const started = performance.now();
      await stack.units.stop(unit, { kill });
      await sleep(1_000);
      await stack.units.start(unit);
      let missing: string | null = 'not checked yet';
      while ((missing = await notBack(stack, writers[0], second.url)) && performance.now() - started < RECOVERY_LIMIT_MS) await sleep(200);
      if (unit === 'ingestion') killWindows.push({ from: started, to: performance.now() });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      check(`recovery after the ${name}`, !missing, missing ? `not back after ${seconds} s: ${missing}` : `${seconds} s from the stop (1 s down) until every process is ready and a token is served`);
      await sleep(STEADY_MS);
    }
    running = false;
    await Promise.all([...load, fiscalRun]);

    // The kit's MongoDB client alone, on a store of its own restarted four times under load (store-restart.ts).
    const restarts = await clientsBackAfterStoreRestarts();
    check(
      'every MongoDB client of the kit answers again after each of 4 store restarts under load',
      restarts.notBack.length === 0,
      `${restarts.seconds.join(' / ')} s from each stop until all six answer${restarts.notBack.length ? `; not back within 60 s: ${restarts.notBack.join('; ')}` : ''}`,
    );
    // The outbox relay publishes at once and again every 2 s: give a save made just before the end its turn.
    await sleep(5_000);

    const db = await mongoose.createConnection(stack.mongodbUrl, { dbName: 'erp_ingestion' }).asPromise();
    const stored = new Set(
      (await db.collection('incidente_seguranca').find({ companyId: { $in: writers.map((w) => w.companyId) } }, { projection: { chave: 1 } }).toArray()).map((doc) => String(doc.chave)),
    );
    await db.close();
    const okMissing = batches.flatMap((b) => b.ok.filter((key) => !stored.has(key)));
    check('every row reported OK is stored', okMissing.length === 0, `${batches.reduce((n, b) => n + b.ok.length, 0)} rows OK in ${batches.length} batches${okMissing.length ? `; missing: ${okMissing.slice(0, 5).join(', ')}` : ''}`);
    const refusedStored = batches.filter((b) => stored.has(b.refusedKey)).map((b) => b.refusedKey);
    check('no refused row is stored', refusedStored.length === 0, refusedStored.slice(0, 5).join(', '));
    // A batch answered with a failure and never sent again: all of its rows or none may be stored.
    const refused = batches.filter((b) => b.failed);
    const half = refused.filter((b) => b.keys.some((k) => stored.has(k)) && !b.keys.every((k) => stored.has(k)));
    check(
      'no batch answered with a failure is half-written',
      half.length === 0,
      `${refused.length} batches answered with a failure and not retried (${refused.filter((b) => b.keys.every((k) => stored.has(k))).length} of them fully stored, the rest not at all)${half.length ? `; half-written: ${half.map((b) => `${b.keys.filter((k) => stored.has(k)).length}/${b.keys.length} of ${b.keys[0]}`).slice(0, 5).join(', ')}` : ''}; ${batches.filter((b) => b.attempts > 1).length} retried batches`,
    );
    const duringKill = batches.flatMap((b) => (b.base === second.url ? b.answers : [])).filter((a) => killWindows.some((w) => a.at >= w.from && a.at <= w.to));
    const notServed = duringKill.filter((a) => a.status !== 200);
    check(
      'the other ingestion replica serves while one is killed',
      duringKill.length > 0 && notServed.length === 0,
      `${duringKill.length} batches to the second replica answered while the first was down${notServed.length ? `; not 200: ${notServed.map((a) => a.status ?? 'none').join(', ')}` : ''}`,
    );

    const nc = await connect({ servers: stack.natsUrl });
    const seen = new Map<string, Set<number>>();
    const ids = new Set<string>();
    // The stream holds settings.v1.changed only; an ordered consumer reads it from the start.
    const consumer = await jetstream(nc).consumers.get(Streams.settings.name);
    for (;;) {
      const batch = await consumer.fetch({ max_messages: 500, expires: 2_000 });
      let count = 0;
      for await (const msg of batch) {
        count += 1;
        const id = msg.headers?.get('Nats-Msg-Id') ?? `${msg.seq}`;
        if (ids.has(id)) continue;
        ids.add(id);
        const event = msg.json<{ companyId: string; versao: number }>();
        if (!seen.has(event.companyId)) seen.set(event.companyId, new Set());
        seen.get(event.companyId)!.add(event.versao);
      }
      if (count === 0) break;
    }
    const fiscalDone = fiscal as FiscalOutcome | null;
    const fiscalProblems = fiscalDone ? await fiscalEventProblems(nc, fiscalDone) : ['the fiscal load did not finish'];
    check(
      'every cancellation (ERP_NFE_CANCELADA) and every provisioned title (conta-pagar.solicitada) on its stream exactly once',
      fiscalProblems.length === 0 && (fiscalDone?.cancelled.length ?? 0) > 0 && (fiscalDone?.titles.length ?? 0) > 0,
      `${fiscalDone?.cancelled.length ?? 0} documents cancelled, ${fiscalDone?.titles.length ?? 0} titles provisioned, ${fiscalDone?.gaveUp ?? 0} operations given up${fiscalProblems.length ? `; ${fiscalProblems.slice(0, 5).join(', ')}` : ''}`,
    );
    await nc.close();
    const lost = writers.flatMap((w) => [...versions.get(w.companyId)!].filter((v) => !seen.get(w.companyId)?.has(v)).map((v) => `${w.companyId} v${v}`));
    const saved = writers.reduce((n, w) => n + versions.get(w.companyId)!.size, 0);
    check('every saved settings version has its event (consumer de-duplicating by id)', lost.length === 0, `${saved} versions saved${lost.length ? `; no event for ${lost.slice(0, 5).join(', ')}` : ''}`);

    const missing = await notBack(stack, writers[0], second.url);
    check('every process ready at the end without help', !missing, missing ?? '');
    check(`every request answered within ${ANSWER_WITHIN_MS / 1000} s`, unanswered.length === 0, unanswered.slice(0, 5).join(', '));
    check('no 5xx but 503/504 with Retry-After, no ERRO_INTERNO', badAnswers.length === 0, `answers by status: ${JSON.stringify(byStatus)}${badAnswers.length ? `; ${badAnswers.slice(0, 5).join(' | ')}` : ''}`);
  } finally {
    if (replica) await stopChild(replica.child);
    await stack.stop();
    if (!process.env.KEEP_TEST_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
    else console.log(`logs: ${dataDir}/logs`);
  }
  const failed = results.filter(([, ok]) => !ok).length;
  console.log(`${results.length - failed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
