import { DEFAULT_LANGUAGE, detectLanguage } from '../i18n/languages';
import { session } from '../lib/session';

/**
 * Whether the prerendered HTML the server sent (the login screens as a first-time, signed-out
 * visitor sees them: src/prerender.tsx) is what this visitor's first render will be, so the client
 * may hydrate it. A stored session (the login screen then checks it) or a query string (a return
 * path, a notice) renders differently: the client renders afresh instead of mismatching.
 * The prerendered HTML is English: a visitor reading Bengali or Hindi renders afresh too.
 */
export function canHydrate(): boolean {
  try {
    return !window.location.search && !session.token() && detectLanguage() === DEFAULT_LANGUAGE;
  } catch {
    return false;
  }
}
