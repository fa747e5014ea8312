import Joi from 'joi';
import { failureReplySchema, type FailureReply } from './codec';

/**
 * Company user directory (owned by the token service). The ingestion service asks, once per batch, which of
 * the responsible persons named in the rows are users of the token's company, to warn about the others.
 */

/** Ceiling of e-mails per request: one batch holds at most 500 rows. */
export const DIRECTORY_LOOKUP_MAX_EMAILS = 500;

/** Request on `directory.v1.users.lookup`. */
export interface UsersLookupRequest {
  companyId: string;
  /** Compared without case; duplicates allowed. */
  emails: string[];
}

export type UsersLookupReply =
  | { ok: true; /** Lower-cased e-mails that are users of the company. */ encontrados: string[] }
  | FailureReply;

export const usersLookupRequestSchema = Joi.object<UsersLookupRequest>({
  companyId: Joi.string().min(1).required(),
  emails: Joi.array().items(Joi.string().max(320)).max(DIRECTORY_LOOKUP_MAX_EMAILS).required(),
});

export const usersLookupReplySchema = Joi.alternatives<UsersLookupReply>().try(
  Joi.object({ ok: Joi.valid(true).required(), encontrados: Joi.array().items(Joi.string()).required() }),
  failureReplySchema,
);
