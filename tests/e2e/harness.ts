import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
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
  // Every Content-Security-Policy violation a page meets is recorded; expectAccessible (called at
  // every screen of every e2e test) fails on any, so the whole run checks the CSP.
  await context.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspViolations.push(
        `${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
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

/**
 * Accessibility check: every e2e test calls `expectAccessible(page, 'screen name')` at each screen and
 * state it reaches. It runs axe-core's WCAG 2.1 A and AA rules at a phone width (390 px) and a
 * desktop width (1280 px), then puts the viewport back, and fails with every violation it found
 * (rule, impact, the elements and axe's explanation). `exclude` takes CSS selectors to leave out
 * (only for third-party markup we cannot change; say why where you use it).
 */
/** Fails when the page met any Content-Security-Policy violation since it loaded. */
export async function expectNoCspViolations(page: Page, screen: string): Promise<void> {
  const violations = await page.evaluate(
    () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
  );
  if (violations.length)
    throw new Error(`Content-Security-Policy violations on ${screen}:\n${violations.join('\n')}`);
}

export const A11Y_WIDTHS = [390, 1280] as const;
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
let axeSource: string | undefined;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

export async function expectAccessible(
  page: Page,
  screen: string,
  options: { exclude?: string[] } = {},
): Promise<void> {
  await expectNoCspViolations(page, screen);
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const original = page.viewportSize();
  const height = original?.height ?? 800;
  const report: string[] = [];
  try {
    for (const width of A11Y_WIDTHS) {
      await page.setViewportSize({ width, height });
      // Let media queries, resize observers (charts) and React re-render settle: two frames.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      // Evaluated through the DevTools protocol, so a Content-Security-Policy cannot block it.
      if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
      const violations = (await page.evaluate(
        async ([tags, exclude]) => {
          // biome-ignore lint/suspicious/noExplicitAny: axe is injected above, untyped in the page.
          const axe = (window as any).axe;
          const result = await axe.run(exclude.length ? { exclude: exclude.map((s) => [s]) } : document, {
            runOnly: { type: 'tag', values: tags },
            resultTypes: ['violations'],
          });
          return result.violations;
        },
        [AXE_TAGS, options.exclude ?? []] as const,
      )) as AxeViolation[];
      for (const v of violations) {
        report.push(
          `[${width}px] ${v.id} (${v.impact}): ${v.help}\n${v.nodes
            .map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
            .join('\n')}`,
        );
      }
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
  if (report.length) {
    throw new Error(`axe-core: accessibility violations on '${screen}':\n${report.join('\n')}`);
  }
}
