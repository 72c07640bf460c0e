/**
 * Build-time prerendering of the screens a signed-out visitor lands on (the login forms): the HTML
 * React renders for a first visit (empty storage, no query), written into index.html by the server
 * for those paths, so that the form paints as soon as the HTML and CSS have arrived and becomes
 * usable when the client hydrates it (src/main.tsx). Run by the `prerender` plugin of vite.config.ts
 * in Node, never in the browser.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { SUPPORT_EMAIL_SLOT } from '../contract/constants';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** The HTML of the app at `path` for a first-time, signed-out visitor. */
export async function render(path: string): Promise<string> {
  const g = globalThis as Record<string, unknown>;
  const saved = { window: g.window, localStorage: g.localStorage, sessionStorage: g.sessionStorage };
  const localStorage = memoryStorage();
  const sessionStorage = memoryStorage();
  Object.assign(g, {
    localStorage,
    sessionStorage,
    window: {
      location: new URL(`http://localhost${path}`),
      __APP_CONFIG__: { supportEmail: SUPPORT_EMAIL_SLOT },
      localStorage,
      sessionStorage,
    },
  });
  try {
    const { App } = await import('./app/App');
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <App ssrPath={path} />
      </StrictMode>,
    );
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    Object.assign(g, saved);
  }
}
