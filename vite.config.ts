import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.{ts,tsx}'],
          // Model-based tests run once, in the `model` project (they record coverage there).
          exclude: ['**/*.model.test.{ts,tsx}', '**/node_modules/**'],
          setupFiles: ['tests/setup/jsdom.ts'],
          testTimeout: 20000,
        },
      },
      {
        extends: true,
        test: {
          name: 'model',
          environment: 'jsdom',
          include: ['tests/**/*.model.test.{ts,tsx}'],
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
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        extends: true,
        test: {
          // Child server processes killed mid-burst, PostgreSQL stopped and started (CI, not npm test).
          name: 'reliability',
          environment: 'node',
          include: ['tests/reliability/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 600000,
          hookTimeout: 600000,
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
