import fs from 'node:fs';
import path from 'node:path';
import { ferretdbBinary } from './binaries';
import { waitForPort } from './ports';
import { startPostgres } from './postgres';
import { startChild, type Child } from './processes';

/**
 * FerretDB's pool of PostgreSQL connections (its own default is 50). An update holds one while it reads and a
 * second while it writes what it read, so 200 serve 100 updates at once: the five services' drivers open at most
 * 20 connections each (the kit's `maxPoolSize`). PostgreSQL gets 50 connections more than the pool so that the
 * pool, not PostgreSQL, is the limit. (The stock 1.24 build also kept one per matched update until the whole
 * command ended, and hung once they filled the pool: docs/ferretdb.md.)
 */
export const FERRETDB_POOL_MAX_CONNS = 200;

/** The local MongoDB-compatible store: our own PostgreSQL cluster, and FerretDB 1.24 (with our patch) on it. */
export interface LocalStoreOptions {
  /** PostgreSQL's cluster goes in `<dataDir>/postgres`; FerretDB's state file in `<dataDir>`. */
  dataDir: string;
  ferretdbPort: number;
  postgresPort: number;
  /** Tests and benchmarks: a cluster without fsync (see postgres.ts); never for `npm start`. */
  throwAway: boolean;
  /** `npm start`: PostgreSQL in its own process group, so that it stops after FerretDB on Ctrl-C. */
  ownProcessGroup?: boolean;
  cwd: string;
  logDir?: string;
  onProgress?: (message: string) => void;
  /** Benchmarks only: another FerretDB pool size (default FERRETDB_POOL_MAX_CONNS). */
  poolMaxConns?: number;
  /**
   * Benchmarks only: another FerretDB binary (the unpatched release, measured beside ours), run as the stack ran it
   * before the patch (without `preferIndexes`); default ferretdbBinary().
   */
  ferretdbBinary?: string;
  /**
   * Tests only: false leaves the patched FerretDB's sessions to PostgreSQL's own choice between an index and a
   * sequential scan, so that a test can impose either (test/support/postgres.ts); default true (see below).
   */
  preferIndexes?: boolean;
}

/** FerretDB's environment: no PG* variable of the developer's shell, and the cluster's password (pgx reads PGPASSWORD). */
function ferretdbEnv(password: string | undefined): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PG')));
  return password ? { ...env, PGPASSWORD: password } : env;
}

/**
 * Starts PostgreSQL, then FerretDB on it; appends both to `children` in start order (stop them in reverse:
 * FerretDB first). Returns the MongoDB URL of FerretDB.
 */
export async function startLocalStore(options: LocalStoreOptions, children: Child[]): Promise<string> {
  const progress = options.onProgress ?? (() => undefined);
  const oldSqlite = path.join(options.dataDir, 'ferretdb');
  if (fs.existsSync(oldSqlite)) {
    progress(
      `note: ${oldSqlite} holds data of the former FerretDB SQLite store; they are NOT carried over to PostgreSQL ` +
        '(nothing was deleted; remove that folder yourself once you no longer need it)',
    );
  }

  const poolMaxConns = options.poolMaxConns ?? FERRETDB_POOL_MAX_CONNS;
  const postgres = await startPostgres({
    clusterDir: path.join(options.dataDir, 'postgres'),
    port: options.postgresPort,
    maxConnections: poolMaxConns + 50,
    throwAway: options.throwAway,
    ownProcessGroup: options.ownProcessGroup,
    logDir: options.logDir,
    onProgress: progress,
  });
  children.push(postgres.child);
  progress(`PostgreSQL on 127.0.0.1:${options.postgresPort} (${path.join(options.dataDir, 'postgres')})`);

  // The patched build gets two settings. Its sessions read through an index whenever one can serve the filter
  // (`enable_seqscan=off`, a parameter of each connection): PostgreSQL prices a jsonpath or containment check as one
  // cheap operator, so for a `$in` of 500 keys it chose, on tables of 5,000 to 20,000 documents, a sequential scan
  // 10 to 50 times slower than the GIN lookups (docs/ferretdb.md); a filter no index serves is still read
  // sequentially. And `find` and `aggregate` send filters on nested fields to PostgreSQL too
  // (`--test-enable-nested-pushdown`, experimental and off upstream, whose SQL for them did not go through arrays;
  // the patch's does): without it the outbox relays' `{'outbox.estado': 'PENDENTE'}` read the whole collection every 2 s.
  const patched = !options.ferretdbBinary;
  const preferIndexes = patched && options.preferIndexes !== false;
  const ferret = startChild(
    'ferretdb',
    options.ferretdbBinary ?? ferretdbBinary(),
    [
      '--handler=postgresql',
      `--postgresql-url=${postgres.ferretdbUrl}?pool_max_conns=${poolMaxConns}${preferIndexes ? '&enable_seqscan=off' : ''}`,
      `--listen-addr=127.0.0.1:${options.ferretdbPort}`,
      `--state-dir=${options.dataDir}`,
      '--debug-addr=-',
      '--telemetry=disable',
      '--log-level=warn',
      ...(patched ? ['--test-enable-nested-pushdown'] : []),
    ],
    { cwd: options.cwd, env: ferretdbEnv(postgres.password), logDir: options.logDir },
  );
  children.push(ferret);
  await waitForPort(options.ferretdbPort, 30_000, ferret.alive);
  const mongodbUrl = `mongodb://127.0.0.1:${options.ferretdbPort}/`;
  progress(`FerretDB on ${mongodbUrl}`);
  return mongodbUrl;
}
