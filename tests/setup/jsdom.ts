import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import * as React from 'react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { i18n } from '../../src/i18n';
import { server } from '../msw/server';
import { installFastComputedStyle } from './computed-style';

// React's development build records an owner stack for every element it creates (an Error with its
// stack and a console task each): a tenth of a view test's CPU time, for nothing but the component
// stacks of React's own warnings. They are off here (React does the same beyond 10000 elements a
// render); REACT_OWNER_STACKS=1 turns them back on to debug a warning.
if (process.env.REACT_OWNER_STACKS !== '1') {
  const internals = (React as unknown as Record<string, object>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => Number.POSITIVE_INFINITY,
    set: () => {},
  });
}

// Mantine needs these under jsdom.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};
// display, visibility and pointer-events without jsdom's whole-style computation (tests/setup/computed-style.ts).
installFastComputedStyle(window);
window.scrollTo = (() => {}) as typeof window.scrollTo;
if (!URL.createObjectURL) URL.createObjectURL = () => 'blob:preview';
if (!URL.revokeObjectURL) URL.revokeObjectURL = () => {};

// findBy*/waitFor give up after 1 s by default. Every route is a lazy chunk, so the first render of a
// page in a file imports (and, cold, transforms) that page first: on a loaded machine that alone took
// over a second, and '/admin renders the figures the server computed' (the first test of its file,
// the charts chunk) failed now and then. An upper bound, not a delay: passing queries return at once.
configure({ asyncUtilTimeout: 10000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  // A test that switched to Bengali or Hindi leaves English to the next one.
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  document.documentElement.lang = 'en';
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
// Files share one jsdom per worker (vite.config.ts: isolate false): leave nothing to the next file.
afterAll(() => {
  server.close();
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
  delete window.__APP_CONFIG__;
});
