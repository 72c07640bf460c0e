import { existsSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type Plugin, searchForWorkspaceRoot } from 'vite';
import { defineConfig } from 'vitest/config';
import { THEME_CSS } from './src/app/theme-variables.js';

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
 * Writes the theme's CSS variables (src/app/theme-variables.ts, the `<style>` MantineProvider would
 * write) into index.html's head, after the stylesheet, so the same declarations win as when the app
 * wrote them inside the root. Written by the app, they sat in the body, before the prerendered login
 * screen's header: the browser parsed them in the body's first parser pump, which on a slow phone
 * yielded between the header and the form, painting them apart. In the head they are parsed with
 * the rest of it, where the parser never yields.
 */
function themeVariables(): Plugin {
  return {
    name: 'theme-variables',
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        { tag: 'style', attrs: { 'data-mantine-styles': true }, children: THEME_CSS, injectTo: 'head' },
      ],
    },
  };
}

/** Mantine's `useId` module, wherever the install is (a git worktree may link to a shared one). */
const MANTINE_USE_ID = /@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * Gives Mantine's components our `useId` (src/lib/mantine-use-id.ts: React's id, no second render
 * after mounting) in the client build and the prerender. Tests and the dev server keep Mantine's
 * own (its modules are not transformed there); only the id's value differs.
 */
function mantineUseId(): Plugin {
  const ours = resolve('src/lib/mantine-use-id.ts');
  return {
    name: 'mantine-use-id',
    apply: 'build',
    load(id) {
      if (MANTINE_USE_ID.test(id.split('?')[0])) return `export { useId } from ${JSON.stringify(ours)};\n`;
    },
  };
}

/** Mantine's module that takes the default theme's CSS variables out of a theme's, wherever the install is. */
const MANTINE_DEFAULT_VARIABLES =
  /@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]remove-default-variables\.mjs$/;
const EAGER_DEFAULT_VARIABLES = 'const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);';

/**
 * Mantine computes the default theme's CSS variables (every shade of every colour, converted and
 * mixed) when that module is loaded, on every start of the app, for a function we never call:
 * MantineProvider writes no variables here (`withCssVariables={false}`; index.html carries ours,
 * `themeVariables`). In the client build the defaults are computed on first use instead. That was
 * about a tenth of a second of a slow phone's main thread before any screen, `/` included
 * (docs/performance.md). The build fails if Mantine's module no longer reads as expected.
 */
export function mantineLazyDefaultVariables(): Plugin {
  return {
    name: 'mantine-lazy-default-variables',
    apply: 'build',
    transform(code, id) {
      if (!MANTINE_DEFAULT_VARIABLES.test(id.split('?')[0])) return;
      if (!code.includes(EAGER_DEFAULT_VARIABLES))
        this.error(
          `${id}: Mantine's default variables are no longer computed as expected; update this plugin`,
        );
      return code
        .replace(
          EAGER_DEFAULT_VARIABLES,
          'let defaults;\nconst defaultVariables = () => (defaults ??= defaultCssVariablesResolver(DEFAULT_THEME));',
        )
        .replaceAll('defaultCssVariables.', 'defaultVariables().');
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
const isMockedClientTest = (f: string) =>
  /^tests\/(client|machines|model)\/.*\.test\.tsx?$/.test(f) && !isModelTest(f);
/** TEST_CPU_LOG=<file>: each test file of the client, unit and client-mocked projects logs its CPU time there. */
const CPU_LOG = process.env.TEST_CPU_LOG ? ['tests/setup/cpu.ts'] : [];

/**
 * Writes `.vite/routes.json` beside Vite's manifest: each client route path and the source module of
 * its page, read from src/app/routes.tsx (the one route table). The server joins it with the
 * manifest to preload each route's chunks in the index.html it serves (server/lib/preload.ts).
 */
function routeManifest(): Plugin {
  return {
    name: 'route-manifest',
    apply: 'build',
    generateBundle() {
      const file = resolve('src/app/routes.tsx');
      const source = readFileSync(file, 'utf8');
      const modules = new Map<string, string>();
      const add = (name: string, spec: string) => {
        const base = resolve('src/app', spec);
        const path = ['.tsx', '.ts', '/index.tsx'].map((ext) => base + ext).find((p) => existsSync(p));
        if (path) modules.set(name, relative(process.cwd(), path).replace(/\\/g, '/'));
      };
      // `const Page = lazyPage(() => import('…'))`.
      for (const [, name, spec] of source.matchAll(/const (\w+) = lazyPage\(\(\) => import\('([^']+)'\)\)/g))
        add(name, spec);
      const routes: Array<{ path: string; module: string }> = [];
      // `<Route path="/x" component={Page} />`, or `<Route path="/x">` with the page inside (wrapped in
      // RequireSession): the first lazy page named in its children.
      for (const [, path, component, children] of source.matchAll(
        /<Route path="([^"]+)"(?: component=\{(\w+)\} \/>|>([\s\S]*?)<\/Route>)/g,
      )) {
        const name =
          component ??
          [...(children ?? '').matchAll(/<(\w+)\b/g)].map((m) => m[1]).find((n) => modules.has(n));
        const module = name ? modules.get(name) : undefined;
        if (module) routes.push({ path, module });
      }
      const fallback = source.match(/<Route component=\{(\w+)\}/)?.[1];
      this.emitFile({
        type: 'asset',
        fileName: '.vite/routes.json',
        source: JSON.stringify({ routes, fallback: fallback ? modules.get(fallback) : undefined }, null, 2),
      });
    },
  };
}

/**
 * Writes `.vite/modules.json` beside Vite's manifest: each chunk's file and the source modules in it
 * (paths relative to the project). `npm run size` reads it to check, module by module, that no admin
 * code sits in a chunk a product route loads (a chunk's name alone does not say what it carries).
 */
function moduleMap(): Plugin {
  return {
    name: 'module-map',
    apply: 'build',
    generateBundle(_options, bundle) {
      const root = process.cwd();
      const chunks: Record<string, string[]> = {};
      for (const [file, output] of Object.entries(bundle))
        if (output.type === 'chunk')
          chunks[file] = output.moduleIds
            .filter((id) => !id.startsWith('\0'))
            .map((id) => relative(root, id.split('?')[0]).replace(/\\/g, '/'));
      this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: JSON.stringify(chunks) });
    },
  };
}

/**
 * The screens a signed-out visitor lands on, prerendered at build time (src/prerender.tsx): the page
 * module and the path it is rendered for. The server writes their HTML into index.html for every
 * path of those modules (server/plugins/client.ts), so the form paints as soon as the HTML and CSS
 * are in, before any JavaScript has run; the client then hydrates it (src/main.tsx).
 */
const PRERENDERED = [
  { module: 'src/features/auth/LoginPage.tsx', path: '/' },
  { module: 'src/features/admin/AdminSignInPage.tsx', path: '/adminsignin' },
];

/**
 * After the client build: builds src/prerender.tsx for Node (dist/ssr, its own build without this
 * config), renders each PRERENDERED screen and writes `.vite/prerendered.json` (module -> HTML).
 */
function prerender(): Plugin {
  return {
    name: 'prerender',
    apply: 'build',
    async closeBundle() {
      try {
        await renderPages();
      } catch (error) {
        // The app still works without it (the login screens then render in the browser, later).
        this.warn(`prerendering the login screens failed, serving them without: ${(error as Error).stack}`);
      }
    },
  };
}

/** Builds src/prerender.tsx for Node and writes `.vite/prerendered.json`. */
async function renderPages() {
  const { build } = await import('vite');
  const outDir = resolve('dist/ssr');
  await build({
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react(), mantineUseId()],
    build: {
      ssr: 'src/prerender.tsx',
      outDir,
      emptyOutDir: true,
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const { render } = (await import(
    `${pathToFileURL(join(outDir, 'prerender.js')).href}?t=${Date.now()}`
  )) as {
    render: (path: string) => Promise<string>;
  };
  const pages: Record<string, string> = {};
  for (const { module, path } of PRERENDERED) pages[module] = await render(path);
  writeFileSync('dist/client/.vite/prerendered.json', JSON.stringify(pages));
}

/**
 * Chunk groups. Left to itself the bundler makes one small chunk per Mantine component and per
 * shared module (about 25 for the login form), and a phone on a slow network fetches them in waves,
 * six at a time (HTTP/1.1 opens six connections to a server), one round trip per wave. A few groups
 * instead, each one file, so that a route's code is at most five files beside its first API call:
 * - `frame`: what the entry runs before first paint (React, the provider, the app frame) stays there;
 * - `app`: the code every route runs after that: xstate, superstruct, i18next and the English
 *   messages every route shows (`common`, `auth`; a feature's own travel with its code), the HTTP
 *   client, session, contract structs, the machines' shared helpers (`machines/common`: the admin's
 *   screens use two of them, and in `session` they took that whole chunk onto `/admin`), page
 *   shells, the Mantine components forms and lists share (inputs, buttons, cards, alerts...), and
 *   the login flows (the route guard of the signed-in screens uses them too);
 * - `session`: what the signed-in product screens share (the header with its notifications, the
 *   requests' rules and calls) and each role's machines, API calls and
 *   screen parts (not the pages, which stay one chunk each). One file for teachers and students
 *   alike: the other role's code (about 10 KB) costs less than a seventh request, which waits for a
 *   free connection (a round trip) before the first screen's API call can leave;
 * - `dialog`: the dialogs' code, loaded when a dialog may be needed, not before a screen's first
 *   render (DIALOG below);
 * - `jobs`: the job postings' rules, failure messages and API calls, which the admin's job screens
 *   share with the job seeker's. Left alone, the admin group takes them in as its dependencies and
 *   the admin chunk then loads on the job routes; `npm run size` fails when admin code is reachable
 *   from a product route;
 * - `admin`: code the admin screens share (never loaded on the product's routes), with the review
 *   queue the dashboard and a teacher's file both show (a chunk of its own was one more request on
 *   `/admin`). Not the job screens' machines (the posting editor, the applications board): they stay
 *   with their pages, and the job code they import (the `jobs` chunk, the job routes' declarations)
 *   no longer loads on every admin screen, where it was two more requests queued before `/admin`'s
 *   first-screen call.
 * Pickers, the charts and the visualiser stay in chunks of their own (the visualiser with the machine
 * registry: every feature's index.ts and their samples, never in a group: the admin registry in the
 * admin group made the admin and visualiser chunks import each other, and the admin screens failed); the server preloads each
 * route's chunks (server/lib/preload.ts), so they arrive in one round trip.
 */
const HEAVY =
  /node_modules[\\/](recharts|d3-|victory|elkjs|es-toolkit|immer|redux|@reduxjs|reselect|react-redux|decimal\.js|eventemitter3)|xstate[\\/](graph|dist[\\/](xstate-)?graph)|src[\\/]features[\\/]machines[\\/]|machines[\\/](\w+[\\/])?index\.ts|machines[\\/]samples\.ts|OverviewCharts/;
const ADMIN =
  /src[\\/]features[\\/]admin[\\/](AdminLayout|EmailAddress|messages|ReviewQueuePanel|RejectionReasonField)|src[\\/]i18n[\\/]locales[\\/]en[\\/]admin\.json|src[\\/]api[\\/]admin|machines[\\/]admin[\\/](?!adminApplicationsBoard|adminPostingEditor)|contract[\\/]rules[\\/]admin/;
const JOBS_SHARED =
  /contract[\\/]rules[\\/]job-postings|src[\\/]api[\\/]jobs|src[\\/]features[\\/]jobs[\\/]messages|src[\\/]i18n[\\/]locales[\\/]en[\\/]jobs\.json/;
const UI_COMPONENTS = [
  'Alert',
  'Anchor',
  'Badge',
  'Button',
  'Card',
  'Center',
  'Checkbox',
  'CloseButton',
  'Input',
  'InputBase',
  'Loader',
  'NativeSelect',
  'Paper',
  'PasswordInput',
  'Textarea',
  'TextInput',
  'UnstyledButton',
  'VisuallyHidden',
];
const UI = new RegExp(
  `node_modules[\\\\/]@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/](${UI_COMPONENTS.join('|')})[\\\\/]`,
);
const APP =
  /node_modules[\\/](xstate[\\/]dist|xstate[\\/]actors|@xstate|superstruct|redaxios|i18next|react-i18next)[\\/]|[\\/](contract[\\/](structs|api-failure|message-index|constants|options|rules[\\/]common)|src[\\/]lib[\\/]|src[\\/]i18n[\\/](?!locales[\\/])|src[\\/]i18n[\\/]locales[\\/]en[\\/](common|auth)\.json|src[\\/]api[\\/]client|src[\\/]components[\\/](PageShell|Toast|LogoutButton|SupportContact|LanguageSwitcher|ErrorBanner|AfterFirstPaint)|machines[\\/]common[\\/])/;
const SIGNIN =
  /src[\\/]features[\\/]auth[\\/](CredentialFields|chosenRole|loginFlow)|machines[\\/]auth[\\/](auth|failures|postLogin)\.ts|contract[\\/]rules[\\/]auth/;
/** Small modules several areas share (each would otherwise be a request of its own on their routes). */
const SHARED_SMALL =
  /contract[\\/]rules[\\/](files|student-subject)\.ts|@mantine[\\/]core[\\/]esm[\\/]components[\\/]SimpleGrid[\\/]/;
/**
 * Mantine pieces beyond `ui` that the signed-in homes (not the admin's) render: the header's Avatar,
 * and the teacher dashboard's Chip (its one piece of its own: apart, a sixth file on `/dashboard`,
 * which held the first screen's API call back; see PAGE_FLOWS).
 */
const SESSION_UI = ['Avatar', 'Chip'];
/**
 * The dialogs' code (Mantine's Modal with its focus trap, portal, overlay and scroll area, and what
 * they build on: floating-ui, react-remove-scroll), one chunk that no route evaluates before its
 * first render: OnDemandModal loads it (src/components/LoadedModal.tsx) when the browser is idle or
 * a dialog first opens, and the login's terms and the file picker load it with their own code. In
 * `session` it was 70 KB of minified JavaScript (of 127) evaluated before every signed-in home's first render.
 * Not tslib, which react-remove-scroll imports: it goes with its importers (today the dialog chunk),
 * so a first screen that someday imports it does not pull the dialogs in.
 */
const DIALOG_UI = ['FocusTrap', 'Modal', 'ModalBase', 'Overlay', 'Portal', 'ScrollArea'];
const DIALOG = new RegExp(
  `node_modules[\\\\/]@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/](${DIALOG_UI.join('|')})[\\\\/]|` +
    /node_modules[\\/](@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce)[\\/]|@mantine[\\/]hooks[\\/]esm[\\/]use-focus-(trap|return)[\\/]|src[\\/]components[\\/]LoadedModal/
      .source,
);
/** What the signed-in product homes (/dashboard, /profile, /teacherfinder, /requests, /subject) share. */
const SESSION = new RegExp(
  `node_modules[\\\\/]@mantine[\\\\/]core[\\\\/](esm[\\\\/]components[\\\\/](${SESSION_UI.join('|')})[\\\\/]|styles[\\\\/](${SESSION_UI.join('|')})\\.css)|` +
    /src[\\/]components[\\/](SessionHeader|NotificationBell|notification-|OnDemandModal|PhoneLink)|src[\\/]i18n[\\/]locales[\\/]en[\\/](teacher|student|notifications)\.json|contract[\\/]locales[\\/]en[\\/]notifications\.json|src[\\/]api[\\/](notifications|requests)\.ts|machines[\\/]notifications[\\/]|contract[\\/]rules[\\/](notifications|request)\.ts|src[\\/]features[\\/]student[\\/]labels/
      .source,
);
/**
 * A screen's own flow (a statechart used by that one page) and the page, one chunk: building a
 * machine is work done when its module is evaluated (xstate builds every state node and transition),
 * and the whole `session` chunk is evaluated before any signed-in home can render, so a teacher's
 * dashboard built the four onboarding steps' machines and the student's too before its first screen.
 * Left to itself the bundler made each flow a chunk of its own (the visualiser's registry imports it
 * too): on a signed-in home, the sixth file, which held the first screen's API call back until a
 * connection was free. In a group, the page has no key of its own in Vite's manifest: the server's
 * preloading and the size report find its chunk through `.vite/modules.json`.
 */
const PAGE_FLOWS: Record<string, string> = {
  'machines/teacher/dashboard.ts': 'src/features/teacher/DashboardPage.tsx',
  'machines/teacher/educationalDetails.ts': 'src/features/teacher/EducationalDetailsPage.tsx',
  'machines/teacher/personalDetails.ts': 'src/features/teacher/PersonalDetailsPage.tsx',
  'machines/teacher/preferences.ts': 'src/features/teacher/PreferencesPage.tsx',
  'machines/teacher/profile.ts': 'src/features/teacher/ProfilePage.tsx',
  'machines/teacher/schedule.ts': 'src/features/teacher/SlotsPage.tsx',
  'machines/student/studentEducation.ts': 'src/features/student/StudentEducationPage.tsx',
  'machines/student/studentPersonal.ts': 'src/features/student/StudentPersonalPage.tsx',
  'machines/student/studentRequests.ts': 'src/features/student/RequestsPage.tsx',
  'machines/student/subjectRequest.ts': 'src/features/student/SubjectRequestPage.tsx',
  'machines/student/teacherFinder.ts': 'src/features/student/TeacherFinderPage.tsx',
};
/** The chunk (named after the page) of a page with a flow of its own, for the page and its flow; else null. */
function pageWithFlow(id: string): string | null {
  const path = id.replace(/\\/g, '/');
  for (const [flow, page] of Object.entries(PAGE_FLOWS))
    if (path.endsWith(`/${flow}`) || path.endsWith(`/${page}`)) return page.replace(/^.*\/|\.tsx$/g, '');
  return null;
}
/** Teacher code shared by the teacher's screens (machines, API calls, parts; not the pages): in `session`. */
const TEACHER =
  /machines[\\/]teacher[\\/]|src[\\/]api[\\/]teachers\.ts|contract[\\/]rules[\\/]teacher|src[\\/]features[\\/]teacher[\\/](?!\w+Page\.tsx)/;
/** Student code shared by the student's screens (machines, API calls, rules, shell; not the pages): in `session`. */
const STUDENT =
  /machines[\\/]student[\\/]|src[\\/]api[\\/]students\.ts|contract[\\/]rules[\\/](matching|student(?!-subject))|src[\\/]features[\\/]student[\\/](?!\w+Page\.tsx)/;

const chunkGroups = [
  { name: 'frame', tags: ['$initial' as const], priority: 10 },
  {
    name: 'admin',
    priority: 0,
    includeDependenciesRecursively: false,
    test: (id: string) => ADMIN.test(id) && !HEAVY.test(id),
  },
  { name: 'jobs', priority: 1, test: (id: string) => JOBS_SHARED.test(id) },
  {
    name: 'app',
    priority: 3,
    test: (id: string) =>
      (APP.test(id) || UI.test(id) || SIGNIN.test(id) || SHARED_SMALL.test(id)) &&
      !HEAVY.test(id) &&
      !ADMIN.test(id),
  },
  { name: 'dialog', priority: 2, test: (id: string) => DIALOG.test(id) },
  {
    name: 'session',
    priority: 2,
    test: (id: string) =>
      (SESSION.test(id) || TEACHER.test(id) || STUDENT.test(id)) &&
      !HEAVY.test(id) &&
      pageWithFlow(id) === null,
  },
  { name: pageWithFlow, debugName: 'page with its flow', priority: 4, includeDependenciesRecursively: false },
  // Lowest: whatever the groups above took stays with them.
];

// One config for the client build (vite) and every test project (vitest).
export default defineConfig({
  plugins: [
    react(),
    mantineUseId(),
    mantineLazyDefaultVariables(),
    themeVariables(),
    precompress(),
    routeManifest(),
    moduleMap(),
    prerender(),
  ],
  server: {
    // The project's folder and node_modules wherever it really is (a git worktree may link to a
    // shared install): files imported by URL (`?url`, the language fonts) are served from there.
    fs: {
      allow: [
        searchForWorkspaceRoot(process.cwd()),
        ...(existsSync('node_modules') ? [realpathSync('node_modules')] : []),
      ],
    },
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
    // One stylesheet for every screen (about 16 KB gzip): a route's own stylesheets were one or two
    // more requests competing for the six connections a phone opens to the server.
    cssCodeSplit: false,
    // The machine visualiser (elkjs) is one large lazy chunk, only for QA at /__machines.
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: chunkGroups,
        },
      },
    },
  },
  test: {
    // Timeouts (60 s a test) only bound a hang: a long view test on a loaded 2-core machine took over
    // 20 s, which is no failure. Passing tests never wait for them.
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
          setupFiles: ['tests/setup/jsdom.ts', 'tests/setup/pages.ts', ...CPU_LOG],
          // One jsdom and one module graph per worker, not per file (importing the app and setting
          // up jsdom for each file was most of this project's time). A route import still in flight
          // when a file ended once broke that page for every later file of the worker
          // (EnvironmentTeardownError): tests/setup/pages.ts imports every lazy module first.
          isolate: false,
          testTimeout: 60000,
        },
      },
      {
        extends: true,
        test: {
          // Machines, rules and the registry without a view: plain node, no DOM to set up.
          name: 'unit',
          environment: 'node',
          include: ['tests/client/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/model/**/*.test.ts'],
          exclude: ['**/*.model.test.{ts,tsx}', '**/node_modules/**', ...MOCKING],
          setupFiles: ['tests/setup/unit.ts', ...CPU_LOG],
          // One module graph per worker, not per file: the registry, every machine and the walks are
          // imported once per worker (the project's CPU time: 39 s isolated, 25 s shared).
          // tests/setup/unit.ts restores clocks, spies and globals after every file.
          isolate: false,
          testTimeout: 60000,
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
          testTimeout: 60000,
        },
      },
      {
        extends: true,
        test: {
          // View and unit tests that mock modules, each file in its own module graph.
          name: 'client-mocked',
          environment: 'jsdom',
          include: MOCKING.filter(isMockedClientTest).length
            ? MOCKING.filter(isMockedClientTest)
            : ['tests/none'],
          setupFiles: ['tests/setup/jsdom.ts', ...CPU_LOG],
          testTimeout: 60000,
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
          testTimeout: 60000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/setup/server-global.ts'],
          // One module graph per worker, not per file: importing the server (Fastify, Drizzle, the
          // routes) and compiling PGlite's WebAssembly once per worker instead of once per file. Each
          // file still gets its own app and its own database (tests/server/helper.ts); the server
          // keeps no state in its modules.
          isolate: false,
          testTimeout: 30000,
          // An upper bound for a hang, not a delay: on a loaded machine (a build beside the suite, other
          // people's tests) starting the PGlite worker thread and migrating its database from scratch
          // took over 60 s (tests/server/pglite-worker.test.ts failed on that alone).
          hookTimeout: 180000,
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
