import { Transform, pipeline, type Readable, type TransformCallback } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { HttpError } from '@erp/kit';
import { IngestionErrorCodes as Codes } from '@erp/contracts';

export function bodyTooLarge(limitBytes: number): HttpError {
  return new HttpError(
    413,
    Codes.CORPO_GRANDE_DEMAIS,
    `o corpo da requisição passa de ${limitBytes} bytes (${(limitBytes / 1024 / 1024).toFixed(0)} MiB, contados depois de descomprimir); divida o lote`,
    { maximoBytes: limitBytes },
  );
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
    throw new HttpError(415, Codes.CODIFICACAO_NAO_SUPORTADA, `Content-Encoding "${name.slice(0, 40)}" não suportado; use gzip ou nenhum`);
  }
  const ceiling = new Ceiling(limitBytes);
  payload.on('data', (chunk: Buffer) => {
    ceiling.receivedEncodedLength += chunk.length;
  });
  const gunzip = createGunzip();
  // Errors reach fastify through `ceiling` (pipeline destroys it with them); the error handler maps them.
  pipeline(payload, gunzip, ceiling, () => undefined);
  return ceiling;
}
