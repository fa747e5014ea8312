import fs from 'node:fs';
import path from 'node:path';
import { ferretdbBinary, natsServerBinary } from './binaries';
import { startChild, stopChild, tail, type Child } from './processes';
import { waitForPort } from './ports';
import { loadOrCreateDevSecrets } from './secrets';

const ROOT = path.resolve(__dirname, '..', '..');

/** The five services, in start order, with the environment variable the gateway reads their URL from. */
export const SERVICES = [
  { name: 'token', urlEnv: 'TOKEN_SERVICE_URL', offset: 1 },
  { name: 'ingestion', urlEnv: 'INGESTION_SERVICE_URL', offset: 2 },
  { name: 'fiscal-document', urlEnv: 'FISCAL_DOCUMENT_SERVICE_URL', offset: 3 },
  { name: 'tax-simulation', urlEnv: 'TAX_SIMULATION_SERVICE_URL', offset: 4 },
  { name: 'settings', urlEnv: 'SETTINGS_SERVICE_URL', offset: 5 },
] as const;
export type ServiceName = (typeof SERVICES)[number]['name'];

export interface StackOptions {
  dataDir: string;
  gatewayPort: number;
  servicePorts: Record<ServiceName, number>;
  ferretdbPort: number;
  natsPort: number;
  /** Use these instead of starting local FerretDB / NATS. */
  mongodbUrl?: string;
  natsUrl?: string;
  /** Children write here instead of the terminal. */
  logDir?: string;
  nodeEnv: 'development' | 'test';
  logLevel: string;
  onProgress?: (message: string) => void;
}

export interface RunningStack {
  gatewayUrl: string;
  serviceUrls: Record<ServiceName, string>;
  mongodbUrl: string;
  natsUrl: string;
  sessionSecret: string;
  stop: () => Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;

async function waitReady(child: Child, url: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!child.alive()) break;
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${child.name} did not become ready at ${url}\n${tail(child.logFile)}`);
}

/**
 * Starts FerretDB and NATS (unless URLs are given), the five services, then the gateway once every service
 * is ready (it composes the supergraph from them at start). Any failure stops what was started.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const progress = options.onProgress ?? (() => undefined);
  const children: Child[] = [];
  const stop = async () => {
    for (const child of [...children].reverse()) await stopChild(child);
  };
  try {
    fs.mkdirSync(options.dataDir, { recursive: true });
    if (options.logDir) fs.mkdirSync(options.logDir, { recursive: true });
    const secrets = loadOrCreateDevSecrets(options.dataDir);
    const common = { cwd: ROOT, logDir: options.logDir };

    let mongodbUrl = options.mongodbUrl;
    if (!mongodbUrl) {
      const dir = path.join(options.dataDir, 'ferretdb');
      fs.mkdirSync(dir, { recursive: true });
      const ferret = startChild(
        'ferretdb',
        ferretdbBinary(),
        [
          '--handler=sqlite',
          `--sqlite-url=file:${dir}/`,
          `--listen-addr=127.0.0.1:${options.ferretdbPort}`,
          `--state-dir=${options.dataDir}`,
          '--debug-addr=-',
          '--telemetry=disable',
          '--log-level=warn',
        ],
        { ...common, env: process.env },
      );
      children.push(ferret);
      await waitForPort(options.ferretdbPort, 30_000, ferret.alive);
      mongodbUrl = `mongodb://127.0.0.1:${options.ferretdbPort}/`;
      progress(`FerretDB on ${mongodbUrl}`);
    }

    let natsUrl = options.natsUrl;
    if (!natsUrl) {
      const dir = path.join(options.dataDir, 'nats');
      const nats = startChild(
        'nats',
        natsServerBinary(),
        ['-a', '127.0.0.1', '-p', String(options.natsPort), '-js', '-sd', dir],
        { ...common, env: process.env },
      );
      children.push(nats);
      await waitForPort(options.natsPort, 30_000, nats.alive);
      natsUrl = `nats://127.0.0.1:${options.natsPort}`;
      progress(`NATS with JetStream on ${natsUrl}`);
    }

    const baseEnv: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: options.nodeEnv,
      LOG_LEVEL: options.logLevel,
      MONGODB_URL: mongodbUrl,
      NATS_URL: natsUrl,
      SESSION_JWT_SECRET: secrets.sessionSecret,
      SETTINGS_ENCRYPTION_KEYS: process.env.SETTINGS_ENCRYPTION_KEYS ?? secrets.settingsKeys,
      APOLLO_TELEMETRY_DISABLED: '1',
    };
    const serviceUrls = {} as Record<ServiceName, string>;
    const started: [Child, string][] = [];
    for (const service of SERVICES) {
      const port = options.servicePorts[service.name];
      const url = `http://127.0.0.1:${port}`;
      const child = startChild(
        service.name,
        process.execPath,
        ['--import', 'tsx', `services/${service.name}/src/main.ts`],
        { ...common, env: { ...baseEnv, PORT: String(port) } },
      );
      children.push(child);
      started.push([child, url]);
      serviceUrls[service.name] = url;
    }
    await Promise.all(started.map(([child, url]) => waitReady(child, url)));
    progress(`services ready: ${SERVICES.map((s) => s.name).join(', ')}`);

    const gatewayUrl = `http://127.0.0.1:${options.gatewayPort}`;
    const gatewayEnv: NodeJS.ProcessEnv = { ...baseEnv, PORT: String(options.gatewayPort) };
    for (const service of SERVICES) gatewayEnv[service.urlEnv] = serviceUrls[service.name];
    const gateway = startChild('gateway', process.execPath, ['--import', 'tsx', 'gateway/src/main.ts'], {
      ...common,
      env: gatewayEnv,
    });
    children.push(gateway);
    await waitReady(gateway, gatewayUrl);
    progress(`gateway ready on ${gatewayUrl}`);

    return { gatewayUrl, serviceUrls, mongodbUrl, natsUrl, sessionSecret: secrets.sessionSecret, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
