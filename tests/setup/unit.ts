import { afterAll, vi } from 'vitest';

// The unit files share one module graph per worker (vite.config.ts: unit, isolate false): leave no
// fake clock, spy or stubbed global to the next file.
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
