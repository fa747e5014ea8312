import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { natsServerBinary } from '../../scripts/stack/binaries';
import { freePort, waitForPort } from '../../scripts/stack/ports';
import { stackEnv } from '../support/env';

/**
 * The build the image runs (`npm run build`): every process compiled to plain JavaScript, started with `node`
 * alone (no tsx), as the image starts it: production mode, the telemetry preload, a public session key.
 */
jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '..', '..');
// Inside the repository so the bundles find node_modules as they will in the image (/app/dist next to /app/node_modules).
const OUT = path.join(ROOT, '.data', `build-test-${process.pid}`);
const rootManifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

const children: ChildProcess[] = [];
let natsDir: string;
let buildOutput: string;
const PROCESSES = ['token', 'ingestion', 'fiscal-document', 'tax-simulation', 'settings', 'gateway', 'telemetry-preload'];

function start(command: string, args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  children.push(child);
  return { child, output: () => output };
}

async function ready(url: string, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${url}/readyz`).catch(() => null);
    if (response?.ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready:\n${output().slice(-3000)}`);
}

/** SIGTERM, then how it ended: its exit code, or the signal that ended it. */
function stopped(child: ChildProcess): Promise<number | string | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode ?? child.signalCode);
    child.once('exit', (code, signal) => resolve(code ?? signal));
    child.kill('SIGTERM');
  });
}

const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const productionEnv = (port: number): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  LOG_LEVEL: 'info',
  SESSION_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  SESSION_ISSUER: 'erp-build-test',
  SESSION_AUDIENCE: 'erp-internal',
  APOLLO_TELEMETRY_DISABLED: '1',
});

beforeAll(() => {
  // Exactly what the image runs, into a folder of this test's own.
  buildOutput = execFileSync('npm', ['run', '-s', 'build', '--', OUT], { cwd: ROOT, encoding: 'utf8' });
});

afterAll(async () => {
  await Promise.all(children.map(stopped));
  fs.rmSync(OUT, { recursive: true, force: true });
  if (natsDir) fs.rmSync(natsDir, { recursive: true, force: true });
});

test('build - one JavaScript file per process, requiring only production dependencies', () => {
  expect(buildOutput).toMatch(/built \d+ files/);
  expect(fs.readdirSync(OUT).filter((name) => name.endsWith('.js')).sort()).toEqual(PROCESSES.map((name) => `${name}.js`).sort());
  const required = new Set<string>();
  for (const file of fs.readdirSync(OUT).filter((name) => name.endsWith('.js'))) {
    for (const match of fs.readFileSync(path.join(OUT, file), 'utf8').matchAll(/require\("([^"]+)"\)/g)) required.add(match[1]);
  }
  const packages = [...required].filter((name) => !name.startsWith('node:')).map((name) => name.split('/').slice(0, name.startsWith('@') ? 2 : 1).join('/'));
  // Our own workspaces are compiled in; whatever else runs is installed by `npm install --omit=dev`.
  expect(packages.filter((name) => name.startsWith('@erp/'))).toEqual([]);
  expect([...new Set(packages)].filter((name) => !(name in rootManifest.dependencies))).toEqual([]);
  expect(packages.filter((name) => ['tsx', 'typescript', 'esbuild', 'jest'].includes(name))).toEqual([]);
});

test('build - a service runs from dist with plain node (production mode, telemetry preload), answers /readyz and /metrics, and stops on SIGTERM', async () => {
  natsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-build-nats-'));
  const natsPort = await freePort();
  const nats = start(natsServerBinary(), ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', natsDir], { PATH: process.env.PATH });
  await waitForPort(natsPort, 20_000, () => nats.child.exitCode === null);

  const port = await freePort();
  const service = start(process.execPath, ['--enable-source-maps', '--require', path.join(OUT, 'telemetry-preload.js'), path.join(OUT, 'tax-simulation.js')], {
    ...productionEnv(port),
    MONGODB_URL: stackEnv.mongodbUrl,
    MONGODB_DB: `build_test_${process.pid}`,
    NATS_URL: `nats://127.0.0.1:${natsPort}`,
  });
  const url = `http://127.0.0.1:${port}`;
  await ready(url, service.output);

  const metrics = await (await fetch(`${url}/metrics`)).text();
  expect(metrics).toContain('process_resident_memory_bytes{service="tax-simulation"}');
  expect(metrics).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/readyz"/);
  // Composition reads the subgraph's SDL without a session; anything else needs one (production keys only).
  const sdl = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ _service { sdl } }' }) });
  expect(sdl.status).toBe(200);
  expect(((await sdl.json()) as any).data._service.sdl).toContain('simularImpostos');
  const lines = service.output().split('\n').filter(Boolean).map((line) => JSON.parse(line));
  expect(lines.some((line) => line.service === 'tax-simulation' && line.msg === 'nats connected')).toBe(true);

  const exit = await stopped(service.child);
  if (exit !== 0) console.log(service.output().slice(-3000));
  expect(exit).toBe(0);
});

test('build - the gateway runs from dist: composes the graph from the services, serves /api/openapi.json, /api/docs without any CDN, and /metrics', async () => {
  const port = await freePort();
  const gateway = start(process.execPath, ['--enable-source-maps', '--require', path.join(OUT, 'telemetry-preload.js'), path.join(OUT, 'gateway.js')], {
    ...productionEnv(port),
    TOKEN_SERVICE_URL: stackEnv.serviceUrl('token'),
    INGESTION_SERVICE_URL: stackEnv.serviceUrl('ingestion'),
    FISCAL_DOCUMENT_SERVICE_URL: stackEnv.serviceUrl('fiscal-document'),
    TAX_SIMULATION_SERVICE_URL: stackEnv.serviceUrl('tax-simulation'),
    SETTINGS_SERVICE_URL: stackEnv.serviceUrl('settings'),
  });
  const url = `http://127.0.0.1:${port}`;
  await ready(url, gateway.output);

  const document = (await (await fetch(`${url}/api/openapi.json`)).json()) as any;
  expect(document.openapi).toBe('3.1.0');
  const docs = await fetch(`${url}/api/docs/`);
  expect(docs.status).toBe(200);
  const page = await docs.text();
  expect(page).toContain('swagger-ui');
  // Every script and stylesheet of the page comes from the gateway itself.
  const assets = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
  expect(assets.filter((asset) => /^(https?:)?\/\//.test(asset))).toEqual([]);
  for (const asset of assets.filter((a) => a.endsWith('.js') || a.endsWith('.css'))) {
    const response = await fetch(new URL(asset, `${url}/api/docs/`));
    // Read whole: an unread 1 MB answer stalls on the socket and keeps its connection busy past SIGTERM.
    const size = (await response.arrayBuffer()).byteLength;
    expect({ asset, status: response.status, empty: size === 0 }).toEqual({ asset, status: 200, empty: false });
  }
  expect(await (await fetch(`${url}/metrics`)).text()).toContain('service="gateway"');
  const unauthenticated = await fetch(`${url}/graphql?query=${encodeURIComponent('{ __typename }')}`);
  expect(unauthenticated.status).toBe(401);
  expect(((await unauthenticated.json()) as any).errors[0].extensions.code).toBe('UNAUTHENTICATED');

  const exit = await stopped(gateway.child);
  if (exit !== 0) console.log(gateway.output().slice(-3000));
  expect(exit).toBe(0);
});
