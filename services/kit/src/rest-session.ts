import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { CommonErrorCodes, Refusal, type Session, type SessionRole } from '@erp/contracts';
import { SessionError, type SessionVerifier } from './session';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `sessionHook` before the body is read. */
    session?: Session;
  }
}

export function unauthenticatedRefusal(): Refusal {
  return new Refusal(CommonErrorCodes.UNAUTHENTICATED, 'sessão ausente ou inválida', { status: 401 });
}

export function forbiddenRefusal(): Refusal {
  return new Refusal(CommonErrorCodes.FORBIDDEN, 'apenas administradores da empresa', { status: 403 });
}

/** The one session check of the platform, for REST routes and GraphQL resolvers alike. */
export async function verifiedSession(verifySession: SessionVerifier, request: FastifyRequest): Promise<Session> {
  try {
    return await verifySession(request.headers.authorization);
  } catch (error) {
    if (!(error instanceof SessionError)) throw error;
    // The reason (expired, wrong key, ...) goes to the log only: the client learns nothing to probe with.
    request.log.info({ reason: error.reason }, 'session refused');
    throw unauthenticatedRefusal();
  }
}

export function requireRole(session: Session, role: SessionRole | undefined): Session {
  if (role === 'admin' && session.role !== 'admin') throw forbiddenRefusal();
  return session;
}

/**
 * `onRequest` hook of every REST route that takes a user session: 401 without a valid session, 403 when
 * the route needs `admin`, both decided before the body is read, so an anonymous or under-privileged caller
 * learns nothing about what the body would have produced. The route reads `sessionOf(request)`.
 */
export function sessionHook(verifySession: SessionVerifier, options: { role?: SessionRole } = {}): onRequestAsyncHookHandler {
  return async (request) => {
    request.session = requireRole(await verifiedSession(verifySession, request), options.role);
  };
}

export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthenticatedRefusal();
  return request.session;
}
