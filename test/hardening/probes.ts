import net from 'node:net';
import { performance } from 'node:perf_hooks';

/** What came back over one raw connection: the first response's head and body, and whether the server closed. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  closedByServer: boolean;
}

/**
 * Writes bytes exactly as given (a path with `..`, oversized headers, broken framing: what `fetch` would
 * normalise or refuse to send) and reads one response, up to the server closing or `waitMs` passing.
 */
export function rawExchange(baseUrl: string, request: string | Buffer, waitMs = 3_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let closedByServer = false;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const status = Number(statusLine.split(' ')[1]);
      if (!Number.isInteger(status)) return reject(new Error(`no HTTP response: ${JSON.stringify(text.slice(0, 200))}`));
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(':');
        if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      const length = Number(headers['content-length']);
      const body = rest.join('\r\n\r\n');
      resolve({ status, headers, body: Number.isInteger(length) ? Buffer.from(body).subarray(0, length).toString('utf8') : body, closedByServer });
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      closedByServer = true;
      finish();
    });
    socket.on('error', (error) => {
      if (chunks.length > 0) finish();
      else {
        clearTimeout(timer);
        reject(error);
      }
    });
    socket.write(request);
  });
}

/**
 * Sends `first`, waits for its answer, then sends `second` on the same keep-alive connection; returns all the
 * bytes received and whether the server then closed the connection (rather than resetting it).
 */
export function keepAliveExchange(baseUrl: string, first: string, second: string, waitMs = 3_000): Promise<{ text: string; closedByServer: boolean; reset: boolean }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let text = '';
    let sentSecond = false;
    const done = (closedByServer: boolean, reset: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closedByServer, reset });
    };
    const timer = setTimeout(() => done(false, false), waitMs);
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      if (!sentSecond && text.includes('\r\n\r\n')) {
        sentSecond = true;
        // Give the first answer's body time to arrive before the next request goes out.
        setTimeout(() => socket.write(second), 50);
      }
    });
    socket.on('end', () => done(true, false));
    socket.on('error', () => done(false, true));
    socket.write(first);
  });
}

export async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await run();
  return { value, ms: performance.now() - start };
}

/**
 * Runs `attack` and, while it lasts (and at least `minMs`), `probe` one request after the other; returns the
 * attack's result and the slowest probe. "Nobody else waits" is then a bound on that figure.
 */
export async function slowestProbeDuring<T>(attack: () => Promise<T>, probe: () => Promise<unknown>, minMs = 500): Promise<{ attack: T; slowestProbeMs: number; probes: number }> {
  let done = false;
  let slowest = 0;
  let probes = 0;
  const started = performance.now();
  const probing = (async () => {
    while (!done || performance.now() - started < minMs) {
      const { ms } = await timed(probe);
      slowest = Math.max(slowest, ms);
      probes += 1;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  try {
    const result = await attack();
    done = true;
    await probing;
    return { attack: result, slowestProbeMs: slowest, probes };
  } finally {
    done = true;
    await probing;
  }
}
