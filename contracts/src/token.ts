import Joi from 'joi';
import { failureReplySchema, type FailureReply } from './codec';

export const TokenModes = ['UPSERT', 'INSERT'] as const;
export type TokenMode = (typeof TokenModes)[number];

/** ATIVO, INATIVO and REVOGADO are stored; EXPIRADO is derived from `expiraEm` at the moment of asking. */
export const TokenStatuses = ['ATIVO', 'INATIVO', 'REVOGADO', 'EXPIRADO'] as const;
export type TokenStatus = (typeof TokenStatuses)[number];

/**
 * The expiry rule, once for the token service (which reports EXPIRADO) and for ingestion (which refuses
 * with TOKEN_EXPIRADO from a cached identity): a token is expired from the instant `expiraEm` on. Derived
 * at the moment of asking, never stored, so a cached identity cannot outlive its date.
 */
export function isTokenExpired(expiraEm: Date | string | null, now: Date): boolean {
  if (expiraEm === null) return false;
  return (typeof expiraEm === 'string' ? Date.parse(expiraEm) : expiraEm.getTime()) <= now.getTime();
}

/** Prefix every ingestion token value starts with (spec 5.1). */
export const TOKEN_VALUE_PREFIX = 'ing_';

/** What the token service tells another service about a token. Never the value, never the digest. */
export interface TokenIdentity {
  id: string;
  companyId: string;
  nome: string;
  prefixo: string;
  modo: TokenMode;
  entidades: string[];
  status: TokenStatus;
  /** ISO-8601 or null when the token never expires. */
  expiraEm: string | null;
}

/**
 * Request on `token.v1.authenticate`. The caller sends the SHA-256 digest (hex) of the bearer value, so the
 * secret itself never travels past the service that received it.
 */
export interface AuthenticateRequest {
  digest: string;
}

/** `ok: false` with `TOKEN_INVALIDO` for an unknown digest, or a `FailureReply` of the responder. */
export type AuthenticateReply = { ok: true; token: TokenIdentity } | FailureReply;

export const TokenChangeKinds = ['CRIADO', 'REVOGADO', 'INATIVADO', 'REATIVADO', 'RENOVADO', 'ESCOPO_ALTERADO'] as const;

/** Event on `token.v1.changed`: whoever caches a token drops it. */
export interface TokenChangedEvent {
  tokenId: string;
  companyId: string;
  /** Digest of the token value, so caches keyed by digest can drop it without a reverse index. */
  digest: string;
  change: (typeof TokenChangeKinds)[number];
  at: string;
}

const identitySchema = Joi.object({
  id: Joi.string().required(),
  companyId: Joi.string().required(),
  nome: Joi.string().required(),
  prefixo: Joi.string().required(),
  modo: Joi.string().valid(...TokenModes).required(),
  entidades: Joi.array().items(Joi.string()).required(),
  status: Joi.string().valid(...TokenStatuses).required(),
  expiraEm: Joi.string().isoDate().allow(null).required(),
});

export const authenticateRequestSchema = Joi.object<AuthenticateRequest>({
  digest: Joi.string().hex().length(64).required(),
});

export const authenticateReplySchema = Joi.alternatives<AuthenticateReply>().try(
  Joi.object({ ok: Joi.valid(true).required(), token: identitySchema.required() }),
  failureReplySchema,
);

export const tokenChangedEventSchema = Joi.object<TokenChangedEvent>({
  tokenId: Joi.string().required(),
  companyId: Joi.string().required(),
  digest: Joi.string().hex().length(64).required(),
  change: Joi.string()
    .valid(...TokenChangeKinds)
    .required(),
  at: Joi.string().isoDate().required(),
});
