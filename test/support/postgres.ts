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
