import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// One config for the client build (vite) and every test project (vitest).
export default defineConfig({
  plugins: [react()],
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
    chunkSizeWarningLimit: 900,
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
