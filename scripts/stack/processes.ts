import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** One child process of the stack, its output going to a log file (tests) or to our stdout (npm start). */
export interface Child {
  name: string;
  process: ChildProcess;
  logFile?: string;
  alive: () => boolean;
  /** How it is asked to stop, how long it is given, and what is sent if it does not. */
  stopSignal: NodeJS.Signals;
  stopGraceMs: number;
  killSignal: NodeJS.Signals;
}

export interface ChildOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  logDir?: string;
  /** Run as this user (PostgreSQL refuses to run as root). */
  uid?: number;
  gid?: number;
  /** Own process group: a terminal's Ctrl-C does not reach it, only our stop does (in our order). */
  detached?: boolean;
  stopSignal?: NodeJS.Signals;
  stopGraceMs?: number;
  killSignal?: NodeJS.Signals;
}

export function startChild(
  name: string,
  command: string,
  args: string[],
  options: ChildOptions,
): Child {
  const logFile = options.logDir ? path.join(options.logDir, `${name}.log`) : undefined;
  const out = logFile ? fs.openSync(logFile, 'a') : 'inherit';
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', out, out],
    uid: options.uid,
    gid: options.gid,
    detached: options.detached ?? false,
  });
  if (typeof out === 'number') fs.closeSync(out);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  return {
    name,
    process: child,
    logFile,
    alive: () => !exited && child.exitCode === null && child.signalCode === null,
    stopSignal: options.stopSignal ?? 'SIGTERM',
    stopGraceMs: options.stopGraceMs ?? 8_000,
    killSignal: options.killSignal ?? 'SIGKILL',
  };
}

/** Its stop signal (SIGTERM unless told), then its kill signal after the grace period; resolves when it is gone. */
/** Stops `children` one by one in reverse start order (FerretDB before its PostgreSQL). */
export async function stopInReverse(children: readonly Child[]): Promise<void> {
  for (const child of [...children].reverse()) await stopChild(child);
}

export function stopChild(child: Child): Promise<void> {
  if (!child.alive()) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.process.kill(child.killSignal), child.stopGraceMs);
    child.process.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.process.kill(child.stopSignal);
  });
}

export function tail(file: string | undefined, lines = 30): string {
  if (!file || !fs.existsSync(file)) return '';
  return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}
