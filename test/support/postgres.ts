import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { postgresBinDir } from '../../scripts/stack/binaries';
import { FERRETDB_DATABASE, passwordFileOf } from '../../scripts/stack/postgres';

/**
 * A stack's own PostgreSQL cluster under FerretDB (scripts/stack/postgres.ts), reached the one way it allows:
 * TCP on 127.0.0.1 as its superuser, with the password kept beside the cluster's folder.
 */
export interface PostgresCluster {
  port: number;
  /** The cluster's folder (`<data dir>/postgres`). */
  clusterDir: string;
  /** Where the cluster's server log goes (`<log dir>/postgres.log`). */
  logFile: string;
}

/** The cluster of the stack jest's global setup started. */
export function testStackCluster(): PostgresCluster {
  const port = Number(process.env.TEST_POSTGRES_PORT);
  const dataDir = process.env.TEST_STACK_DATA_DIR;
  if (!port || !dataDir) throw new Error('TEST_POSTGRES_PORT / TEST_STACK_DATA_DIR are not set: run the tests through jest (its global setup starts the stack)');
  return { port, clusterDir: path.join(dataDir, 'postgres'), logFile: path.join(dataDir, 'logs', 'postgres.log') };
}

/** Runs `sql` in one psql session on FerretDB's database and returns what it prints (unaligned, no headers). */
export function psql(cluster: PostgresCluster, sql: string): string {
  const password = fs.readFileSync(passwordFileOf(cluster.clusterDir), 'utf8').trim();
  return execFileSync(
    path.join(postgresBinDir(), 'psql'),
    ['-h', '127.0.0.1', '-p', String(cluster.port), '-U', 'postgres', '-d', FERRETDB_DATABASE, '-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1'],
    { input: sql, encoding: 'utf8', env: { PATH: process.env.PATH, PGPASSWORD: password, LANG: 'C', LC_ALL: 'C' }, maxBuffer: 64 * 1024 * 1024 },
  );
}

/** Planner settings for `withPlanner`: read through an index whenever one can serve, or never read one. */
export const READ_INDEXES = { enable_seqscan: 'off' };
export const NO_INDEX_READS = { enable_indexscan: 'off', enable_indexonlyscan: 'off', enable_bitmapscan: 'off' };

/**
 * Runs `work` with these planner settings for every session of the cluster (ALTER SYSTEM and a reload, which each
 * session reads at its next command), then resets them. A setting a session got at connection time (as the
 * stack's FerretDB gets enable_seqscan: scripts/stack/store.ts) is not overridden: use a store without it.
 */
export async function withPlanner<T>(cluster: PostgresCluster, settings: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const names = Object.keys(settings);
  const reload = async (sql: string) => {
    psql(cluster, `${sql} SELECT pg_reload_conf();`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  };
  await reload(names.map((name) => `ALTER SYSTEM SET ${name} = ${settings[name]};`).join(' '));
  try {
    return await work();
  } finally {
    await reload(names.map((name) => `ALTER SYSTEM RESET ${name};`).join(' '));
  }
}
