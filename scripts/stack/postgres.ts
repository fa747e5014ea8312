import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { postgresBinDir } from './binaries';
import { startChild, tail, type Child } from './processes';

/**
 * The project's own PostgreSQL cluster under FerretDB: created with `initdb` on first start, listening on
 * 127.0.0.1 only (no Unix socket), its superuser's password generated then (see createCluster), run as the
 * `postgres` system user when we are root (PostgreSQL refuses to run as root). Never the cluster a machine may
 * run on 5432.
 */
export interface PostgresOptions {
  /** The cluster's folder (`.data/postgres`, or `postgres` inside a test's temporary folder). */
  clusterDir: string;
  port: number;
  /** PostgreSQL's `max_connections` (its default is 100). */
  maxConnections?: number;
  /**
   * A cluster thrown away after the run (tests, benchmarks): no fsync, no full-page writes, no synchronous
   * commit. Never for `npm start`'s data, which must survive a crash of the machine.
   */
  throwAway: boolean;
  /** Its own process group, so that a terminal's Ctrl-C reaches it only through us, after FerretDB. */
  ownProcessGroup?: boolean;
  logDir?: string;
  onProgress?: (message: string) => void;
}

export interface RunningPostgres {
  child: Child;
  /** The URL FerretDB connects with: the `ferretdb` database, as the cluster's superuser (no password in it). */
  ferretdbUrl: string;
  /**
   * The superuser's password, for the client's environment (PGPASSWORD), never a command line that `ps` shows.
   * Undefined for a cluster created before passwords (trust on 127.0.0.1).
   */
  password?: string;
}

export const FERRETDB_DATABASE = 'ferretdb';
const SUPERUSER = 'postgres';

/** uid/gid to run PostgreSQL as: `postgres` when we are root, ourselves otherwise. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line) throw new Error('running as root, but there is no `postgres` system user to run PostgreSQL as (install Debian\'s postgresql package)');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Runs a PostgreSQL tool to completion (as `postgres` when root); its output only shows on failure. */
function runTool(bin: string, args: string[], user: { uid: number; gid: number } | undefined, input?: string): void {
  try {
    execFileSync(bin, args, { cwd: '/', uid: user?.uid, gid: user?.gid, input, stdio: ['pipe', 'pipe', 'pipe'], env: toolEnv() });
  } catch (error) {
    const failed = error as { stdout?: Buffer; stderr?: Buffer; message: string };
    throw new Error(`${path.basename(bin)} failed: ${failed.message}\n${failed.stdout?.toString() ?? ''}${failed.stderr?.toString() ?? ''}`, {
      cause: error,
    });
  }
}

/** No PG* variables of the developer's shell leak into our cluster's tools. */
function toolEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, LANG: 'C', LC_ALL: 'C' };
}

/** The `postgres` user must be able to reach its folder: add the traverse bit (o+x, not read) where missing. */
function makeReachable(dir: string, onProgress: (message: string) => void): void {
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    const mode = fs.statSync(current).mode;
    if ((mode & 0o001) === 0) {
      fs.chmodSync(current, (mode & 0o7777) | 0o001);
      onProgress(`made ${current} traversable (o+x) so that the postgres user reaches ${dir}`);
    }
    if (current === path.dirname(current)) break;
  }
}

/** Where the generated password of the cluster's superuser is kept (mode 0600, beside the cluster's folder). */
export const passwordFileOf = (clusterDir: string): string => `${clusterDir}.password`;

/**
 * Creates the cluster, FerretDB's database and the superuser's generated password in a side folder, renamed
 * into place only once complete. Clients must give that password (scram-sha-256) over TCP on 127.0.0.1, the
 * only way in: no Unix socket, no other address.
 */
function createCluster(bin: string, clusterDir: string, throwAway: boolean, user: { uid: number; gid: number } | undefined): void {
  const staging = `${clusterDir}.initdb-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { mode: 0o700 });
  if (user) fs.chownSync(staging, user.uid, user.gid);
  runTool(
    path.join(bin, 'initdb'),
    [
      '-D', staging,
      '-U', SUPERUSER,
      // Only until pg_hba.conf is replaced below; nothing listens before that.
      '--auth=trust',
      '--encoding=UTF8',
      '--no-locale',
      '--no-instructions',
      ...(throwAway ? ['--no-sync'] : []),
    ],
    user,
  );
  // Single-user mode (no listening): FerretDB's database and the password exist before the server ever listens.
  const password = randomBytes(24).toString('base64url');
  runTool(
    path.join(bin, 'postgres'),
    ['--single', '-D', staging, '-c', 'unix_socket_directories=', ...(throwAway ? ['-c', 'fsync=off'] : []), 'postgres'],
    user,
    `CREATE DATABASE ${FERRETDB_DATABASE};\nALTER ROLE ${SUPERUSER} PASSWORD '${password}';\n`,
  );
  const hba = path.join(staging, 'pg_hba.conf');
  fs.writeFileSync(
    hba,
    '# Written by scripts/stack/postgres.ts: TCP on 127.0.0.1 only (listen_addresses), with the generated password.\n' +
      `host all ${SUPERUSER} 127.0.0.1/32 scram-sha-256\n`,
    { mode: 0o600 },
  );
  if (user) fs.chownSync(hba, user.uid, user.gid);
  fs.writeFileSync(passwordFileOf(clusterDir), `${password}\n`, { mode: 0o600 });
  fs.renameSync(staging, clusterDir);
}

function settings(options: PostgresOptions): string[] {
  const values: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    port: String(options.port),
    unix_socket_directories: '',
    max_connections: String(options.maxConnections ?? 100),
    log_checkpoints: 'off',
    ...(options.throwAway ? { fsync: 'off', full_page_writes: 'off', synchronous_commit: 'off' } : {}),
  };
  return Object.entries(values).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
}

/** True once the server accepts connections (`pg_isready`); the port opens earlier, during recovery. */
function isReady(bin: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = spawn(path.join(bin, 'pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(port), '-d', FERRETDB_DATABASE, '-U', SUPERUSER], {
      stdio: 'ignore',
      env: toolEnv(),
    });
    probe.once('error', () => resolve(false));
    probe.once('exit', (code) => resolve(code === 0));
  });
}

export async function startPostgres(options: PostgresOptions): Promise<RunningPostgres> {
  const progress = options.onProgress ?? (() => undefined);
  const bin = postgresBinDir();
  const user = runAs();
  if (user) makeReachable(options.clusterDir, progress);
  if (!fs.existsSync(path.join(options.clusterDir, 'PG_VERSION'))) {
    if (fs.existsSync(options.clusterDir) && fs.readdirSync(options.clusterDir).length > 0) {
      throw new Error(`${options.clusterDir} is not empty and holds no PostgreSQL cluster; move it away`);
    }
    fs.rmSync(options.clusterDir, { recursive: true, force: true });
    progress(`creating the PostgreSQL cluster in ${options.clusterDir} (first start)`);
    createCluster(bin, options.clusterDir, options.throwAway, user);
  } else if (user && fs.statSync(options.clusterDir).uid !== user.uid) {
    // A copied or restored folder: PostgreSQL only runs on a data folder its own user owns.
    execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, options.clusterDir]);
  }

  const child = startChild('postgres', path.join(bin, 'postgres'), ['-D', options.clusterDir, ...settings(options)], {
    cwd: '/',
    env: toolEnv(),
    logDir: options.logDir,
    uid: user?.uid,
    gid: user?.gid,
    detached: options.ownProcessGroup,
    stopSignal: 'SIGINT',
    stopGraceMs: 60_000,
    killSignal: 'SIGQUIT',
  });
  const deadline = Date.now() + 60_000;
  while (!(await isReady(bin, options.port))) {
    if (!child.alive()) throw new Error(`PostgreSQL exited before accepting connections on 127.0.0.1:${options.port}\n${tail(child.logFile)}`);
    if (Date.now() > deadline) throw new Error(`PostgreSQL did not accept connections on 127.0.0.1:${options.port} within 60 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const passwordFile = passwordFileOf(options.clusterDir);
  return {
    child,
    ferretdbUrl: `postgres://${SUPERUSER}@127.0.0.1:${options.port}/${FERRETDB_DATABASE}`,
    password: fs.existsSync(passwordFile) ? fs.readFileSync(passwordFile, 'utf8').trim() : undefined,
  };
}
