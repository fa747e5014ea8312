import { Subjects, type TokenChangedEvent } from '@erp/contracts';
import { publishCoreEvent, type Logger, type NatsConnection } from '@erp/kit';
import type { TokenRecord } from '../store/token-model';

export type PublishTokenChanged = (token: TokenRecord, change: TokenChangedEvent['change'], at: Date) => Promise<void>;

/**
 * Core NATS publish, not JetStream: the event only tells caches to forget, and a cache that misses it still
 * expires on its own short TTL. The flush makes the administrator's answer wait until the broker holds the
 * event, so a revoke is already on its way to every ingestion replica when the screen says "revogado".
 * A failed flush does not fail the change, which is already stored.
 */
export function tokenChangedPublisher(nc: NatsConnection, log: Logger): PublishTokenChanged {
  return async (token, change, at) => {
    const event: TokenChangedEvent = {
      tokenId: token._id.toHexString(),
      companyId: token.companyId,
      digest: token.digest,
      change,
      at: at.toISOString(),
    };
    publishCoreEvent(nc, Subjects.tokenChanged, event);
    await nc.flush().catch((error) => log.warn({ err: error, tokenId: event.tokenId }, 'token-changed event not confirmed by the broker'));
  };
}
