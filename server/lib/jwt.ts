import { jwtVerify, SignJWT } from 'jose';

/**
 * Access tokens: HS256 JSON Web Tokens signed and verified by `jose`. The claims are the ones the
 * tokens have always carried (numeric `sub`, `role`, the session id `sid`, `iat`, `exp`), so a
 * token issued before this module changed still verifies. Whether the session is still live
 * (logout, refresh reuse) is checked by the auth plugin against the sessions table.
 */
export interface AccessClaims {
  /** principal id: users.id or admin_users.id */
  sub: number;
  /** 1 teacher, 2 student, 3 job seeker, 4 administrator */
  role: number;
  /** session id (sessions.id) */
  sid: string;
  iat: number;
  exp: number;
}

const ALGORITHM = 'HS256';
const encoder = new TextEncoder();
/**
 * The HMAC key of a secret, imported once: jose imports raw key bytes again on every call, which
 * cost each signed-in request about half a millisecond.
 */
const keys = new Map<string, Promise<CryptoKey>>();
const keyOf = (secret: string): Promise<CryptoKey> => {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keys.set(secret, key);
  }
  return key;
};

/**
 * Tokens verified lately (oldest dropped first): every signed-in request sends the same token again
 * until it expires, and checking its HMAC through WebCrypto cost a request over a millisecond of
 * CPU. Only tokens that passed every check are kept, with the secret they passed with; whether the
 * session is still live is asked of the database on every request regardless (server/plugins/auth.ts).
 */
const VERIFIED_KEPT = 5000;
const verified = new Map<string, { secret: string; claims: AccessClaims }>();

/** Signs the claims as an HS256 JSON Web Token. */
export async function signJwt(claims: AccessClaims, secret: string): Promise<string> {
  const { sub, role, sid, iat, exp } = claims;
  // jose's setSubject takes only strings; the wire format has always carried the numeric id.
  return new SignJWT({ sub, role, sid, iat, exp } as unknown as Record<string, unknown>)
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .sign(await keyOf(secret));
}

/**
 * The claims, or null when the token is malformed, forged, expired, signed with another algorithm
 * (`none`, RS256, …: only HS256 is accepted) or carries claims of the wrong type.
 */
export async function verifyJwt(token: string, secret: string, now?: Date): Promise<AccessClaims | null> {
  // A token whose signature and claims were checked before only needs its expiry checked again
  // (jose's rule: expired once `exp` is not after the current second).
  const known = verified.get(token);
  if (known && known.secret === secret) {
    const seconds = Math.floor((now ?? new Date()).getTime() / 1000);
    return known.claims.exp > seconds ? known.claims : null;
  }
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), {
      algorithms: [ALGORITHM],
      requiredClaims: ['exp', 'sub', 'sid'],
      currentDate: now,
    });
    const claims = payload as unknown as AccessClaims;
    if (
      !Number.isSafeInteger(claims.sub) ||
      typeof claims.sid !== 'string' ||
      typeof claims.role !== 'number'
    )
      return null;
    if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(token, { secret, claims });
    return claims;
  } catch {
    return null;
  }
}
