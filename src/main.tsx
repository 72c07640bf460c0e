import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { canHydrate } from './app/prerendered';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The login screens arrive prerendered (server/plugins/client.ts): attach to that HTML when it is
// what this visitor's first render would be; otherwise render afresh (React replaces it).
if (container.hasAttribute('data-prerendered') && canHydrate()) hydrateRoot(container, app);
else {
  // Not the prerendered screen's visitor (signed in, another language): its HTML goes now, not
  // when React first commits, and the root is no longer the (perhaps hidden) prerendered one.
  container.removeAttribute('data-prerendered');
  container.replaceChildren();
  createRoot(container).render(app);
}
