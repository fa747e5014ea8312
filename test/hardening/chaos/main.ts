import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import mongoose from 'mongoose';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { Streams } from '@erp/contracts';
import { SERVICES, type RunningStack, type StackUnit } from '../../../scripts/stack';
import { startIsolatedStack } from '../../support/isolated-stack';
import { graphql, newCompanyId, sessionFor } from '../../support/env';
import { CRIAR } from '../../e2e/token-helpers';

/**
 * `npm run chaos`: a throw-away stack on 127.0.0.1 under a steady load (CHAOS_WRITERS companies, default 4,
 * each writing 10-row batches with its own token, one row always refused; and saving its fiscal settings,
 * each save a settings.v1.changed event), while the store (PostgreSQL and FerretDB), NATS, and the ingestion
 * service (SIGKILL) are each stopped and started again. A failed request is retried as a client would (the
 * same batch, UPSERT). Pass: no row reported OK that is not stored, no refused row stored, no batch left
 * half-written, every process ready again without help, every saved settings version's event in the stream
 * (read by a consumer that de-duplicates by id). Prints each recovery time and `N passed, M failed`.
 */
const WRITERS = Number(process.env.CHAOS_WRITERS ?? 4);
const STEADY_MS = Number(process.env.CHAOS_STEADY_MS ?? 6_000);
const RECOVERY_LIMIT_MS = 90_000;
const ROWS = 10;

interface Writer {
  companyId: string;
  session: string;
  token: string;
}

interface BatchOutcome {
  companyId: string;
  keys: string[];
  /** Keys the last answer reported OK (stored), after any retries. */
  ok: string[];
  refusedKey: string;
  /** The batch never got a 200, even after its retries. */
  failed: boolean;
  attempts: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** No request may go unanswered: past this, it counts as a failure of the run. */
const ANSWER_WITHIN_MS = 35_000;
const unanswered: string[] = [];

/** A JSON request through the gateway, abandoned (and recorded) when not answered in time. */
async function call(method: string, path: string, bearer: string, body?: unknown): Promise<{ status: number; body: any } | null> {
  try {
    const response = await fetch(`${process.env.TEST_GATEWAY_URL}${path}`, {
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
    return { status: response.status, body: parsed };
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') unanswered.push(`${method} ${path}`);
    return null;
  }
}

async function newWriter(): Promise<Writer> {
  const companyId = newCompanyId('chaos');
  const session = await sessionFor(companyId, 'admin');
  const created = await graphql<{ criarTokenIngestao: { token: string } }>(CRIAR, { input: { nome: `chaos ${companyId}`, entidades: ['incidente_seguranca'] } }, session);
  if (!created.data) throw new Error(`chaos setup: ${JSON.stringify(created.errors)}`);
  return { companyId, session, token: created.data.criarTokenIngestao.token };
}

/** One batch, retried (the same rows) until a 200 or 20 tries: what an integration does after a 5xx. */
async function writeBatch(writer: Writer, sequence: number): Promise<BatchOutcome> {
  const keys = Array.from({ length: ROWS }, (_, i) => `${writer.companyId}-${sequence}-${i}`);
  const refusedKey = `${writer.companyId}-${sequence}-refused`;
  const linhas = [...keys.map((codigo) => ({ codigo, titulo: `lote ${sequence}`, tipo: 'Integridade', severidade: 'Alta' })), { codigo: refusedKey, tipo: 'Ransomware' }];
  for (let attempt = 1; attempt <= 20; attempt += 1) {
    // A reset, a 503 with Retry-After, a timeout: retried like any failure.
    const reply = await call('POST', '/api/ingestao-pub/incidente_seguranca', writer.token, { linhas });
    if (reply?.status === 200) {
      const ok = (reply.body.dados.resultados as { linha: number; status: string }[]).filter((r) => r.status === 'OK').map((r) => linhas[r.linha - 1].codigo);
      return { companyId: writer.companyId, keys, ok, refusedKey, failed: false, attempts: attempt };
    }
    await sleep(500 * Math.min(attempt, 4));
  }
  return { companyId: writer.companyId, keys, ok: [], refusedKey, failed: true, attempts: 20 };
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
async function notBack(stack: RunningStack, writer: Writer): Promise<string | null> {
  for (const [name, url] of Object.entries({ gateway: stack.gatewayUrl, ...stack.serviceUrls })) {
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
  const check = (name: string, ok: boolean, detail = '') => {
    results.push([name, ok, detail]);
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
  };
  try {
    process.env.TEST_GATEWAY_URL = stack.gatewayUrl;
    process.env.TEST_SESSION_SECRET = stack.sessionSecret;
    for (const service of SERVICES) process.env[`TEST_${service.name.toUpperCase().replace('-', '_')}_URL`] = stack.serviceUrls[service.name];
    const writers = await Promise.all(Array.from({ length: WRITERS }, newWriter));

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
      while ((missing = await notBack(stack, writers[0])) && performance.now() - started < RECOVERY_LIMIT_MS) await sleep(200);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      check(`recovery after the ${name}`, !missing, missing ? `not back after ${seconds} s: ${missing}` : `${seconds} s from the stop (1 s down) until every process is ready and a token is served`);
      await sleep(STEADY_MS);
    }
    running = false;
    await Promise.all(load);
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
    const half = batches.filter((b) => b.failed && b.keys.some((k) => stored.has(k)) && !b.keys.every((k) => stored.has(k)));
    check('no batch left half-written', half.length === 0, `${batches.filter((b) => b.failed).length} batches never answered 200 after 20 tries${half.length ? `; half-written: ${half.length}` : ''}; ${batches.filter((b) => b.attempts > 1).length} needed a retry`);

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
    await nc.close();
    const lost = writers.flatMap((w) => [...versions.get(w.companyId)!].filter((v) => !seen.get(w.companyId)?.has(v)).map((v) => `${w.companyId} v${v}`));
    const saved = writers.reduce((n, w) => n + versions.get(w.companyId)!.size, 0);
    check('every saved settings version has its event (consumer de-duplicating by id)', lost.length === 0, `${saved} versions saved${lost.length ? `; no event for ${lost.slice(0, 5).join(', ')}` : ''}`);

    const missing = await notBack(stack, writers[0]);
    check('every process ready at the end without help', !missing, missing ?? '');
    check(`every request answered within ${ANSWER_WITHIN_MS / 1000} s`, unanswered.length === 0, unanswered.slice(0, 5).join(', '));
  } finally {
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
