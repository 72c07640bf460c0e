import { LATER_STYLESHEET } from '../../contract/constants';
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

/**
 * On a prerendered screen the server sends only the rules its HTML uses inline, and the whole
 * stylesheet in a link that loads without holding the first paint (server/plugins/client.ts). The
 * app's code applies it as it starts, for everything the screen shows after its first paint; the
 * promise settles once it is in (at once on any other page, or when it failed to load).
 */
export function applyLaterStylesheet(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>(`link[${LATER_STYLESHEET}]`);
  if (!link) return Promise.resolve();
  const loaded = link.sheet
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        link.addEventListener('load', () => resolve(), { once: true });
        link.addEventListener('error', () => resolve(), { once: true });
      });
  link.media = 'all';
  return loaded;
}
