import { encode, Subjects, type TokenChangedEvent } from '@erp/contracts';
import type { NatsConnection } from '@erp/kit';
import type { TokenRecord } from '../store/token-model';

export type PublishTokenChanged = (token: TokenRecord, change: TokenChangedEvent['change'], at: Date) => void;

/**
 * Core NATS publish, not JetStream: the event only tells caches to forget, and a cache that misses it still
 * expires on its own short TTL. Fire-and-forget: the change is already stored when this runs.
 */
export function tokenChangedPublisher(nc: NatsConnection): PublishTokenChanged {
  return (token, change, at) => {
    const event: TokenChangedEvent = {
      tokenId: token._id.toHexString(),
      companyId: token.companyId,
      digest: token.digest,
      change,
      at: at.toISOString(),
    };
    nc.publish(Subjects.tokenChanged, encode(event));
  };
}
