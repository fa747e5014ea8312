import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

const PATCH_DIR = path.resolve(__dirname, '..', 'ferretdb-patch');

/**
 * The FerretDB build the stack runs: the tagged release with the project's patch (scripts/ferretdb-patch), as
 * scripts/bootstrap.sh builds it. `commit` is what its `--version` prints: the patch file's sha256, so a binary
 * built from an older patch is told apart from the current one.
 */
export function ferretdbBuild(): { version: string; upstream: string; commit: string } {
  const version = fs.readFileSync(path.join(PATCH_DIR, 'version'), 'utf8').trim();
  const patch = fs.readFileSync(path.join(PATCH_DIR, 'index.patch'));
  return {
    version,
    upstream: version.split('-')[0],
    commit: `patch-sha256-${createHash('sha256').update(patch).digest('hex').slice(0, 16)}`,
  };
}

const gobin = () => path.join(execFileSync('go', ['env', 'GOPATH'], { encoding: 'utf8' }).trim(), 'bin');

/** `ferretdb-<version>` on PATH or in GOPATH/bin, where the bootstrap installs it, if it prints that version and commit. */
function ferretdbNamed(version: string, commit: string): { found: string } | { problem: string } {
  const name = `ferretdb-${version}`;
  const candidate = onPath(name) ?? path.join(gobin(), name);
  if (!fs.existsSync(candidate)) return { problem: `there is no ${candidate}` };
  let printed: string;
  try {
    printed = execFileSync(candidate, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    return { problem: `${candidate} does not start (${(error as Error).message.split('\n')[0]})` };
  }
  const field = (key: string) => new RegExp(`^${key}: (.*)$`, 'm').exec(printed)?.[1].trim();
  if (field('version') !== version || field('commit') !== commit) {
    return { problem: `${candidate} says version ${field('version') ?? '?'}, commit ${field('commit') ?? '?'} (expected ${version}, commit ${commit})` };
  }
  return { found: candidate };
}

/**
 * The patched FerretDB (scripts/ferretdb-patch/README.md), the only one the stack starts: a stock 1.24 build
 * scans whole tables for every filter and hangs on an update command of many matching updates.
 */
export function ferretdbBinary(): string {
  const build = ferretdbBuild();
  const result = ferretdbNamed(build.version, build.commit);
  if ('found' in result) return result.found;
  throw new Error(
    `FerretDB ${build.version} (${build.upstream} with the patch in scripts/ferretdb-patch) is required, but ${result.problem}. ` +
      'Build it with `bash scripts/bootstrap.sh` (npm start and npm test run it first); see scripts/ferretdb-patch/README.md',
  );
}

/** The unpatched release, for `npm run -s bench:ferretdb` only (`bash scripts/bootstrap.sh --ferretdb-stock` builds it). */
export function stockFerretdbBinary(): string {
  const { upstream } = ferretdbBuild();
  const result = ferretdbNamed(upstream, 'unknown');
  if ('found' in result) return result.found;
  throw new Error(`the unpatched FerretDB ${upstream} is not installed: ${result.problem}; build it with \`bash scripts/bootstrap.sh --ferretdb-stock\``);
}

/** nats-server from Debian's package (/usr/sbin is not on every PATH). */
export function natsServerBinary(): string {
  const found = onPath('nats-server') ?? (fs.existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : undefined);
  if (!found) throw new Error('nats-server is not installed: run scripts/bootstrap.sh');
  return found;
}

/**
 * PostgreSQL's server binaries from Debian's package: /usr/lib/postgresql/<major>/bin (not on PATH), the
 * highest major installed; else a directory on PATH that holds both `initdb` and `postgres`.
 */
export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const majors = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((name) => /^\d+$/.test(name) && fs.existsSync(path.join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors.length > 0) return path.join(root, majors[0], 'bin');
  const initdb = onPath('initdb');
  if (initdb && fs.existsSync(path.join(path.dirname(initdb), 'postgres'))) return path.dirname(initdb);
  throw new Error('PostgreSQL (initdb) is not installed: run scripts/bootstrap.sh');
}
