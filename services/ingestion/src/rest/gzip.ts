import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { IngestionErrorCodes as Codes, Refusal } from '@erp/contracts';

export function bodyTooLarge(limitBytes: number): Refusal {
  return new Refusal(Codes.CORPO_GRANDE_DEMAIS, `o corpo da requisição passa de ${limitBytes} bytes (${(limitBytes / 1024 / 1024).toFixed(0)} MiB, contados depois de descomprimir); divida o lote`, { status: 413, extra: { maximoBytes: limitBytes } });
}

/** Counts decompressed bytes and stops the decompression itself once past the limit (a gzip bomb costs little). */
class Ceiling extends Transform {
  private seen = 0;
  /** Read by fastify: compressed bytes received, checked against Content-Length and the body limit. */
  receivedEncodedLength = 0;

  constructor(private readonly limitBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limitBytes) return done(bodyTooLarge(this.limitBytes));
    done(null, chunk);
  }
}

/**
 * `preParsing` step: a body sent with `Content-Encoding: gzip` is decompressed on the way in, bounded after
 * decompression. Any other encoding is refused rather than parsed as garbage.
 */
export function decodeBody(encoding: string | undefined, payload: Readable, limitBytes: number): Readable {
  const name = (encoding ?? 'identity').trim().toLowerCase();
  if (name === 'identity' || name === '') return payload;
  if (name !== 'gzip' && name !== 'x-gzip') {
    throw new Refusal(Codes.CODIFICACAO_NAO_SUPORTADA, `Content-Encoding "${name.slice(0, 40)}" não suportado; use gzip ou nenhum`, { status: 415 });
  }
  const ceiling = new Ceiling(limitBytes);
  payload.on('data', (chunk: Buffer) => {
    ceiling.receivedEncodedLength += chunk.length;
  });
  const gunzip = createGunzip();
  // Errors reach fastify through `ceiling`; the error handler maps them. Not `pipeline`: it would destroy the
  // request itself, and with it the connection before the 413 (or 400) is written. Once `ceiling` is done,
  // the rest of the request is read and dropped instead, so the client reads the answer.
  gunzip.on('error', (error) => ceiling.destroy(error));
  payload.on('error', (error) => ceiling.destroy(error));
  ceiling.once('close', () => {
    payload.unpipe(gunzip);
    gunzip.destroy();
    payload.resume();
  });
  payload.pipe(gunzip).pipe(ceiling);
  return ceiling;
}
