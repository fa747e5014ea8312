import path from 'node:path';
import { startChild, stopChild, type Child } from '../../scripts/stack/processes';
import { freePort } from '../../scripts/stack/ports';
import { stackEnv } from '../support/env';

const ROOT = path.resolve(__dirname, '..', '..');

/** One more fiscal-document process on the run's FerretDB and NATS, started by a test. */
export interface FiscalProcess {
  child: Child;
  url: string;
}

/**
 * Starts a fiscal-document process (NODE_ENV=test) on database `db` (the stack's own `erp_fiscal_document` for a
 * second replica, a database of the test's own for a process nobody else may finish the work of), with `env` on
 * top (`FISCAL_FAULT`, `FISCAL_CLOCK_OFFSET_MS`...). Resolves once it is ready.
 */
export async function startFiscal(label: string, db: string, env: Record<string, string> = {}): Promise<FiscalProcess> {
  const port = await freePort();
  const child = startChild(`fiscal-${label}`, process.execPath, ['--import', 'tsx', 'services/fiscal-document/src/main.ts'], {
    cwd: ROOT,
    logDir: process.env.TEST_LOG_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      MONGODB_URL: stackEnv.mongodbUrl,
      MONGODB_DB: db,
      NATS_URL: stackEnv.natsUrl,
      SESSION_JWT_SECRET: stackEnv.sessionSecret,
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    if (await fetch(`${url}/readyz`).then((r) => r.ok).catch(() => false)) return { child, url };
    if (!child.alive()) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await stopChild(child);
  throw new Error(`fiscal-document (${label}) did not become ready`);
}

export const stopFiscal = (processo: FiscalProcess | undefined) => (processo ? stopChild(processo.child) : Promise.resolve());

/** Resolves with the exit code once the process is gone (a fault point makes it exit by itself). */
export function exitCode(processo: FiscalProcess): Promise<number | null> {
  const { process: child } = processo.child;
  if (!processo.child.alive()) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** A REST call straight to a process (no gateway), with a session and a JSON body. */
export async function direto(processo: FiscalProcess, method: string, caminho: string, bearer: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${processo.url}${caminho}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const texto = await response.text();
  return { status: response.status, body: texto ? JSON.parse(texto) : null };
}
