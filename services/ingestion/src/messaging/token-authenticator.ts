import {
  IngestionErrorCodes,
  Subjects,
  decode,
  sha256Hex,
  tokenChangedEventSchema,
  type AuthenticateReply,
  type TokenIdentity,
} from '@erp/contracts';
import { requestReply, type Logger, type NatsConnection } from '@erp/kit';

/** The token service could not be asked (down, slow, or answering outside its contract). */
export class TokenServiceUnavailable extends Error {
  constructor(cause: unknown) {
    super('token service unavailable', { cause });
    this.name = 'TokenServiceUnavailable';
  }
}

type Authentication = { found: true; identity: TokenIdentity } | { found: false };

interface CacheEntry {
  identity: TokenIdentity;
  storedAt: number;
}

export interface TokenAuthenticator {
  authenticate(bearer: string): Promise<Authentication>;
  /** Subscription to `token.v1.changed`; resolves once the subscription is registered with the server. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function digestOf(bearer: string): string {
  return sha256Hex(bearer);
}

/**
 * Asks the token service who a bearer is and keeps the answer briefly, keyed by the digest (the token value
 * is never kept). A token-changed event drops the entry at once, so a revoke is felt on the next request.
 * Unknown tokens are not cached: a token created a moment ago must work at once.
 */
export function createTokenAuthenticator(options: {
  nc: NatsConnection;
  log: Logger;
  ttlMs: number;
  maxEntries: number;
  timeoutMs: number;
  /** Subjects to use; the contract's by default (tests give their own so the real token service stays out). */
  subjects?: { authenticate: string; changed: string };
}): TokenAuthenticator {
  const { nc, log, ttlMs, maxEntries, timeoutMs } = options;
  const subjects = options.subjects ?? { authenticate: Subjects.tokenAuthenticate, changed: Subjects.tokenChanged };
  const cache = new Map<string, CacheEntry>();
  // Bumped for a digest on every change event: an answer that was in flight when the event arrived may
  // describe the token before the change, so it is used once but not cached.
  const changes = new Map<string, number>();
  let generation = 0;
  let subscription: ReturnType<NatsConnection['subscribe']> | null = null;

  const remember = (digest: string, identity: TokenIdentity) => {
    if (ttlMs === 0) return;
    cache.delete(digest);
    cache.set(digest, { identity, storedAt: Date.now() });
    if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
  };

  const ask = async (digest: string): Promise<AuthenticateReply> => {
    try {
      return await requestReply(nc, Subjects.tokenAuthenticate, { digest }, { timeoutMs, sendOn: subjects.authenticate });
    } catch (error) {
      throw new TokenServiceUnavailable(error);
    }
  };

  return {
    async authenticate(bearer) {
      const digest = digestOf(bearer);
      const cached = cache.get(digest);
      if (cached && Date.now() - cached.storedAt < ttlMs) return { found: true, identity: cached.identity };
      if (cached) cache.delete(digest);

      const askedAt = generation;
      const reply = await ask(digest);
      if (!reply.ok && reply.codigo === IngestionErrorCodes.TOKEN_INVALIDO) return { found: false };
      // Any other failure (a contract violation, the responder's own fault) says nothing about the token.
      if (!reply.ok) throw new TokenServiceUnavailable(new Error(`${reply.codigo}: ${reply.erro}`));
      if ((changes.get(digest) ?? -1) <= askedAt) remember(digest, reply.token);
      return { found: true, identity: reply.token };
    },

    async start() {
      subscription = nc.subscribe(subjects.changed);
      (async () => {
        for await (const msg of subscription) {
          try {
            const event = decode(subjects.changed, tokenChangedEventSchema, msg.data);
            generation += 1;
            changes.set(event.digest, generation);
            if (changes.size > maxEntries) changes.delete(changes.keys().next().value as string);
            cache.delete(event.digest);
          } catch (error) {
            // An unreadable event could hide a revoke: forget everything rather than serve a stale identity.
            cache.clear();
            log.warn({ err: error }, 'unreadable token-changed event; token cache cleared');
          }
        }
      })().catch((error) => log.error({ err: error }, 'token-changed subscription ended'));
      await nc.flush();
    },

    async stop() {
      subscription?.unsubscribe();
    },
  };
}
