import { Subjects, type UsersLookupRequest } from '@erp/contracts';
import { requestReply, type Logger, type NatsConnection } from '@erp/kit';

/**
 * Which e-mails are users of a company; `null` when the directory could not be asked. The e-mails go as given:
 * distinct and in lower case, as a batch's look-ups collect them.
 */
export type UserDirectory = (companyId: string, emails: string[]) => Promise<Set<string> | null>;

/**
 * One request per batch to the token service's user directory. When it cannot answer, the batch still goes
 * through: the rows are stored and their `aviso` says the person could not be checked (a directory outage
 * must not stop data from coming in).
 */
export function createUserDirectory(options: { nc: NatsConnection; log: Logger; timeoutMs: number }): UserDirectory {
  return async (companyId, emails) => {
    if (emails.length === 0) return new Set();
    const request: UsersLookupRequest = { companyId, emails };
    try {
      const reply = await requestReply(options.nc, Subjects.directoryUsersLookup, request, { timeoutMs: options.timeoutMs });
      if (!reply.ok) {
        options.log.warn({ codigo: reply.codigo }, 'user directory refused the lookup');
        return null;
      }
      // Lower-cased here: the directory's spelling is the token service's, not ours.
      return new Set(reply.encontrados.map((e: string) => e.toLowerCase()));
    } catch (error) {
      options.log.warn({ err: error }, 'user directory unavailable');
      return null;
    }
  };
}
