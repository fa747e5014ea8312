import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** One child process of the stack, its output going to a log file (tests) or to our stdout (npm start). */
export interface Child {
  name: string;
  process: ChildProcess;
  logFile?: string;
  alive: () => boolean;
}

export function startChild(
  name: string,
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd: string; logDir?: string },
): Child {
  const logFile = options.logDir ? path.join(options.logDir, `${name}.log`) : undefined;
  const out = logFile ? fs.openSync(logFile, 'a') : 'inherit';
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', out, out] });
  if (typeof out === 'number') fs.closeSync(out);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  return { name, process: child, logFile, alive: () => !exited && child.exitCode === null };
}

/** SIGTERM, then SIGKILL after a grace period; resolves when the child is gone. */
export function stopChild(child: Child, graceMs = 8_000): Promise<void> {
  if (!child.alive()) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.process.kill('SIGKILL'), graceMs);
    child.process.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.process.kill('SIGTERM');
  });
}

export function tail(file: string | undefined, lines = 30): string {
  if (!file || !fs.existsSync(file)) return '';
  return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}
