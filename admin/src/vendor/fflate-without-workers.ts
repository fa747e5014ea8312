import { unzipSync, type FlateError, type UnzipOptions, type Unzipped } from 'fflate';

/**
 * fflate as read-excel-file sees it in the page (vite.config.ts swaps it in for that package only): the same module,
 * except `unzip`, which here never starts a Web Worker. fflate's own `unzip` inflates an entry over 512 KB in a
 * Worker made from a `blob:` URL, which the gateway's Content-Security-Policy refuses (`script-src 'self'`, no
 * `worker-src`), so a large sheet would fail to open. Unzipping a file of at most 500 rows on the main thread takes
 * milliseconds.
 */
export * from 'fflate';

type UnzipCallback = (err: FlateError | null, data: Unzipped | null) => void;

/** fflate's signature: `unzip(data, cb)` or `unzip(data, opts, cb)`. */
export function unzip(data: Uint8Array, optsOrCb: UnzipOptions | UnzipCallback, maybeCb?: UnzipCallback): () => void {
  const cb = typeof optsOrCb === 'function' ? optsOrCb : maybeCb!;
  const opts = typeof optsOrCb === 'function' ? {} : optsOrCb;
  let files: Unzipped | null = null;
  let failure: FlateError | null = null;
  try {
    files = unzipSync(data, opts);
  } catch (e) {
    failure = e as FlateError;
  }
  // Asynchronous like fflate's: the callback never runs before `unzip` returns.
  queueMicrotask(() => cb(failure, files));
  return () => undefined;
}
