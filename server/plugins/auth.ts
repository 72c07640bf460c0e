import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ROLE } from '../../contract/constants';
import { HTTP_MESSAGES } from '../../contract/rules/http';
import { forbidden, unauthorized } from '../lib/http';
import { type AccessClaims, verifyJwt } from '../lib/jwt';
import { isSessionLive } from '../lib/sessions';

/** Who is calling: a user (teacher, student, job seeker) or an administrator. */
export interface Principal {
  type: 'user' | 'admin';
  id: number;
  /** 1 teacher, 2 student, 3 job seeker, 4 administrator */
  role: number;
  sessionId: string;
  claims: AccessClaims;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate` (or `app.optionalAuth`); null for anonymous calls. */
    principal: Principal | null;
    /**
     * The session id a route's own statement still has to confirm as live (routes declared with
     * `config.sessionInStatement`), or null. See `confirmSession` and `settleSession`.
     */
    sessionToConfirm: string | null;
  }
  interface FastifyContextConfig {
    /**
     * The handler's one statement also answers whether the caller's session is live, and the handler
     * passes that answer to `confirmSession`: the access check then skips its own round trip to the
     * database. Whatever the handler does, the session is confirmed before any answer but a 5xx
     * leaves (`settleSession`): a revoked session still gets 401, never data, a 403 or a 422.
     */
    sessionInStatement?: boolean;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a live access token is sent. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler: reads the token when present; anonymous calls pass with principal null. */
    optionalAuth: (request: FastifyRequest) => Promise<void>;
    /** preHandler: 401 without a token, 403 unless the caller is an administrator. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** preHandler factory: 401 without a token, 403 unless an administrator or one of these roles. */
    requireRole: (...roles: number[]) => (request: FastifyRequest) => Promise<void>;
  }
}

export const isAdmin = (p: Principal | null): boolean => p?.type === 'admin';

/** The principal of an authenticated request (after `app.authenticate`). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/**
 * A deferred session check answered by the handler's statement (`live`): a revoked or unknown session
 * fails exactly as the access check would have. No-op when nothing is pending.
 */
export function confirmSession(request: FastifyRequest, live: boolean): void {
  if (!request.sessionToConfirm) return;
  request.sessionToConfirm = null;
  if (!live) {
    request.principal = null;
    throw unauthorized(HTTP_MESSAGES.sessionExpired);
  }
}

/**
 * Confirms a still pending session with its own query (a handler that did not confirm it, or an
 * answer about to leave before it did: a 4xx, a 403). Throws the access check's 401 when it is not live.
 */
export async function settleSession(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const sid = request.sessionToConfirm;
  if (!sid) return;
  confirmSession(request, await isSessionLive(app.db, sid));
}

export default fp(async function auth(app: FastifyInstance) {
  app.decorateRequest('principal', null);
  app.decorateRequest('sessionToConfirm', null);

  async function read(request: FastifyRequest, defer = false): Promise<Principal | null | 'invalid'> {
    const header = request.headers.authorization;
    if (!header) return null;
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) return 'invalid';
    const claims = await verifyJwt(match[1].trim(), app.tokenSecret);
    if (!claims) return 'invalid';
    if (defer) request.sessionToConfirm = claims.sid;
    else if (!(await isSessionLive(app.db, claims.sid))) return 'invalid';
    return {
      type: claims.role === ROLE.admin ? 'admin' : 'user',
      id: claims.sub,
      role: claims.role,
      sessionId: claims.sid,
      claims,
    };
  }

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const principal = await read(request, request.routeOptions.config?.sessionInStatement === true);
    if (principal === null) throw unauthorized();
    if (principal === 'invalid') throw unauthorized(HTTP_MESSAGES.sessionExpired);
    request.principal = principal;
  });

  app.decorate('optionalAuth', async (request: FastifyRequest) => {
    const principal = await read(request);
    request.principal = principal === 'invalid' ? null : principal;
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await app.authenticate(request);
    if (!isAdmin(request.principal)) {
      await settleSession(app, request);
      throw forbidden(HTTP_MESSAGES.adminsOnly);
    }
  });

  app.decorate('requireRole', (...roles: number[]) => async (request: FastifyRequest) => {
    await app.authenticate(request);
    const p = request.principal!;
    if (p.type !== 'admin' && !roles.includes(p.role)) {
      await settleSession(app, request);
      throw forbidden();
    }
  });
});
