import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** FerretDB as installed by scripts/bootstrap.sh (`go install` puts it in GOPATH/bin, often not on PATH). */
export function ferretdbBinary(): string {
  const found = onPath('ferretdb');
  if (found) return found;
  const gopath = execFileSync('go', ['env', 'GOPATH'], { encoding: 'utf8' }).trim();
  const candidate = path.join(gopath, 'bin', 'ferretdb');
  if (!fs.existsSync(candidate)) throw new Error('ferretdb is not installed: run scripts/bootstrap.sh');
  return candidate;
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
