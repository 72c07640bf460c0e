/**
 * `npm run bench:load-time [-- --runs 3] [-- --no-build] [-- --routes /,/admin] [-- --waterfall] [-- --profile] [-- --trace]`: cold loads in Chromium on a slow phone
 * network, our routes beside a floor app (Vite + React 19 rendering one heading), measured in the
 * same run. Not a test: it prints figures with the budgets beside them.
 *
 * - The floor app is built in a temporary folder from this project's own dependencies and served
 *   the way production serves ours (pre-compressed files, immutable hashed assets, SPA fallback).
 * - Ours is the real server (`buildApp`, PGlite in a temporary folder) serving the production build.
 * - Each load is a fresh browser profile (cold cache) throttled through the DevTools protocol:
 *   400 ms round trip, 400 KiB/s down and up, CPU slowed 4x.
 * - Signed-in routes run with a session seeded beforehand (a real log-in, unthrottled, whose local
 *   storage is copied into each cold profile).
 * - Figures are medians over the runs: first paint (first-contentful-paint), LCP, "ready" (the
 *   route's main content is on screen and usable), requests and bytes transferred (all of them, and
 *   the requests made before "ready").
 * - The first run of each route then visits it again in the same browser (a repeat visit, warm
 *   cache) and prints what went over the network: only the document and API calls may.
 */
import { execSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import react from '@vitejs/plugin-react';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import type { CDPSession, Page } from 'playwright-core';
import { build } from 'vite';
import { API_PREFIXES } from '../contract/api';
import { PROGRESS_CALL } from '../contract/api/first-screen';
import { studentEducationalQualifications, subjects, teacherStudentRequests } from '../server/db/schema';
import { registerAdmin } from '../server/services/accounts';
import { launchBrowser, type RunningServer, startServer } from '../tests/e2e/harness';
import { insertTeacher } from '../tests/server/fixtures/teachers';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
/** Five cold loads per route by default, the issue's own medians: three left one build's homes 0.3 x the floor apart between runs. */
const RUNS = Number(flag('runs') ?? process.env.BENCH_RUNS ?? 5);
const ROUTES_FILTER = flag('routes')?.split(',');
/** `--waterfall`: print each load's requests (start and end, from navigation) to see what waits on what. */
const WATERFALL = args.includes('--waterfall');
/** `--profile`: record the main thread's JavaScript (CDP profiler) until ready; print where the time went. */
const PROFILE = args.includes('--profile');
/**
 * `--trace`: record a Chromium performance trace of each load (the renderer's main thread) until
 * ready and print where the time went by kind of work (compiling and running each script, style,
 * layout, paint, garbage collection) and the main thread's longest tasks.
 */
const TRACE = args.includes('--trace');
const THROTTLE = { latencyMs: 400, bytesPerSecond: 400 * 1024, cpu: 4 };
/** The whole benchmark stops after this long, whatever it has measured by then. */
const DEADLINE = Date.now() + Number(flag('max-minutes') ?? 12) * 60_000;
const LOAD_TIMEOUT_MS = 45_000;

const hardStop = setTimeout(
  () => {
    console.error('bench:load-time: time limit reached, stopping');
    process.exit(2);
  },
  DEADLINE - Date.now() + 60_000,
);
hardStop.unref();

// ---------------------------------------------------------------------------------------------
// Builds

function precompressDir(dir: string) {
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((name) => {
      const path = join(d, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  for (const file of walk(dir)) {
    if (!/\.(js|css|svg|json)$/.test(file)) continue;
    const body = readFileSync(file);
    if (body.length < 1024) continue;
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}

/** A Vite + React 19 app rendering one heading, from the project's own node_modules. */
async function buildFloor(): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'), 'dir');
  mkdirSync(join(root, 'src'));
  writeFileSync(
    join(root, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Floor</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.jsx"></script>
  </body>
</html>
`,
  );
  writeFileSync(
    join(root, 'src/main.jsx'),
    `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <h1>Bengal Tutors</h1>
  </StrictMode>,
);
`,
  );
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    build: { outDir: join(root, 'dist'), emptyOutDir: true },
  });
  precompressDir(join(root, 'dist/assets'));
  return root;
}

/** Serves a built app as production serves ours: pre-compressed, immutable assets, SPA fallback. */
async function serveStatic(dir: string) {
  const app = Fastify({ logger: false });
  const index = readFileSync(join(dir, 'index.html'), 'utf8');
  await app.register(fastifyStatic, {
    root: dir,
    index: false,
    wildcard: false,
    preCompressed: true,
    setHeaders: (reply, path) => {
      if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, app };
}

// ---------------------------------------------------------------------------------------------
// Seeded sessions

async function api(base: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

const PASSWORD = 'password123';

/** A teacher with a full profile, a student with a request (and teachers who match), an administrator. */
async function seed(server: RunningServer) {
  const db = server.app.db;
  const stamp = Date.now();
  const teacherEmail = `bench.teacher.${stamp}@example.com`;
  const teacherUser = (await api(server.url, '/api/v1/users', {
    email: teacherEmail,
    password: PASSWORD,
    user_role_id: 1,
  })) as { data: { id: number } };
  await insertTeacher(db, {
    userId: teacherUser.data.id,
    name: 'Anita Roy',
    subjects: ['Physics', 'Mathematics'],
  });
  for (let i = 0; i < 12; i++)
    await insertTeacher(db, {
      name: `Teacher ${i + 1}`,
      subjects: i % 2 ? ['Physics'] : ['Mathematics'],
      verified: i % 3 === 0,
    });

  const studentEmail = `bench.student.${stamp}@example.com`;
  await api(server.url, '/api/v1/users', { email: studentEmail, password: PASSWORD, user_role_id: 2 });
  const signIn = (await api(server.url, '/users/tokens/sign_in', {
    email: studentEmail,
    password: PASSWORD,
  })) as {
    token: string;
    user_id: number;
  };
  const student = (await api(
    server.url,
    '/api/v1/students',
    {
      student: {
        name: 'Riya Sen',
        mobile_number: '9830012345',
        address: '5 Park Street, Kolkata 700016',
        gender: 'female',
        age: 16,
        guardian_number: '',
        is_active: true,
        date_of_birth: '12/03/2009',
        marital_status: 'single',
        user_id: signIn.user_id,
      },
    },
    signIn.token,
  )) as { data: { id: number } };
  await db.insert(studentEducationalQualifications).values({
    studentId: student.data.id,
    degreeId: 3,
    currentAcademicLevel: 'Class 10',
    schoolName: 'South Point High School',
  });
  const physics = await db.select({ id: subjects.id }).from(subjects).where(eq(subjects.name, 'Physics'));
  await db.insert(teacherStudentRequests).values({
    studentId: student.data.id,
    subjectIds: physics.map((s) => s.id),
    modeOfTeaching: 'both',
    preferredGroup: 'individual',
    preferredMedium: 'english',
    teacherAssignmentPreference: 'multiple',
    preferredTime: ['evening'],
  });

  const adminEmail = `bench.admin.${stamp}@example.com`;
  await registerAdmin(db, { email: adminEmail, password: PASSWORD }, { open: true });
  return { teacherEmail, studentEmail, adminEmail };
}

/** Logs in through the real screens (no throttling) and returns the local storage it leaves. */
async function capturedSession(
  base: string,
  how: {
    path: string;
    email: string;
    emailField: string;
    passwordField: string;
    button: string;
    lands: string;
  },
): Promise<Record<string, string>> {
  const browser = await launchBrowser({ geolocation: null });
  try {
    const page = browser.page;
    await page.goto(`${base}${how.path}`);
    await page.locator(how.emailField).first().fill(how.email);
    await page.locator(how.passwordField).first().fill(PASSWORD);
    await page.getByRole('button', { name: how.button, exact: true }).click();
    await page.waitForURL(`**${how.lands}`, { timeout: 30_000 });
    return await page.evaluate(() => ({ ...localStorage }));
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------
// One cold load

interface Target {
  name: string;
  url: string;
  /** Browser-side expression: true once the route's main content is on screen and usable. */
  ready: string;
  /** Browser-side expression: true once the rest of the page is in too (printed, not budgeted). */
  complete?: string;
  storage?: Record<string, string>;
}

interface Sample {
  firstPaint: number;
  lcp: number;
  ready: number;
  requests: number;
  requestsBeforeReady: number;
  /** API calls made before ready, the route guard's progress call aside. */
  apiBeforeReady: number;
  bytes: number;
  jsBytes: number;
  /** When `complete` held (NaN without one). */
  complete: number;
  /** The first run's repeat visit (`repeatVisit`). */
  repeat?: RepeatVisit;
}

/** What a repeat visit (the same route again, warm cache) fetched over the network, and from cache. */
interface RepeatVisit {
  document: number;
  api: number;
  /** Anything else that went over the network: the budget allows none. */
  other: string[];
  fromCache: number;
}

const READY_SCRIPT = (ready: string, complete: string, storage: Record<string, string> | undefined) => `
(() => {
  ${storage ? `if (!sessionStorage.getItem('bench:seeded')) { sessionStorage.setItem('bench:seeded', '1'); const s = ${JSON.stringify(storage)}; for (const k in s) localStorage.setItem(k, s[k]); }` : ''}
  const isReady = () => { try { return Boolean(${ready}); } catch { return false; } };
  const isComplete = () => { try { return Boolean(${complete}); } catch { return false; } };
  let queued = false;
  let resolveReady;
  window.__benchReady = new Promise((resolve) => { resolveReady = resolve; });
  const check = () => {
    queued = false;
    if (window.__benchReadyAt === undefined && isReady()) { window.__benchReadyAt = performance.now(); resolveReady(window.__benchReadyAt); }
    if (window.__benchReadyAt !== undefined && isComplete()) { window.__benchCompleteAt = performance.now(); observer.disconnect(); }
  };
  const observer = new MutationObserver(() => { if (!queued) { queued = true; queueMicrotask(check); } });
  observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['disabled'] });
  window.__benchLcp = 0;
  window.__benchCommits = [];
  window.__benchWhat = ${process.env.BENCH_COMMIT_TEXT ? 'true' : 'false'};
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { isDisabled: false, supportsFiber: true, renderers: new Map(), inject() { return 1; }, onScheduleFiberRoot() {}, onCommitFiberRoot() { if (window.__benchReadyAt === undefined) window.__benchCommits.push(Math.round(performance.now()) + (window.__benchWhat ? ' ' + JSON.stringify(document.body.innerText.replace(/\\s+/g, ' ').slice(0, 70)) + ' [still loading: ' + [...document.querySelectorAll('[aria-label^="Loading"]')].map((e) => e.getAttribute('aria-label')).join(', ') + '; charts drawn: ' + [...document.querySelectorAll('.admin-chart__plot')].filter((p) => p.querySelector('svg.recharts-surface')).length + ' of ' + document.querySelectorAll('.admin-chart__plot').length + '; ready: ' + isReady() + ']' : '')); }, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {} };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) { const t = e.renderTime || e.startTime; if (t >= window.__benchLcp) { window.__benchLcp = t; window.__benchLcpWhat = e.element ? e.element.tagName.toLowerCase() + (e.element.id ? '#' + e.element.id : '') + ' ' + JSON.stringify((e.element.textContent || '').trim().slice(0, 40)) + ' ' + e.size + ' px²' : '(removed element, ' + e.size + ' px²)'; } }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})();
`;

async function throttle(cdp: CDPSession) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLE.latencyMs,
    downloadThroughput: THROTTLE.bytesPerSecond,
    uploadThroughput: THROTTLE.bytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE.cpu });
}

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples?: number[];
  timeDeltas?: number[];
}

/** Source regions of a built chunk (`// path` or `//#region path` lines, in a build made with `--minify false`). */
const regionsOf = new Map<string, Array<[number, string]>>();
function sourceModule(script: string, line: number): string | undefined {
  if (!script.startsWith('/assets/')) return undefined;
  let regions = regionsOf.get(script);
  if (!regions) {
    regions = [];
    try {
      readFileSync(join('dist/client', script), 'utf8')
        .split('\n')
        .forEach((text, i) => {
          // `// src/x.ts`, `// ../../main/node_modules/react-dom/...` (a worktree linking a shared install)
          const m =
            /^\/\/(?:#region)? (?:\.\.\/)*(?:[\w.-]+\/)*?((?:src|machines|contract|node_modules)\/\S+)$/.exec(
              text,
            );
          if (m) regions!.push([i, m[1]]);
        });
    } catch {
      // not ours
    }
    regionsOf.set(script, regions);
  }
  let found: string | undefined;
  for (const [at, path] of regions) if (at <= line) found = path;
  return found;
}

/** Self time by script and by function of one load (until ready), the biggest first. */
function printProfile(name: string, profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const byModule = new Map<string, number>();
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const samples = profile.samples ?? [];
  samples.forEach((id, i) => {
    const frame = byId.get(id);
    const ms = (profile.timeDeltas?.[i + 1] ?? 0) / 1000;
    if (!frame) return;
    const script = frame.url.replace(/^https?:\/\/[^/]+/, '') || `(${frame.functionName || 'native'})`;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    const module = sourceModule(script, frame.lineNumber);
    if (module) byModule.set(module, (byModule.get(module) ?? 0) + ms);
    const fn = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `    ${v.toFixed(0).padStart(6)} ms  ${k}`);
  console.log(`\n  profile ${name} (main thread, self time until ready, CPU slowed ${THROTTLE.cpu}x)`);
  console.log(top(byScript, 10).join('\n'));
  if (byModule.size) {
    console.log('  by source module (a build with --minify false)');
    console.log(top(byModule, 25).join('\n'));
  }
  console.log('  top functions');
  console.log(top(byFunction, Number(process.env.BENCH_TOP ?? 15)).join('\n'));
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's own CPU time in the span (µs): time the thread was descheduled is not in it. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; frame?: string }; fileName?: string };
}

async function readTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const done = new Promise<string>((resolve) =>
    cdp.once('Tracing.tracingComplete', (e) => resolve(e.stream as string)),
  );
  await cdp.send('Tracing.end');
  const handle = await done;
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle, size: 1 << 20 });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle });
  const parsed = JSON.parse(text) as TraceEvent[] | { traceEvents: TraceEvent[] };
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

/** Main-thread time until ready by kind of work (self time: a child's time is not counted twice). */
function printTrace(name: string, events: TraceEvent[], readyMs: number) {
  // The page's renderer main thread: of the threads named so, the busiest (a cold profile's first
  // renderer, for about:blank, is another one).
  const busyness = new Map<string, number>();
  for (const e of events)
    if (e.ph === 'X' && e.dur)
      busyness.set(`${e.pid}:${e.tid}`, (busyness.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
  const main = events
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .sort((a, b) => (busyness.get(`${b.pid}:${b.tid}`) ?? 0) - (busyness.get(`${a.pid}:${a.tid}`) ?? 0))[0];
  const nav = events.find((e) => e.name === 'navigationStart' && e.pid === main?.pid);
  if (!main) return console.log(`\n  trace ${name}: no renderer main thread found`);
  const spans = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const t0 = nav?.ts ?? spans[0]?.ts ?? 0;
  const end = t0 + readyMs * 1000;
  const label = (e: TraceEvent) => {
    const url = (e.args?.data?.url ?? e.args?.fileName ?? '').replace(/^https?:\/\/[^/]+/, '');
    return /^(EvaluateScript|v8\.compile|v8\.compileModule|v8\.evaluateModule|v8\.produceModuleCache)$/.test(
      e.name,
    )
      ? `${e.name} ${url}`
      : e.name;
  };
  const self = new Map<string, number>();
  const stack: Array<{ e: TraceEvent; end: number; child: number }> = [];
  const close = (until: number) => {
    while (stack.length && stack[stack.length - 1].end <= until) {
      const top = stack.pop()!;
      const key = label(top.e);
      self.set(key, (self.get(key) ?? 0) + ((top.e.dur ?? 0) - top.child) / 1000);
    }
  };
  const long: Array<[number, number, string]> = [];
  // The main thread's CPU time in its top-level spans: on a loaded machine the wall-clock figures
  // grow with the time the thread waits for a core; this one much less.
  let cpu = 0;
  for (const e of spans) {
    if (e.ts > end) break;
    close(e.ts);
    if (stack.length) stack[stack.length - 1].child += e.dur ?? 0;
    else cpu += (e.tdur ?? 0) / 1000;
    stack.push({ e, end: e.ts + (e.dur ?? 0), child: 0 });
    if (e.name === 'RunTask' && (e.dur ?? 0) >= 50_000)
      long.push([(e.ts - t0) / 1000, (e.dur ?? 0) / 1000, '']);
  }
  close(Number.POSITIVE_INFINITY);
  self.delete('RunTask');
  const busy = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(
    `\n  trace ${name} (main thread until ready at ${Math.round(readyMs)} ms: ${Math.round(busy)} ms busy, ${Math.round(cpu)} ms of CPU; self time by kind)`,
  );
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.BENCH_TOP ?? 25)))
    console.log(`    ${v.toFixed(0).padStart(6)} ms  ${k}`);
  console.log(`  tasks of 50 ms or more (start, length, from navigation)`);
  for (const [at, ms] of long)
    console.log(`    ${at.toFixed(0).padStart(6)} ${ms.toFixed(0).padStart(6)} ms`);
}

/**
 * Waits for the page's own ready promise (READY_SCRIPT) through the DevTools protocol. Playwright's
 * `waitForFunction` would first inject its helper scripts into the page, on the main thread, while
 * the page loads: a few hundred milliseconds (CPU slowed 4x) that no visitor's browser spends, and
 * that land on the pages painting from their HTML (the prerendered login screens) as they parse.
 */
async function untilReady(cdp: CDPSession) {
  const deadline = Date.now() + LOAD_TIMEOUT_MS;
  for (;;) {
    // Asked before the new document exists, the question goes to the old one and fails or answers
    // nothing when that is replaced: ask again.
    const answer = await cdp
      .send('Runtime.evaluate', {
        expression: 'window.__benchReady',
        awaitPromise: true,
        returnByValue: true,
      })
      .catch(() => undefined);
    if (typeof answer?.result?.value === 'number') return;
    if (Date.now() > deadline) throw new Error(`not ready within ${LOAD_TIMEOUT_MS} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The route again in the same browser, as a person coming back: hashed assets are immutable, so only
 * the document (revalidated) and the API calls should go over the network (a 304 counts as over
 * the network: it is a round trip).
 */
async function repeatVisit(page: Page, cdp: CDPSession, target: Target): Promise<RepeatVisit> {
  await page.goto(target.url, { waitUntil: 'commit', timeout: LOAD_TIMEOUT_MS });
  await untilReady(cdp);
  // What loads after the first screen (charts, a second wave) counts too.
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
  // Resource Timing: nothing transferred (transferSize 0) is an answer from the browser's cache.
  const entries = await page.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((e) => {
      const r = e as PerformanceResourceTiming;
      return { url: r.name, navigation: r.entryType === 'navigation', transferred: r.transferSize };
    }),
  );
  const seen: RepeatVisit = { document: 0, api: 0, other: [], fromCache: 0 };
  for (const entry of entries) {
    if (entry.url.startsWith('data:')) continue;
    const path = new URL(entry.url).pathname;
    if (entry.transferred === 0) seen.fromCache++;
    else if (entry.navigation) seen.document++;
    else if (API_PREFIXES.some((prefix) => path.startsWith(prefix))) seen.api++;
    else seen.other.push(path);
  }
  return seen;
}

async function coldLoad(target: Target, repeat = false): Promise<Sample> {
  const browser = await launchBrowser({ geolocation: null });
  try {
    const page: Page = browser.page;
    await page.addInitScript(READY_SCRIPT(target.ready, target.complete ?? 'true', target.storage));
    const cdp = await browser.context.newCDPSession(page);
    await throttle(cdp);
    const inFlight = new Set<string>();
    const types = new Map<string, string>();
    let bytes = 0;
    let jsBytes = 0;
    let requests = 0;
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.request.url.startsWith('data:')) return;
      requests++;
      inFlight.add(e.requestId);
      lastActivity = Date.now();
    });
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      if (!inFlight.delete(e.requestId)) return;
      bytes += e.encodedDataLength;
      if (types.get(e.requestId) === 'Script') jsBytes += e.encodedDataLength;
      lastActivity = Date.now();
    });
    cdp.on('Network.loadingFailed', (e) => {
      inFlight.delete(e.requestId);
      lastActivity = Date.now();
    });
    if (PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
    }
    if (TRACE)
      await cdp.send('Tracing.start', {
        transferMode: 'ReturnAsStream',
        traceConfig: {
          includedCategories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'v8',
            'v8.execute',
            'blink.user_timing',
            'loading',
            'toplevel',
            '__metadata',
          ],
        },
      });
    await page.goto(target.url, { waitUntil: 'commit', timeout: LOAD_TIMEOUT_MS });
    await untilReady(cdp);
    if (PROFILE) {
      const { profile } = await cdp.send('Profiler.stop');
      printProfile(target.name, profile);
      // BENCH_PROFILE_DUMP=<folder>: each load's CPU profile there too (DevTools' Performance panel opens it).
      if (process.env.BENCH_PROFILE_DUMP) {
        mkdirSync(process.env.BENCH_PROFILE_DUMP, { recursive: true });
        writeFileSync(
          join(
            process.env.BENCH_PROFILE_DUMP,
            `${target.name.replace(/\W+/g, '_')}-${Date.now()}.cpuprofile`,
          ),
          JSON.stringify(profile),
        );
      }
    }
    if (TRACE) {
      const readyMs = await page.evaluate(
        () => (window as unknown as { __benchReadyAt: number }).__benchReadyAt,
      );
      const events = await readTrace(cdp);
      // BENCH_TRACE_DUMP=<folder>: each load's raw trace there too (chrome://tracing or Perfetto open it).
      if (process.env.BENCH_TRACE_DUMP) {
        mkdirSync(process.env.BENCH_TRACE_DUMP, { recursive: true });
        writeFileSync(
          join(process.env.BENCH_TRACE_DUMP, `${target.name.replace(/\W+/g, '_')}-${Date.now()}.json`),
          JSON.stringify(events),
        );
      }
      printTrace(target.name, events, readyMs);
    }
    // Let late requests (charts, images, a second wave) finish: 1.5 s without network activity.
    const quietUntil = Date.now() + 20_000;
    while (Date.now() < quietUntil && (inFlight.size > 0 || Date.now() - lastActivity < 1500))
      await new Promise((r) => setTimeout(r, 100));
    if (target.complete)
      await page
        .waitForFunction(
          () => (window as unknown as { __benchCompleteAt?: number }).__benchCompleteAt !== undefined,
          null,
          { timeout: LOAD_TIMEOUT_MS },
        )
        .catch(() => undefined);
    const figures = await page.evaluate(
      ([apiPrefixes, progressCall]) => {
        const w = window as unknown as {
          __benchReadyAt: number;
          __benchLcp: number;
          __benchCompleteAt?: number;
        };
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        const resources = performance
          .getEntriesByType('resource')
          .filter((r) => r.startTime <= w.__benchReadyAt);
        return {
          firstPaint: paint ? paint.startTime : Number.NaN,
          lcp: w.__benchLcp,
          ready: w.__benchReadyAt,
          complete: w.__benchCompleteAt ?? Number.NaN,
          // The document itself plus every resource requested before the route was ready.
          requestsBeforeReady: 1 + resources.length,
          apiBeforeReady: resources.filter((r) => {
            const path = new URL(r.name).pathname;
            return path !== progressCall && apiPrefixes.some((prefix) => path.startsWith(prefix));
          }).length,
        };
      },
      [API_PREFIXES, PROGRESS_CALL] as const,
    );
    if (WATERFALL) {
      const commits = await page.evaluate(
        () => (window as unknown as { __benchCommits: number[] }).__benchCommits,
      );
      console.log(
        `\n  React commits before ready (${target.name}): ${commits.length} at ${commits.join(', ')} ms`,
      );
      const rows = await page.evaluate(() =>
        // The document first, then every resource: request, first byte, last byte, size.
        [
          performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming,
          ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[]),
        ].map(
          (r) =>
            [
              Math.round(r.startTime),
              Math.round(r.responseStart),
              Math.round(r.responseEnd),
              Math.round(r.transferSize / 102.4) / 10,
              'domInteractive' in r
                ? `(document; parsed at ${Math.round((r as PerformanceNavigationTiming).domInteractive)} ms)`
                : r.name,
            ] as const,
        ),
      );
      const lcpWhat = await page.evaluate(
        () => (window as unknown as { __benchLcpWhat?: string }).__benchLcpWhat,
      );
      console.log(
        `\n  waterfall ${target.name} (ms from navigation: start, first byte, end; KB over the wire; ready ${Math.round(figures.ready)}, LCP ${Math.round(figures.lcp)}: ${lcpWhat ?? 'none'})`,
      );
      for (const [start, firstByte, end, size, name] of rows)
        console.log(
          `    ${String(start).padStart(6)} ${String(firstByte).padStart(6)} ${String(end).padStart(6)} ${size.toFixed(1).padStart(6)}  ${name.replace(/^https?:\/\/[^/]+/, '')}`,
        );
    }
    return {
      ...figures,
      requests,
      bytes,
      jsBytes,
      repeat: repeat ? await repeatVisit(page, cdp, target) : undefined,
    };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Main

const median = (values: number[]) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (b: number) => `${(b / 1024).toFixed(0)} KB`;

const started = Date.now();
const loadBefore = (await import('node:os')).loadavg();
console.log(
  `bench:load-time: ${RUNS} run(s); throttling ${THROTTLE.latencyMs} ms RTT, ${THROTTLE.bytesPerSecond / 1024} KiB/s, CPU ${THROTTLE.cpu}x`,
);
if (!args.includes('--no-build')) {
  console.log('Building the client (production)...');
  execSync('npx vite build --logLevel warn', {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
console.log('Building the floor app...');
const floorRoot = await buildFloor();
const floor = await serveStatic(join(floorRoot, 'dist'));
const server = await startServer({ logLevel: 'silent' });
let exitCode = 0;
try {
  const accounts = await seed(server);
  console.log('Seeding sessions (real log-ins, unthrottled)...');
  const teacherStorage = await capturedSession(server.url, {
    path: '/',
    email: accounts.teacherEmail,
    emailField: 'input[type=email], input[name=email]',
    passwordField: 'input[type=password]',
    button: 'Log in',
    lands: '/dashboard',
  });
  const studentStorage = await capturedSession(server.url, {
    path: '/',
    email: accounts.studentEmail,
    emailField: 'input[type=email], input[name=email]',
    passwordField: 'input[type=password]',
    button: 'Log in',
    lands: '/teacherfinder',
  });
  const wanted = (name: string) => !ROUTES_FILTER || ROUTES_FILTER.includes(name);
  const adminStorage = !wanted('/admin')
    ? undefined
    : await capturedSession(server.url, {
        path: '/adminsignin',
        email: accounts.adminEmail,
        emailField: 'input[placeholder="Enter Admin Email"]',
        passwordField: 'input[placeholder="Enter admin password"]',
        button: 'Admin Login',
        lands: '/admin',
      });

  const submit = (label: string) =>
    `[...document.querySelectorAll('button[type=submit]')].some((b) => !b.disabled && b.textContent.trim() === ${JSON.stringify(label)})`;
  const noLoader = `!document.querySelector('[aria-label^="Loading"]')`;
  const targets: Target[] = [
    { name: 'floor (one heading)', url: `${floor.url}/`, ready: `document.querySelector('h1')` },
    { name: '/', url: `${server.url}/`, ready: submit('Log in') },
    { name: '/adminsignin', url: `${server.url}/adminsignin`, ready: submit('Admin Login') },
    {
      name: '/dashboard',
      url: `${server.url}/dashboard`,
      ready: `/^Welcome/.test(document.querySelector('h1')?.textContent ?? '') && document.getElementById('new-requests') && ${noLoader}`,
      storage: teacherStorage,
    },
    {
      name: '/teacherfinder',
      url: `${server.url}/teacherfinder`,
      ready: `/teachers? match|No teachers match/.test(document.body.textContent) && ${noLoader}`,
      storage: studentStorage,
    },
    {
      name: '/requests',
      url: `${server.url}/requests`,
      ready: `document.querySelector('article[aria-label^="Request for"]') && ${noLoader}`,
      storage: studentStorage,
    },
    {
      name: '/admin',
      url: `${server.url}/admin`,
      // The first screen: the month's figures, the approvals and the new subjects in (no loader on
      // the first screen), and every chart whose plot is on it drawn (its place holds the chart's
      // SVG). On a phone (360 x 780) the first screen ends at the month's figures; the charts and
      // the notifications are below it. When the whole page is in (every chart drawn, the
      // notifications listed) is printed beside, not budgeted.
      ready: `/Total Teachers/.test(document.body.textContent) && ![...document.querySelectorAll('[aria-label^="Loading"]')].some((l) => l.getBoundingClientRect().top < innerHeight) && [...document.querySelectorAll('.admin-chart__plot')].every((p) => p.querySelector('svg.recharts-surface') || p.getBoundingClientRect().top >= innerHeight)`,
      complete: `document.querySelector('section[aria-label="Teaching"]') && document.querySelector('section[aria-label="Notifications"]') && ${noLoader} && [...document.querySelectorAll('.admin-chart__plot')].every((p) => p.querySelector('svg.recharts-surface'))`,
      storage: adminStorage,
    },
  ].filter((t) => !ROUTES_FILTER || t.name.startsWith('floor') || ROUTES_FILTER.includes(t.name));

  const samples = new Map<string, Sample[]>(targets.map((t) => [t.name, []]));
  // Interleaved (floor, then each route, run after run) so that machine load affects all alike.
  for (let run = 0; run < RUNS && Date.now() < DEADLINE; run++) {
    for (const target of targets) {
      if (Date.now() >= DEADLINE) break;
      try {
        samples.get(target.name)!.push(await coldLoad(target, run === 0));
      } catch (error) {
        console.warn(`  ${target.name} run ${run + 1}: ${(error as Error).message.split('\n')[0]}`);
      }
    }
    process.stdout.write(`  run ${run + 1}/${RUNS} done\n`);
  }

  const med = (name: string, key: Exclude<keyof Sample, 'repeat'>) =>
    median(samples.get(name)!.map((x) => x[key]));
  const floorLcp = med('floor (one heading)', 'lcp');
  console.log(
    `\n| route | first paint | LCP | LCP / floor | ready (main content) | requests (before ready) | transferred (JS) | runs |`,
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const t of targets) {
    const n = samples.get(t.name)!.length;
    if (!n) {
      console.log(`| ${t.name} | no successful run |`);
      continue;
    }
    console.log(
      `| ${t.name} | ${s(med(t.name, 'firstPaint'))} | ${s(med(t.name, 'lcp'))} | ${(med(t.name, 'lcp') / floorLcp).toFixed(2)}x | ${s(med(t.name, 'ready'))} | ${med(t.name, 'requests')} (${med(t.name, 'requestsBeforeReady')}) | ${kb(med(t.name, 'bytes'))} (${kb(med(t.name, 'jsBytes'))}) | ${n} |`,
    );
  }

  console.log('\nBudgets');
  const line = (what: string, value: string, budget: string, ok: boolean) =>
    console.log(
      `  ${what.padEnd(44)} ${value.padStart(10)}   budget ${budget.padEnd(24)} ${ok ? 'within' : 'OVER'}`,
    );
  if (samples.get('/')?.length) {
    const lcp = med('/', 'lcp');
    line('/ LCP', s(lcp), `<= 1.15 x floor = ${s(1.15 * floorLcp)}`, lcp <= 1.15 * floorLcp);
    const before = med('/', 'requestsBeforeReady');
    line('/ requests before the login form is usable', String(before), '<= 8', before <= 8);
  }
  const repeats = targets
    .filter((t) => !t.name.startsWith('floor'))
    .map((t) => [t.name, samples.get(t.name)!.find((x) => x.repeat)?.repeat] as const)
    .filter((entry): entry is readonly [string, RepeatVisit] => entry[1] !== undefined);
  if (repeats.length) {
    const others = repeats.flatMap(([name, r]) => r.other.map((path) => `${name}: ${path}`));
    line(
      'repeat visit: only the document and API calls',
      `${others.length} other`,
      'no asset over the network',
      others.length === 0,
    );
    for (const [name, r] of repeats)
      console.log(
        `    (${name}: the document ${r.document}, API calls ${r.api}, from cache ${r.fromCache}${r.other.length ? `, OTHER: ${r.other.join(' ')}` : ''})`,
      );
  }
  const signedInBudget = 1.5 * floorLcp + THROTTLE.latencyMs;
  for (const name of ['/dashboard', '/teacherfinder', '/requests', '/admin']) {
    if (!samples.get(name)?.length) continue;
    const ready = med(name, 'ready');
    line(
      `${name} main content visible`,
      s(ready),
      `<= 1.5 x floor + RTT = ${s(signedInBudget)}`,
      ready <= signedInBudget,
    );
    // What the first screen shows comes in one call (the route guard's progress call, which every
    // signed-in screen waits for, aside).
    const calls = med(name, 'apiBeforeReady');
    line(`${name} API calls for the first screen`, String(calls), '1 (progress aside)', calls === 1);
    const complete = med(name, 'complete');
    if (targets.find((t) => t.name === name)?.complete && Number.isFinite(complete))
      console.log(
        `    (${name}: the whole page, below the first screen too, in at ${s(complete)}; not budgeted)`,
      );
  }
  const loadAfter = (await import('node:os')).loadavg();
  console.log(
    `\nMachine load average (1 min): ${loadBefore[0].toFixed(2)} at start, ${loadAfter[0].toFixed(2)} at end; ${(await import('node:os')).cpus().length} cores; ${((Date.now() - started) / 1000).toFixed(0)} s in all`,
  );
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await server.close();
  await floor.app.close();
  rmSync(floorRoot, { recursive: true, force: true });
}
process.exit(exitCode);
