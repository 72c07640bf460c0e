import { beforeAll } from 'vitest';

// The view tests share one module graph per worker (vite.config.ts: client, isolate false). Every
// lazily loaded module of the app is imported here, once per worker, before the first test: no
// route's import can then still be in flight when a file ends (which broke that page for every
// later file of the worker), and no file pays for importing the app again.
const modules = import.meta.glob([
  '../../src/features/**/*.tsx',
  '../../src/app/NotFoundPage.tsx',
  '../../src/components/LoadedModal.tsx',
  '../../src/api/*.ts',
  '../../src/i18n/index.ts',
]);

beforeAll(async () => {
  await Promise.all(Object.values(modules).map((load) => load()));
}, 120000);
