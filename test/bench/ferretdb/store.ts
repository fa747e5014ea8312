import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { ferretdbBinary, postgresBinDir, stockFerretdbBinary } from '../../../scripts/stack/binaries';
import { freePort, waitForPort } from '../../../scripts/stack/ports';
import { startChild, stopInReverse, type Child } from '../../../scripts/stack/processes';
import { FERRETDB_POOL_MAX_CONNS, startLocalStore } from '../../../scripts/stack/store';

const { MongoClient } = mongoose.mongo;
export type Client = InstanceType<typeof MongoClient>;
export type Db = ReturnType<Client['db']>;

export const HANG_TIMEOUT_MS = Number(process.env.BENCH_HANG_TIMEOUT_MS ?? 20_000);
export const POOL_MAX_CONNS = Number(process.env.FERRETDB_POOL_MAX_CONNS ?? FERRETDB_POOL_MAX_CONNS);
const HANDLER = process.env.FERRETDB_HANDLER ?? 'postgresql';
export const DB_NAME = 'ferretdb_behaviours';

/** Which FerretDB a store runs: the unpatched release, or the stack's patched build (scripts/ferretdb-patch). */
export type Build = 'stock' | 'patched';

export interface Store {
  url: string;
  /** Column heading: the server and how it runs. */
  label: string;
  restart: () => Promise<void>;
  stop: () => Promise<void>;
}

const postgresVersion = () => execFileSync(path.join(postgresBinDir(), 'postgres'), ['--version'], { encoding: 'utf8' }).trim().replace(/^postgres \(PostgreSQL\) /, '');

/**
 * The store under measure: our PostgreSQL cluster and the given FerretDB build as the stack starts them (the stock
 * build as it ran before the patch: scripts/stack/store.ts), or that build on the former SQLite backend
 * (FERRETDB_HANDLER=sqlite), or the server at MONGODB_URL (build ignored).
 */
export async function startStore(build: Build): Promise<Store> {
  if (process.env.MONGODB_URL) {
    const url = process.env.MONGODB_URL;
    return { url, label: 'server at MONGODB_URL', restart: async () => undefined, stop: async () => undefined };
  }
  const binary = build === 'stock' ? stockFerretdbBinary() : ferretdbBinary();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `erp-ferretdb-bench-${build}-`));
  const ferretdbPort = await freePort();
  const postgresPort = await freePort();
  let children: Child[] = [];
  const start = async () => {
    children = [];
    if (HANDLER === 'sqlite') {
      const dir = path.join(dataDir, 'sqlite');
      fs.mkdirSync(dir, { recursive: true });
      const child = startChild(
        'ferretdb',
        binary,
        ['--handler=sqlite', `--sqlite-url=file:${dir}/`, `--listen-addr=127.0.0.1:${ferretdbPort}`, `--state-dir=${dataDir}`, '--debug-addr=-', '--telemetry=disable', '--log-level=warn'],
        { cwd: dataDir, env: process.env, logDir: dataDir },
      );
      children.push(child);
      await waitForPort(ferretdbPort, 30_000, child.alive);
    } else {
      await startLocalStore({ dataDir, ferretdbPort, postgresPort, throwAway: true, cwd: dataDir, logDir: dataDir, poolMaxConns: POOL_MAX_CONNS, ferretdbBinary: build === 'stock' ? binary : undefined }, children);
    }
  };
  await start();
  const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).split('\n')[0].replace('version: ', '');
  return {
    url: `mongodb://127.0.0.1:${ferretdbPort}/`,
    label: `FerretDB ${version}, ${HANDLER}${HANDLER === 'sqlite' ? '' : ` (PostgreSQL ${postgresVersion()}, pool_max_conns=${POOL_MAX_CONNS})`}`,
    restart: async () => {
      await stopInReverse(children);
      await start();
    },
    stop: async () => {
      await stopInReverse(children);
      if (!process.env.KEEP_TEST_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const connect = (url: string) => new MongoClient(url, { retryWrites: false, maxPoolSize: 100, serverSelectionTimeoutMS: 10_000 }).connect();

export class Timeout extends Error {}
export async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Timeout(`no answer in ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** After a command got no answer: does the server still answer a ping? Then restart it for what follows. */
export async function afterHang(store: Store): Promise<string> {
  const probe = await connect(store.url).catch(() => null);
  const answers = probe ? await withTimeout(probe.db(DB_NAME).command({ ping: 1 }), 5_000).then(() => true, () => false) : false;
  await probe?.close(true).catch(() => undefined);
  await store.restart();
  return `server ${answers ? 'still answers a ping' : 'answers nothing, not even a ping'}; restarted`;
}

export const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US')} ms`;

export const fresh = async (db: Db, name: string) => {
  await db.collection(name).drop().catch(() => undefined);
  return db.collection<Record<string, any>>(name);
};

/** Row of the output table. */
export interface Row {
  behaviour: string;
  measured: string;
}
