import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { buildApp } from '../../server/app';
import { type AppConfig, loadConfig } from '../../server/config';

/**
 * End-to-end harness: the real server (as `npm start` runs it, on a temp data folder and a free port)
 * serving the built client, and Debian's Chromium driven by playwright-core.
 */
export const SCREENSHOTS = 'test-results/screenshots';

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((n) => newest(join(path, n))));
}

/** Builds the client once when dist/ is missing or older than the sources. */
export function ensureClientBuilt() {
  const index = 'dist/client/index.html';
  const sources = Math.max(...['src', 'machines', 'contract', 'index.html', 'public'].map(newest));
  if (!existsSync(index) || statSync(index).mtimeMs < sources) {
    // vitest runs with NODE_ENV=test; the served client must be a production build.
    execSync('npx vite build --logLevel warn', {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
}

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

export async function startServer(overrides: Partial<AppConfig> = {}): Promise<RunningServer> {
  ensureClientBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'tutors-e2e-'));
  const config = loadConfig(
    process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {},
    {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      uploadsDir: join(dataDir, 'uploads'),
      logLevel: 'warn',
      signInRateLimit: { perClientPerMinute: 1000, perAccountPer15Minutes: 1000 },
      rateLimits: {
        signUpPerAddressPerHour: 100_000,
        refreshPerAddressPerMinute: 100_000,
        uploadsPerAccountPerHour: 100_000,
        uploadsPerAddressPerHour: 100_000,
      },
      ...overrides,
    },
  );
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  newPage(): Promise<Page>;
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

/** A phone-sized Chromium (360 x 780) with geolocation granted at Kolkata unless told otherwise. */
export async function launchBrowser(
  options: {
    width?: number;
    height?: number;
    geolocation?: { latitude: number; longitude: number } | null;
  } = {},
): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'tutors-chromium-'));
  const geolocation =
    options.geolocation === null
      ? undefined
      : (options.geolocation ?? { latitude: 22.572645, longitude: 88.363892 });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: options.width ?? 360, height: options.height ?? 780 },
    geolocation,
    permissions: geolocation ? ['geolocation'] : [],
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  context.setDefaultTimeout(15000);
  const page = context.pages()[0] ?? (await context.newPage());
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    context,
    page,
    newPage: () => context.newPage(),
    async screenshot(p, name) {
      const path = join(SCREENSHOTS, `${name}.png`);
      await p.screenshot({ path, fullPage: true });
      return path;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

let counter = 0;
export const e2eEmail = (prefix: string) => `${prefix}.${Date.now()}.${++counter}@example.com`;
