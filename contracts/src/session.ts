/**
 * The user session every internal front end presents to the gateway, which forwards it unchanged to each
 * subgraph. The company always comes from here (or from an ingestion token), never from a request field.
 */
export const SessionRoles = ['admin', 'user'] as const;
export type SessionRole = (typeof SessionRoles)[number];

export interface Session {
  userId: string;
  companyId: string;
  role: SessionRole;
}

/** JWT claim names carrying the session; `sub` is the user id. */
export const SessionClaims = { companyId: 'companyId', role: 'role' } as const;

/** Issuer and audience of sessions signed with the development key. */
export const DevSession = { issuer: 'erp-dev', audience: 'erp-internal' } as const;
