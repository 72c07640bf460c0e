import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** Writes .gz and .br beside every built asset; the server sends them as they are (preCompressed). */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk('dist/client/assets')) {
        if (!/\.(js|css|svg|json)$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * Test files that mock modules (vi.mock): they run in their own isolated projects, because the jsdom
 * projects share one module graph per worker (isolate: false), where a mock would leak into the
 * files after it or not apply at all.
 */
function mockingTestFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
      const path = `${dir}/${d.name}`;
      if (d.isDirectory()) return d.name === 'node_modules' ? [] : walk(path);
      return /\.test\.tsx?$/.test(d.name) && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path, 'utf8'))
        ? [path]
        : [];
    });
  try {
    return walk('tests');
  } catch {
    return [];
  }
}
const MOCKING = mockingTestFiles();
const isModelTest = (f: string) => /\.model\.test\.tsx?$/.test(f);
const isViewTest = (f: string) => /^tests\/(client|machines)\/.*\.test\.tsx$/.test(f) && !isModelTest(f);

// One config for the client build (vite) and every test project (vitest).
export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/users': 'http://127.0.0.1:3000',
      '/uploads': 'http://127.0.0.1:3000',
      '/admin_users': 'http://127.0.0.1:3000',
      '/admin-sign-in': 'http://127.0.0.1:3000',
      '/Activity-Log': 'http://127.0.0.1:3000',
    },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // The machine visualiser (elkjs) is one large lazy chunk, only for QA at /__machines.
    chunkSizeWarningLimit: 1600,
  },
  test: {
    // Vitest's default on a 2-core machine is one worker (cores - 1): the suite then runs file by
    // file. Test files wait on I/O (msw, PGlite) as much as they compute, so use every core.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          // Views rendered with Testing Library: jsdom.
          name: 'client',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.tsx', 'tests/machines/**/*.test.tsx'],
          // Model-based tests run once, in the `model` project (they record coverage there).
          exclude: ['**/*.model.test.{ts,tsx}', '**/node_modules/**', ...MOCKING],
          setupFiles: ['tests/setup/jsdom.ts'],
          // One jsdom and one module graph per worker, not per file: setting up jsdom and importing
          // React, Mantine and the app again for every file took most of the project's time.
          // tests/setup/jsdom.ts resets what a file may leave behind (DOM, storage, handlers, timers).
          isolate: false,
          testTimeout: 20000,
        },
      },
      {
        extends: true,
        test: {
          // Machines, rules and the registry without a view: plain node, no DOM to set up.
          name: 'unit',
          environment: 'node',
          include: ['tests/client/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/model/**/*.test.ts'],
          exclude: ['**/*.model.test.{ts,tsx}', '**/node_modules/**'],
          testTimeout: 20000,
        },
      },
      {
        extends: true,
        test: {
          name: 'model',
          environment: 'jsdom',
          include: ['tests/**/*.model.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', ...MOCKING],
          setupFiles: ['tests/setup/jsdom.ts'],
          globalSetup: ['tests/setup/model-global.ts'],
          isolate: false,
          testTimeout: 30000,
        },
      },
      {
        extends: true,
        test: {
          // View tests that mock modules, each file in its own module graph.
          name: 'client-mocked',
          environment: 'jsdom',
          include: MOCKING.filter(isViewTest).length ? MOCKING.filter(isViewTest) : ['tests/none'],
          setupFiles: ['tests/setup/jsdom.ts'],
          testTimeout: 20000,
        },
      },
      {
        extends: true,
        test: {
          // Model-based tests that mock modules, each file in its own module graph.
          name: 'model-mocked',
          environment: 'jsdom',
          include: MOCKING.filter(isModelTest).length ? MOCKING.filter(isModelTest) : ['tests/none'],
          setupFiles: ['tests/setup/jsdom.ts'],
          testTimeout: 30000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/setup/server-global.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          fileParallelism: false,
          testTimeout: 120000,
          hookTimeout: 180000,
        },
      },
    ],
  },
});
