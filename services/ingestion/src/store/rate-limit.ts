import type { Connection } from 'mongoose';
import type { Logger } from '@erp/kit';

const WINDOW_MS = 60_000;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the current window ends (for `RateLimit-Reset` and `Retry-After`). */
  resetSeconds: number;
}

export interface RateLimiter {
  hit(origin: string, now?: number): Promise<RateDecision>;
  stop(): void;
}

interface CounterDoc {
  _id: string;
  origem: string;
  janela: number;
  contagem: number;
  expiraEm: Date;
}

const isDuplicateKey = (error: unknown) => (error as { code?: number } | null)?.code === 11000;

/**
 * Fixed one-minute windows counted in MongoDB, so every replica of the service counts against the same
 * limit: one atomic `$inc` with upsert per request on `{origin, window}`. Old windows are removed by a TTL
 * index where the server has them (MongoDB) and by a periodic sweep everywhere (FerretDB 1.24 has no TTL).
 */
export async function createRateLimiter(options: {
  db: Connection;
  log: Logger;
  perMinute: number;
  collection?: string;
}): Promise<RateLimiter> {
  const collection = options.db.collection<CounterDoc>(options.collection ?? 'limites_requisicao');
  await collection.createIndex({ expiraEm: 1 }, { expireAfterSeconds: 0 }).catch(() => {
    options.log.debug('TTL indexes unavailable; old rate-limit windows are swept periodically');
  });
  const sweep = setInterval(() => {
    collection.deleteMany({ expiraEm: { $lt: new Date() } }).catch((error) => {
      options.log.warn({ err: error }, 'rate-limit sweep failed');
    });
  }, WINDOW_MS);
  sweep.unref();

  const count = async (origin: string, janela: number): Promise<number> => {
    const key = `${origin}:${janela}`;
    const update = {
      $inc: { contagem: 1 },
      $setOnInsert: { origem: origin, janela, expiraEm: new Date((janela + 2) * WINDOW_MS) },
    };
    try {
      const doc = await collection.findOneAndUpdate({ _id: key }, update, { upsert: true, returnDocument: 'after' });
      return doc?.contagem ?? 1;
    } catch (error) {
      // Two replicas inserting the same new window at once: one wins the insert, the other now updates it.
      if (!isDuplicateKey(error)) throw error;
      const doc = await collection.findOneAndUpdate({ _id: key }, update, { returnDocument: 'after' });
      return doc?.contagem ?? 1;
    }
  };

  return {
    async hit(origin, now = Date.now()) {
      const janela = Math.floor(now / WINDOW_MS);
      const contagem = await count(origin, janela);
      const limit = options.perMinute;
      return {
        allowed: contagem <= limit,
        limit,
        remaining: Math.max(0, limit - contagem),
        resetSeconds: Math.max(1, Math.ceil(((janela + 1) * WINDOW_MS - now) / 1000)),
      };
    },
    stop() {
      clearInterval(sweep);
    },
  };
}
