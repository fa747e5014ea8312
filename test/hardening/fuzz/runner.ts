import http from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { graphql, rest } from '../../support/env';
import { controlSnapshot, SERVICE_NAMES, type FuzzContext } from './context';
import { generate, type FuzzRequest } from './generators';
import { judge, type FuzzResponse } from './oracle';
import { Random } from './random';

export interface FuzzOptions {
  seed: number;
  count: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Only these request numbers (to reproduce a failure). */
  only?: number[];
  /** Per-request client timeout; a request not answered by then is a failure. */
  timeoutMs?: number;
  /** The slowest a bystander's request may be while the run goes on. */
  sentinelCeilingMs?: number;
  log?: (line: string) => void;
}

export interface FuzzFailure {
  request: FuzzRequest;
  problems: string[];
  status: number | null;
  excerpt: string;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  passed: number;
  failed: number;
  failures: FuzzFailure[];
  byStatus: Record<string, number>;
  latencyMs: { p50: number; p99: number; max: number };
  sentinel: { samples: number; maxMs: number; p99Ms: number; errors: string[] };
  durationMs: number;
}

const MAX_BODY = 16 * 1024 * 1024;

function baseOf(request: FuzzRequest, context: FuzzContext): URL {
  return new URL(request.target === 'gateway' ? context.gatewayUrl : context.serviceUrls[request.target]);
}

/** Sends a request as generated: path and headers as they are, through a bounded keep-alive agent. */
function sendHttp(request: FuzzRequest, base: URL, agent: http.Agent, timeoutMs: number): Promise<FuzzResponse> {
  const started = performance.now();
  let connection: string | undefined;
  return new Promise((resolve) => {
    let settled = false;
    const done = (response: Omit<FuzzResponse, 'ms'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...response, ms: performance.now() - started, connection });
    };
    let outgoing: http.ClientRequest;
    try {
      // The length is stated: Node's client sends the body of a DELETE or OPTIONS unframed otherwise.
      const headers = request.body ? { ...request.headers, 'content-length': String(request.body.length) } : request.headers;
      outgoing = http.request({ host: base.hostname, port: base.port, method: request.method, path: request.path, headers, agent, timeout: timeoutMs }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_BODY) chunks.push(chunk);
        });
        res.on('end', () => done({ status: res.statusCode ?? null, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (error) => done({ status: res.statusCode ?? null, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), error: error.message }));
      });
    } catch (error) {
      // Node refuses to send it (a character not allowed in a header, say): nothing reached the server.
      return done({ status: 0, headers: {}, body: '', error: `not sendable: ${(error as Error).message}` });
    }
    outgoing.on('socket', (socket) => {
      const note = () => {
        connection = `${socket.localPort}`;
      };
      if (socket.localPort) note();
      else socket.once('connect', note);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on('error', (error) => done({ status: null, headers: {}, body: '', error: error.message }));
    outgoing.end(request.body);
  });
}

/** Writes raw bytes and reads until the server closes (it must, after a framing error) or the timeout. */
function sendRaw(request: FuzzRequest, base: URL, timeoutMs: number): Promise<FuzzResponse> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect(Number(base.port), base.hostname);
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('utf8');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      const bodyStart = text.indexOf('\r\n\r\n');
      resolve({
        status: status ? Number(status[1]) : null,
        headers: {},
        body: bodyStart >= 0 ? text.slice(bodyStart + 4) : '',
        ms: performance.now() - started,
        error: status ? undefined : (error ?? `no HTTP answer (${JSON.stringify(text.slice(0, 60))})`),
      });
    };
    // A request the server may keep open (HTTP/1.0 with a valid answer, say) is done once an answer arrived.
    const timer = setTimeout(() => finish(`no answer within ${timeoutMs} ms`), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (/^HTTP\/1\.[01] \d{3}/.test(Buffer.concat(chunks).toString('latin1')) && Buffer.concat(chunks).includes('\r\n\r\n')) setTimeout(() => finish(), 200);
    });
    socket.on('end', () => finish());
    socket.on('error', (error) => finish(error.message));
    socket.write(request.raw!);
  });
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

/** A bystander company's reads, one after the other, for as long as the run lasts: none may be slow. */
function startSentinel(context: FuzzContext) {
  const times: number[] = [];
  const errors: string[] = [];
  let running = true;
  let round = 0;
  const loop = (async () => {
    while (running) {
      round += 1;
      const started = performance.now();
      try {
        if (round % 8 === 0) {
          const reply = await rest('GET', '/api/ingestao-pub/entidades', { bearer: context.sentinel.token });
          if (reply.status !== 200) errors.push(`sentinel discovery: HTTP ${reply.status} ${reply.body?.codigo}`);
        } else {
          const reply = await graphql('{ historicoImportacoes(primeiros: 5) { itens { loteId } } }', {}, context.sentinel.session);
          if (reply.errors) errors.push(`sentinel history: ${JSON.stringify(reply.errors).slice(0, 200)}`);
        }
      } catch (error) {
        errors.push(`sentinel: ${(error as Error).message}`);
      }
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  })();
  return async () => {
    running = false;
    await loop;
    const sorted = [...times].sort((a, b) => a - b);
    return { samples: times.length, maxMs: Math.round(sorted[sorted.length - 1] ?? 0), p99Ms: Math.round(percentile(sorted, 99)), errors };
  };
}

export async function isHealthy(context: FuzzContext): Promise<string[]> {
  const problems: string[] = [];
  for (const [name, url] of [['gateway', context.gatewayUrl], ...SERVICE_NAMES.map((service) => [service, context.serviceUrls[service]])] as const) {
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.status !== 200) problems.push(`${name} not ready (HTTP ${response.status})`);
    } catch (error) {
      problems.push(`${name} not answering: ${(error as Error).message}`);
    }
  }
  return problems;
}

/**
 * Sends `count` generated requests, `concurrency` at a time, judging each; meanwhile a bystander's requests
 * are timed. Before and after, the control company's data is read; after, every process must be ready.
 * Each of those checks counts as one more passed or failed test in the report.
 */
export async function runFuzz(context: FuzzContext, options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => undefined);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const indexes = options.only ?? Array.from({ length: options.count }, (_, i) => i);
  const failures: FuzzFailure[] = [];
  const byStatus: Record<string, number> = {};
  const latencies: number[] = [];
  let passed = 0;
  const lastOnConnection = new Map<string, number>();

  const before = await controlSnapshot(context);
  const started = performance.now();
  const stopSentinel = startSentinel(context);
  let next = 0;
  const worker = async () => {
    while (next < indexes.length) {
      const index = indexes[next];
      next += 1;
      const request = generate(index, context, Random.forRequest(options.seed, index));
      const base = baseOf(request, context);
      const response = request.raw ? await sendRaw(request, base, timeoutMs) : await sendHttp(request, base, agent, timeoutMs);
      const problems = response.status === 0 ? [response.error ?? 'not sendable'] : judge(request, response, [context.marker, ...context.controlTexts]);
      // A keep-alive connection carries several requests: a failure may be the previous one's doing.
      if (response.connection) {
        const previous = lastOnConnection.get(response.connection);
        if (problems.length > 0 && previous !== undefined) problems.push(`previous request on this connection: #${previous}`);
        lastOnConnection.set(response.connection, index);
      }
      byStatus[String(response.status)] = (byStatus[String(response.status)] ?? 0) + 1;
      latencies.push(response.ms);
      if (problems.length === 0) passed += 1;
      else {
        failures.push({ request, problems, status: response.status, excerpt: response.body.slice(0, 300) });
        log(`FAIL #${index} [${request.category}] ${request.description}: ${problems.join('; ')}`);
      }
      const sent = passed + failures.length;
      if (sent % 1000 === 0) log(`${sent} requests, ${failures.length} failed`);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const sentinel = await stopSentinel();
  const durationMs = performance.now() - started;
  agent.destroy();

  const checks: [string, string[]][] = [
    ['control company data intact (written before, read after)', (await controlSnapshot(context)) === before ? [] : ['the control company reads differently after the run']],
    ['every process ready after the run', await isHealthy(context)],
    [`no bystander request over ${options.sentinelCeilingMs ?? 1_000} ms`, sentinel.maxMs > (options.sentinelCeilingMs ?? 1_000) ? [`slowest bystander request ${sentinel.maxMs} ms`] : []],
    ['bystander requests all answered', sentinel.errors.slice(0, 5)],
  ];
  for (const [name, problems] of checks) {
    if (problems.length === 0) passed += 1;
    else {
      failures.push({ request: { index: -1, category: 'check', description: name, target: 'gateway', method: '-', path: '-', headers: {} }, problems, status: null, excerpt: '' });
      log(`FAIL ${name}: ${problems.join('; ')}`);
    }
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    seed: options.seed,
    requests: indexes.length,
    passed,
    failed: failures.length,
    failures,
    byStatus,
    latencyMs: { p50: Math.round(percentile(sorted, 50)), p99: Math.round(percentile(sorted, 99)), max: Math.round(sorted[sorted.length - 1] ?? 0) },
    sentinel,
    durationMs: Math.round(durationMs),
  };
}

/** A failure as a person reads it: the request (to send again by hand) and what was wrong. */
export function describeFailure(failure: FuzzFailure, seed: number): string {
  const { request } = failure;
  if (request.index < 0) return `check "${request.description}": ${failure.problems.join('; ')}`;
  const body = request.raw ? request.raw : request.body;
  const shown = body ? `${body.subarray(0, 400).toString('utf8')}${body.length > 400 ? `… (${body.length} bytes)` : ''}` : '';
  return [
    `#${request.index} [${request.category}] ${request.description}`,
    `  problems: ${failure.problems.join('; ')}`,
    `  reproduce: FUZZ_SEED=${seed} FUZZ_ONLY=${request.index} npm run fuzz`,
    `  ${request.method} ${request.path.slice(0, 300)} -> ${request.target}`,
    `  headers: ${JSON.stringify(request.headers).slice(0, 400)}`,
    shown ? `  body: ${JSON.stringify(shown)}` : '',
    `  answer: HTTP ${failure.status} ${JSON.stringify(failure.excerpt)}`,
  ]
    .filter(Boolean)
    .join('\n');
}
