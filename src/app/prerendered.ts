import { session } from '../lib/session';

/**
 * Whether the prerendered HTML the server sent (the login screens as a first-time, signed-out
 * visitor sees them: src/prerender.tsx) is what this visitor's first render will be, so the client
 * may hydrate it. A stored session (the login screen then checks it) or a query string (a return
 * path, a notice) renders differently: the client renders afresh instead of mismatching.
 * A visitor whose screen is not in English will need the same answer (false) once languages exist.
 */
export function canHydrate(): boolean {
  try {
    return !window.location.search && !session.token();
  } catch {
    return false;
  }
}
