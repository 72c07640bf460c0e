import { execSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { buildApp } from '../../server/app';
import { type AppConfig, loadConfig } from '../../server/config';

/**
 * End-to-end harness: the real server (as `npm start` runs it, on a temp data folder and a free port)
 * serving the built client, and Debian's Chromium driven by playwright-core.
 */
export const SCREENSHOTS = 'test-results/screenshots';
/**
 * The screens and states axe-core found clean, one line each as the run reaches them (the page's
 * path, then the name the test gave): the list of what the e2e run checked, at both widths.
 */
export const A11Y_SCREENS = 'test-results/a11y-screens.txt';

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
      // A desktop browser's own UI, which a phone's browser does not build: Chromium preloads the
      // address bar's popup (a WebUI page of some 400 files) in a renderer of its own when it starts,
      // and on this 2-core machine that took CPU from the page being loaded, seconds of it.
      '--disable-features=PreloadTopChromeWebUI,WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
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

/**
 * Whether the element has focus, matches :focus-visible (the browser shows its ring) and the outline
 * it draws (px): focus a script moved after a mouse click shows the ring only where the product asked.
 */
export const focusRingOf = (element: Locator) =>
  element.evaluate((el) => {
    const s = getComputedStyle(el);
    return {
      focused: document.activeElement === el,
      focusVisible: el.matches(':focus-visible'),
      outline: s.outlineStyle === 'none' ? 0 : Number.parseFloat(s.outlineWidth),
    };
  });

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
      // A fading dialog or toast is pale on pale mid-way: wait for every finite animation and CSS
      // transition to end (spinners loop forever and are left running).
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
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
  mkdirSync('test-results', { recursive: true });
  appendFileSync(A11Y_SCREENS, `${new URL(page.url()).pathname}\t${screen}\n`);
}

interface TabStop {
  what: string;
  top: number;
  bottom: number;
  pinned: boolean;
  visible: boolean;
}

/**
 * Keyboard check: walks the screen with Tab from its start, at a phone width (390 px) and a desktop
 * width (1280 px), and fails when a control that receives focus shows no sign of it (no outline,
 * border, shadow or background change on it, the element drawn for it beside it, or its wrappers,
 * compared with the same elements once focus has moved on) or has no size, or when, at phone width
 * (one column), focus goes back up the page (a stop wholly above the previous one; fixed and sticky
 * bars aside). Tabbing blurs fields, which may reveal their errors: call it where the test has
 * checked what it needs from the screen (before leaving it, or at its end).
 */
export async function expectKeyboardUsable(
  page: Page,
  screen: string,
  options: { maxStops?: number } = {},
): Promise<void> {
  const maxStops = options.maxStops ?? 60;
  const original = page.viewportSize();
  const report: string[] = [];
  try {
    for (const width of A11Y_WIDTHS) {
      await page.setViewportSize({ width, height: original?.height ?? 800 });
      await page.evaluate(() => {
        const w = window as unknown as Record<string, unknown>;
        const watched = (el: Element) =>
          [el, el.nextElementSibling, el.parentElement, el.parentElement?.parentElement].filter(
            (n): n is Element => Boolean(n),
          );
        const look = (el: Element) =>
          watched(el).map((n) => {
            const s = getComputedStyle(n);
            return [
              s.outlineStyle === 'none' ? 'none' : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`,
              s.boxShadow,
              s.borderTopColor,
              s.borderBottomColor,
              s.backgroundColor,
              s.textDecorationLine,
            ].join('|');
          });
        w.__kbLook = look;
        w.__kbWatched = watched;
        w.__kbStops = [] as Element[];
        w.__kbLooks = [] as string[][];
        // Transitions off while walking, so what focus changes is read at its end (through the
        // CSSOM: a Content-Security-Policy governs style elements, not this).
        if (!w.__kbStill) {
          const still = new CSSStyleSheet();
          still.replaceSync(
            '*, *::before, *::after { transition: none !important; animation: none !important; }',
          );
          document.adoptedStyleSheets = [...document.adoptedStyleSheets, still];
          w.__kbStill = still;
        }
        // Start from the top of the document, as a person arriving on the screen does.
        (document.activeElement as HTMLElement | null)?.blur();
        window.scrollTo(0, 0);
        document.body.tabIndex = -1;
        document.body.focus();
        document.body.removeAttribute('tabindex');
      });
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const stops: TabStop[] = [];
      const looksUnchanged: string[] = [];
      for (let i = 0; i < maxStops; i++) {
        await page.keyboard.press('Tab');
        const stop = await page.evaluate(() => {
          const w = window as unknown as {
            __kbLook: (el: Element) => string[];
            __kbWatched: (el: Element) => Element[];
            __kbStops: Element[];
            __kbLooks: string[][];
          };
          const el = document.activeElement;
          if (!el || el === document.body || el === document.documentElement) return { done: true as const };
          const previous = w.__kbStops.at(-1);
          let unchanged: string | null = null;
          if (previous && previous !== el) {
            const before = w.__kbLooks.at(-1) ?? [];
            const after = w.__kbLook(previous);
            // Compared on the previous element and what is drawn for it, leaving out what the new
            // focus itself restyles (the new element, the wrappers it is in).
            const watched = w.__kbWatched(previous);
            const same = watched.every((n, i) => n === el || n.contains(el) || before[i] === after[i]);
            if (!previous.contains(el) && same) unchanged = 'yes';
          }
          if (w.__kbStops[0] === el) return { done: true as const, unchanged };
          w.__kbStops.push(el);
          w.__kbLooks.push(w.__kbLook(el));
          const r = el.getBoundingClientRect();
          let pinned = false;
          for (let n: Element | null = el; n; n = n.parentElement) {
            const p = getComputedStyle(n).position;
            if (p === 'fixed' || p === 'sticky') pinned = true;
          }
          const name =
            el.getAttribute('aria-label') ||
            (el.id && document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent) ||
            el.textContent ||
            el.getAttribute('placeholder') ||
            '';
          return {
            done: false as const,
            unchanged,
            stop: {
              what: `<${el.tagName.toLowerCase()}${el.getAttribute('type') ? ` type=${el.getAttribute('type')}` : ''}> '${name.trim().replace(/\s+/g, ' ').slice(0, 50)}'`,
              top: r.top + window.scrollY,
              bottom: r.bottom + window.scrollY,
              pinned,
              visible: r.width > 0 && r.height > 0,
            },
          };
        });
        if (stop.unchanged && stops.length) looksUnchanged.push(stops[stops.length - 1].what);
        if (stop.done) break;
        stops.push(stop.stop);
      }
      for (const what of looksUnchanged) report.push(`[${width}px] no visible focus on ${what}`);
      for (const s of stops.filter((s) => !s.visible))
        report.push(`[${width}px] focus lands on an invisible ${s.what}`);
      if (width < 600) {
        const flowing = stops.filter((s) => !s.pinned);
        for (let i = 1; i < flowing.length; i++) {
          const [before, after] = [flowing[i - 1], flowing[i]];
          if (after.bottom <= before.top)
            report.push(
              `[${width}px] focus goes back up the page: ${before.what} (at ${Math.round(before.top)} px) then ${after.what} (at ${Math.round(after.top)} px)`,
            );
        }
      }
      if (!stops.length) report.push(`[${width}px] nothing on the screen takes the keyboard's focus`);
    }
  } finally {
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      const still = (window as unknown as { __kbStill?: CSSStyleSheet }).__kbStill;
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== still);
      delete (window as unknown as { __kbStill?: CSSStyleSheet }).__kbStill;
    });
    if (original) await page.setViewportSize(original);
  }
  if (report.length) throw new Error(`keyboard: problems on '${screen}':\n${report.join('\n')}`);
}
