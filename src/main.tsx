import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isGuardedPath } from '../contract/rules/onboarding';
import { startedCallsBack, startedCallsIn } from './api/started-calls';
import { App } from './app/App';
import { AppFrame } from './app/AppFrame';
import { startLanguageLayer } from './app/LanguageGate';
import { applyLaterStylesheet, canHydrate } from './app/prerendered';
import { preloadHome } from './app/routes';
import { knownProgress } from './lib/progress';
import { session } from './lib/session';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * How long, once a signed-in home's code is in, its first render waits for the first screen's
 * answers index.html asked for before it shows loaders in their place instead.
 */
const ANSWERS_WAIT_MS = 1000;

/**
 * Before the first render of a signed-in home: its page's code and the language layer (both
 * preloaded with the HTML, so this is their evaluation, not a download), the first screen's answers
 * that index.html asked for (for at most ANSWERS_WAIT_MS more) and, when it is already back, the
 * route guard's answer. The app's first render then shows the page itself with its answers, not a
 * suspended page's fallback, or loaders, followed by the page a few renders (and React's hold after
 * a fallback) later: on a slow phone each of those renders cost a few hundred milliseconds.
 * Whatever fails here is left to the screens, which do it again as usual.
 */
async function beforeFirstRender(path: string, home: Promise<unknown>): Promise<void> {
  let progressBack = false;
  const progress =
    session.token() && isGuardedPath(path) && !knownProgress.get() && window.__PROGRESS__
      ? window.__PROGRESS__.body.then(
          () => {
            progressBack = true;
          },
          () => undefined,
        )
      : undefined;
  await Promise.all([home, startLanguageLayer()]).catch(() => undefined);
  await startedCallsIn(ANSWERS_WAIT_MS);
  if (progress && progressBack) {
    const answer = await (await import('./api/auth')).takeStartedProgress().catch(() => undefined);
    if (answer) knownProgress.set(answer);
  }
}

// The login screens arrive prerendered (server/plugins/client.ts): attach to that HTML when it is
// what this visitor's first render would be; otherwise render afresh (React replaces it), once the
// whole stylesheet is in (the prerendered screen came with only its own rules).
const laterStylesheet = applyLaterStylesheet();
if (container.hasAttribute('data-prerendered') && canHydrate()) hydrateRoot(container, app);
else {
  // Not the prerendered screen's visitor (signed in, another language): its HTML goes now, not
  // when React first commits, and the root is no longer the (perhaps hidden) prerendered one.
  container.removeAttribute('data-prerendered');
  container.replaceChildren();
  const root = createRoot(container);
  const home = preloadHome(window.location.pathname);
  if (!home) void laterStylesheet.then(() => root.render(app));
  else {
    // The app frame paints meanwhile (plain elements, next to nothing to render), unless the first
    // screen's answers are already in: then the page itself follows at once, and rendering,
    // painting and replacing the frame first would only hold it back.
    if (!startedCallsBack()) root.render(<AppFrame />);
    void beforeFirstRender(window.location.pathname, home).finally(() => root.render(app));
  }
}
