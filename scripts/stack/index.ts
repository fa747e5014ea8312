import fs from 'node:fs';
import path from 'node:path';
import { natsServerBinary } from './binaries';
import { startChild, stopChild, stopInReverse, tail, type Child } from './processes';
import { waitForPort } from './ports';
import { loadOrCreateDevSecrets } from './secrets';
import { startLocalStore } from './store';

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

/**
 * The local authority (services/local-authority): the NF-e web services of homologation over mutual TLS, started
 * before the services (the settings relay is given its URL and the CA it made). `port`: health and metrics;
 * `tlsPort`: the web services; `controlPort`: scenario control, only when given (tests).
 */
export interface LocalAuthorityPorts {
  port: number;
  tlsPort: number;
  controlPort?: number;
}

export interface StackOptions {
  dataDir: string;
  gatewayPort: number;
  servicePorts: Record<ServiceName, number>;
  localAuthority: LocalAuthorityPorts;
  ferretdbPort: number;
  /** Port of the local PostgreSQL cluster under FerretDB (127.0.0.1 only). */
  postgresPort: number;
  /**
   * Tests and benchmarks: the PostgreSQL cluster is thrown away after the run, so it runs without fsync, and
   * in the caller's process group (a Ctrl-C of jest stops it too). `npm start` keeps its data: fsync on, and
   * its own process group so that Ctrl-C stops it after FerretDB.
   */
  throwAwayStore: boolean;
  natsPort: number;
  /** Benchmarks only: the FerretDB binary of the local store (the unpatched release, measured beside ours). */
  ferretdbBinary?: string;
  /** Use these instead of starting the local store (PostgreSQL + FerretDB) / NATS. */
  mongodbUrl?: string;
  natsUrl?: string;
  /** Children write here instead of the terminal. */
  logDir?: string;
  nodeEnv: 'development' | 'test';
  logLevel: string;
  /** Added to every process's environment (a test's `OTEL_*` variables, say). */
  env?: NodeJS.ProcessEnv;
  /**
   * Databases `<prefix>_<service>` instead of `erp_<service>`: a second stack on the same MongoDB keeps its own
   * data (and its outbox relays never publish the first stack's events).
   */
  databasePrefix?: string;
  onProgress?: (message: string) => void;
}

/** What the chaos suite stops and starts again: the local store (PostgreSQL and FerretDB), NATS, a service, the gateway. */
export type StackUnit = 'store' | 'nats' | 'local-authority' | ServiceName | 'gateway';

export interface RunningStack {
  gatewayUrl: string;
  serviceUrls: Record<ServiceName, string>;
  /** The local authority's web services, the CA file its server certificate chains to, and its control port. */
  localAuthority: { url: string; caFile: string; controlUrl: string | null };
  mongodbUrl: string;
  natsUrl: string;
  sessionSecret: string;
  stop: () => Promise<void>;
  /**
   * Stops one unit (its stop signal, or SIGKILL with `kill`), and starts it again exactly as it was started,
   * resolving once it listens (the store, NATS) or is ready (a service, the gateway). Only units this stack
   * started itself (not a `mongodbUrl` or `natsUrl` given to it).
   */
  units: {
    stop: (unit: StackUnit, options?: { kill?: boolean }) => Promise<void>;
    start: (unit: StackUnit) => Promise<void>;
  };
}

const READY_TIMEOUT_MS = 60_000;

function databaseOf(service: ServiceName | 'local-authority', prefix: string | undefined): NodeJS.ProcessEnv {
  return prefix ? { MONGODB_DB: `${prefix}_${service.replace('-', '_')}` } : {};
}

/**
 * The software maker written as every NF-e's `infRespTec` in development and tests (an invented maker with a
 * homologation CSRT), unless the caller's environment names one: the local authority, as SEFAZ, rejects the NF-e of
 * issuers in AL, AM, MS, PE, PR, SC and TO without it (972). Production sets the real maker (required there).
 */
export function developmentTechnicalResponsible(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (env.FISCAL_RESP_TEC_CNPJ) return {};
  return {
    FISCAL_RESP_TEC_CNPJ: '11222333000181',
    FISCAL_RESP_TEC_CONTATO: 'Equipe Fiscal do ERP (desenvolvimento)',
    FISCAL_RESP_TEC_EMAIL: 'fiscal@example.com',
    FISCAL_RESP_TEC_FONE: '1130000000',
    FISCAL_RESP_TEC_CSRT_ID: '01',
    FISCAL_RESP_TEC_CSRT: 'CSRT0DE0HOMOLOGACAO0DO0ERP0LOCAL00001',
  };
}

/**
 * Every process starts with the kit's telemetry preload, so the `OTEL_*` variables of the caller's environment
 * turn tracing on (off when unset); each process gets its own `OTEL_SERVICE_NAME`.
 */
const NODE_ARGS = ['--import', 'tsx', '--import', './services/kit/src/telemetry-preload.ts'];

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
 * Starts PostgreSQL + FerretDB and NATS (unless URLs are given), the local authority, the five services, then the
 * gateway once every service is ready (it composes the supergraph from them at start). Any failure stops what was
 * started.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const progress = options.onProgress ?? (() => undefined);
  /** Each unit's current children (in start order) and how to start it again. */
  const units = new Map<StackUnit, { children: Child[]; start: () => Promise<Child[]> }>();
  const running = () => [...units.values()].flatMap((unit) => unit.children);
  const stop = () => stopInReverse(running());
  // Should this process exit without calling stop (an uncaught error), no child outlives it; PostgreSQL
  // in its own process group would otherwise not even see a terminal's Ctrl-C.
  process.once('exit', () => {
    for (const child of running()) if (child.alive()) child.process.kill(child.stopSignal);
  });
  /** Starts a unit, keeping it for `stop` and for the chaos suite's restarts. */
  const startUnit = async (name: StackUnit, start: () => Promise<Child[]>) => {
    const unit = { children: [] as Child[], start };
    units.set(name, unit);
    unit.children = await start();
  };
  try {
    fs.mkdirSync(options.dataDir, { recursive: true });
    if (options.logDir) fs.mkdirSync(options.logDir, { recursive: true });
    const secrets = loadOrCreateDevSecrets(options.dataDir);
    const common = { cwd: ROOT, logDir: options.logDir };

    let mongodbUrl = options.mongodbUrl;
    if (!mongodbUrl) {
      const storeOptions = {
        dataDir: options.dataDir,
        ferretdbPort: options.ferretdbPort,
        postgresPort: options.postgresPort,
        throwAway: options.throwAwayStore,
        ownProcessGroup: !options.throwAwayStore,
        cwd: ROOT,
        logDir: options.logDir,
        onProgress: progress,
        ferretdbBinary: options.ferretdbBinary,
      };
      await startUnit('store', async () => {
        const children: Child[] = [];
        // The children of a failed start are kept, so that the stack's stop still stops them.
        units.get('store')!.children = children;
        mongodbUrl = await startLocalStore(storeOptions, children);
        return children;
      });
    }

    let natsUrl = options.natsUrl;
    if (!natsUrl) {
      const dir = path.join(options.dataDir, 'nats');
      await startUnit('nats', async () => {
        const nats = startChild(
          'nats',
          natsServerBinary(),
          ['-a', '127.0.0.1', '-p', String(options.natsPort), '-js', '-sd', dir],
          { ...common, env: process.env },
        );
        units.get('nats')!.children = [nats];
        await waitForPort(options.natsPort, 30_000, nats.alive);
        return [nats];
      });
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
      ...options.env,
    };
    /** A node process of the stack, ready when its `/readyz` says so. */
    const nodeUnit = (name: ServiceName | 'local-authority' | 'gateway', entry: string, url: string, env: NodeJS.ProcessEnv) => async () => {
      const child = startChild(name, process.execPath, [...NODE_ARGS, entry], { ...common, env });
      units.get(name)!.children = [child];
      await waitReady(child, url);
      return [child];
    };
    const authority = options.localAuthority;
    const localAuthority = {
      url: `https://127.0.0.1:${authority.tlsPort}`,
      caFile: path.join(options.dataDir, 'local-authority', 'ca.pem'),
      controlUrl: authority.controlPort === undefined ? null : `http://127.0.0.1:${authority.controlPort}`,
    };
    const authorityEnv: NodeJS.ProcessEnv = {
      ...baseEnv,
      ...databaseOf('local-authority', options.databasePrefix),
      PORT: String(authority.port),
      LOCAL_AUTHORITY_TLS_PORT: String(authority.tlsPort),
      LOCAL_AUTHORITY_DATA_DIR: path.dirname(localAuthority.caFile),
      OTEL_SERVICE_NAME: 'local-authority',
    };
    if (authority.controlPort !== undefined) authorityEnv.LOCAL_AUTHORITY_CONTROL_PORT = String(authority.controlPort);
    await startUnit('local-authority', nodeUnit('local-authority', 'services/local-authority/src/main.ts', `http://127.0.0.1:${authority.port}`, authorityEnv));
    progress(`local authority (NF-e homologation web services) on ${localAuthority.url}`);

    const serviceUrls = {} as Record<ServiceName, string>;
    await Promise.all(
      SERVICES.map((service) => {
        const port = options.servicePorts[service.name];
        const url = `http://127.0.0.1:${port}`;
        serviceUrls[service.name] = url;
        // The settings relay sends a company in HOMOLOGAÇÃO to the local authority, trusting the CA it made.
        const relay = service.name === 'settings' ? { LOCAL_AUTHORITY_URL: localAuthority.url, LOCAL_AUTHORITY_CA_FILE: localAuthority.caFile } : {};
        const maker = service.name === 'fiscal-document' ? developmentTechnicalResponsible(baseEnv) : {};
        const env = { ...baseEnv, ...databaseOf(service.name, options.databasePrefix), ...relay, ...maker, PORT: String(port), OTEL_SERVICE_NAME: service.name };
        return startUnit(service.name, nodeUnit(service.name, `services/${service.name}/src/main.ts`, url, env));
      }),
    );
    progress(`services ready: ${SERVICES.map((s) => s.name).join(', ')}`);

    const gatewayUrl = `http://127.0.0.1:${options.gatewayPort}`;
    const gatewayEnv: NodeJS.ProcessEnv = { ...baseEnv, PORT: String(options.gatewayPort), OTEL_SERVICE_NAME: 'gateway' };
    for (const service of SERVICES) gatewayEnv[service.urlEnv] = serviceUrls[service.name];
    await startUnit('gateway', nodeUnit('gateway', 'gateway/src/main.ts', gatewayUrl, gatewayEnv));
    progress(`gateway ready on ${gatewayUrl}`);

    const unitOf = (name: StackUnit) => {
      const unit = units.get(name);
      if (!unit) throw new Error(`${name} was not started by this stack`);
      return unit;
    };
    return {
      gatewayUrl,
      serviceUrls,
      localAuthority,
      mongodbUrl: mongodbUrl!,
      natsUrl,
      sessionSecret: secrets.sessionSecret,
      stop,
      units: {
        stop: async (name, how = {}) => {
          for (const child of [...unitOf(name).children].reverse()) {
            await stopChild(how.kill ? { ...child, stopSignal: 'SIGKILL' } : child);
          }
        },
        start: async (name) => {
          const unit = unitOf(name);
          unit.children = await unit.start();
        },
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
