import { normalizeEmail, Subjects, type UsersLookupReply } from '@erp/contracts';
import { serveRequests, type Logger, type NatsConnection } from '@erp/kit';
import type { UsuarioStore } from '../store/usuario-store';

/** Answers which e-mails are users of a company; one database query per request whatever its size. */
export function serveUsersLookup(nc: NatsConnection, users: UsuarioStore, log: Logger): void {
  serveRequests(
    nc,
    Subjects.directoryUsersLookup,
    async ({ companyId, emails }): Promise<UsersLookupReply> => {
      const wanted = [...new Set(emails.map(normalizeEmail))];
      return { ok: true, encontrados: await users.existing(companyId, wanted) };
    },
    { log, queue: 'token-service' },
  );
}
