import { Subjects, type AuthenticateReply } from '@erp/contracts';
import { serveRequests, type Logger, type NatsConnection } from '@erp/kit';
import { identityOf } from '../domain/identity';
import { shouldRecordUse } from '../domain/last-use';
import type { TokenStore } from '../store/token-store';

/**
 * Answers "who is this token?" for the ingestion service. The request carries the digest, never the value.
 * The status is derived at this moment (EXPIRADO once `expiraEm` passed); the caller decides the HTTP answer.
 */
export function serveAuthenticate(nc: NatsConnection, store: TokenStore, log: Logger, granularityMs: number): void {
  // When this replica last wrote each token's use: the decision to write needs no database read.
  const recorded = new Map<string, Date>();

  serveRequests(
    nc,
    Subjects.tokenAuthenticate,
    async ({ digest }): Promise<AuthenticateReply> => {
      const now = new Date();
      const token = await store.findByDigest(digest.toLowerCase());
      if (!token) return { ok: false, codigo: 'TOKEN_INVALIDO', erro: 'token não reconhecido' };
      const id = token._id.toHexString();
      const identity = identityOf({ ...token, id }, now);
      // Only a usable token is "used"; a refused call is not a use.
      if (identity.status === 'ATIVO' && shouldRecordUse(recorded.get(id) ?? null, now, granularityMs)) {
        recorded.set(id, now);
        store.recordUse(token._id, now).catch((error) => log.warn({ err: error, tokenId: id }, 'could not record token use'));
      }
      return { ok: true, token: identity };
    },
    { log, queue: 'token-service' },
  );
}
