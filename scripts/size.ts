/**
 * `npm run size`: builds the client and prints what each kind of page loads, with the budgets of
 * issue 2 beside the figures. Not a timed test, but a gate: it exits non-zero when a budget is
 * exceeded or when heavy or admin-only code (the charts, the visualiser, the admin screens and their
 * shared chunk) is reachable from a product route, so CI stops a change that drags them in.
 * - "First paint": the entry chunk and its static imports. The browser paints the app frame
 *   (src/app/AppFrame.tsx: header, logo, spinner) as soon as these have run, while the route's own
 *   chunk is still loading; this is the figure the first-paint budget applies to.
 * - "Route ready": that plus the route's chunk and its static imports (the screen a person uses).
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { manifestKeyOf } from '../server/lib/preload';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const outDir = 'dist/client';
if (!process.argv.includes('--no-build'))
  execSync('npx vite build --logLevel warn', {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
const manifest: Record<string, ManifestChunk> = JSON.parse(
  readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'),
);

const gz = (file: string) => gzipSync(readFileSync(join(outDir, file))).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const failures: string[] = [];

/** Files a chunk pulls in statically (itself, its imports, recursively), JS and CSS. */
function closure(keys: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  keys.forEach(visit);
  // One stylesheet for every screen (vite.config.ts, cssCodeSplit: false): index.html links it.
  const shared = manifest['style.css']?.file;
  if (shared) css.add(shared);
  return { js, css };
}

const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gz(f), 0);
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
// Each chunk's file and the source modules in it (vite.config.ts, `moduleMap`).
let modules: Record<string, string[]> = {};
try {
  modules = JSON.parse(readFileSync(join(outDir, '.vite/modules.json'), 'utf8'));
} catch {
  failures.push('.vite/modules.json missing: the build did not list the modules of its chunks');
}
const chunkOf = (src: string) => manifestKeyOf(manifest, modules, src);
const routeChunk = (src: string) => {
  const key = chunkOf(src);
  if (!key) failures.push(`${src}: no chunk holds it`);
  return key;
};

function report(label: string, pageSrc: string | null, budgets?: { js: number; css: number }) {
  const keys = [entry, ...(pageSrc && routeChunk(pageSrc) ? [routeChunk(pageSrc)!] : [])];
  const { js, css } = closure(keys);
  const jsSize = sum(js);
  const cssSize = sum(css);
  const mark = (size: number, budget?: number) =>
    budget
      ? `${kb(size).padStart(9)}  (budget ${kb(budget)}: ${size <= budget ? 'within' : 'OVER'})`
      : kb(size).padStart(9);
  console.log(`${label}`);
  if (budgets && jsSize > budgets.js)
    failures.push(`${label}: JavaScript ${kb(jsSize)} over ${kb(budgets.js)}`);
  if (budgets && cssSize > budgets.css) failures.push(`${label}: CSS ${kb(cssSize)} over ${kb(budgets.css)}`);
  console.log(`  JavaScript (gzip) ${mark(jsSize, budgets?.js)}`);
  console.log(`  CSS (gzip)        ${mark(cssSize, budgets?.css)}`);
  return { js, jsSize };
}

console.log('\nFirst paint on / (entry chunk and its static imports: the app frame)\n');
report('/ first paint', null, { js: 110 * 1024, css: 30 * 1024 });
console.log('\nRoute ready (entry + the route chunk, static imports included)\n');
const login = report('/ (login form)', 'src/features/auth/LoginPage.tsx');
report('/dashboard (teacher)', 'src/features/teacher/DashboardPage.tsx');
report('/subject (student)', 'src/features/student/SubjectRequestPage.tsx');
report('/teacherfinder (student)', 'src/features/student/TeacherFinderPage.tsx');
report('/joblist (job seeker)', 'src/features/jobs/JobListPage.tsx');
const admin = report('/admin (admin dashboard)', 'src/features/admin/AdminDashboardPage.tsx');
const machines = report('/__machines (visualiser)', 'src/features/machines/MachinesPage.tsx');

console.log('\nChunks that must stay off the product routes');
const productPages = [
  ...Object.keys(manifest),
  ...Object.values(modules).flatMap((ids) => ids.filter((id) => /Page\.tsx$/.test(id))),
].filter((k) => k.startsWith('src/features/') && !k.includes('/admin/') && !k.includes('/machines/'));
const productRoutes = [...new Set(productPages.map(chunkOf).filter((k): k is string => k !== undefined))];
const productFiles = closure([entry, ...productRoutes]).js;
/** A chunk's file name without its content hash: 'PersonalDetailsPage-Cf5_gElK.js' must not match /elk/. */
const unhashed = (file: string) => file.replace(/-[\w-]{8}(?=\.\w+$)/, '');
const heavy = (name: RegExp) =>
  Object.values(manifest)
    .filter((c) => name.test(unhashed(c.file)) || (c.src && name.test(c.src)))
    .map((c) => c.file);
for (const [what, pattern] of [
  ['recharts (admin charts)', /recharts|AdminCharts|charts/i],
  ['visualiser (elkjs, xstate/graph)', /elk|MachinesPage|visualiser|Visualizer|graph/i],
  ['admin screens and their shared chunk', /^assets\/admin[-.]|src\/features\/admin\//],
] as const) {
  const files = heavy(pattern);
  const leaked = files.filter((f) => productFiles.has(f));
  if (leaked.length) failures.push(`${what} reachable from a product route: ${leaked.join(', ')}`);
  const size = files.reduce((n, f) => n + gz(f), 0);
  console.log(
    `  ${what.padEnd(38)} ${kb(size).padStart(9)} in ${files.length} chunk(s); on product routes: ${leaked.length ? `YES (${leaked.join(', ')})` : 'no'}`,
  );
}
// Module by module: a product route's chunks carry no admin code (the admin screens, their API calls,
// machines and messages), whatever chunk the bundler put it in (src/api/admin.ts once rode in `jobs`).
const ADMIN_CODE =
  /^(src\/features\/admin\/|src\/api\/admin\.ts|machines\/admin\/|src\/i18n\/locales\/en\/admin\.json)/;
const adminModules = [...productFiles].flatMap((file) =>
  (modules[file] ?? []).filter((m) => ADMIN_CODE.test(m)).map((m) => `${m} (in ${file})`),
);
if (adminModules.length)
  failures.push(`admin code reachable from a product route: ${adminModules.join(', ')}`);
console.log(
  `  ${'admin modules, by module'.padEnd(38)} on product routes: ${adminModules.length ? `YES (${adminModules.join(', ')})` : 'no'}`,
);
// Mantine's components take our useId (vite.config.ts, `mantineUseId`): with Mantine's own, every
// input, label and alert renders a second time before a signed-in home's first paint.
const ownUseId = Object.values(modules).some((list) => list.includes('src/lib/mantine-use-id.ts'));
if (!ownUseId)
  failures.push("Mantine's components do not take src/lib/mantine-use-id.ts (vite.config.ts, mantineUseId)");
console.log(`  ${"Mantine's useId is ours".padEnd(38)} ${ownUseId ? 'yes' : 'NO'}`);
void login;
void admin;
void machines;

// The login screens paint from their prerendered HTML (vite.config.ts, `prerender`): their
// largest paint depends on it, so a build that could not prerender them fails here.
let prerendered: Record<string, string> = {};
try {
  prerendered = JSON.parse(readFileSync(join(outDir, '.vite/prerendered.json'), 'utf8'));
} catch {
  prerendered = {};
}
for (const page of ['src/features/auth/LoginPage.tsx', 'src/features/admin/AdminSignInPage.tsx']) {
  const html = prerendered[page];
  console.log(`  prerendered ${page.padEnd(44)} ${html ? `${kb(html.length)} of HTML` : 'MISSING'}`);
  if (!html) failures.push(`${page} was not prerendered (see the build's warning)`);
}

console.log('\nLargest chunks (gzip)');
const all = Object.values(manifest)
  .map((c) => c.file)
  .filter((f, i, a) => f.endsWith('.js') && a.indexOf(f) === i)
  .map((f) => [f, gz(f)] as const)
  .sort((a, b) => b[1] - a[1])
  .slice(0, 10);
for (const [f, size] of all) console.log(`  ${kb(size).padStart(9)}  ${f}`);

if (failures.length) {
  console.error(`\nnpm run size FAILED:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\nEvery budget within; no heavy or admin code on the product routes.');
