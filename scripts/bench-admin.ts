/**
 * `npx tsx scripts/bench-admin.ts [--teachers 100000] [--students 50000] [--runs 60] [--keep]`: seeds
 * the demo data into a fresh PGlite (and, when DATABASE_URL is set, into a fresh database on that
 * PostgreSQL server), then times the admin teacher list (one page: unfiltered, filtered, searched) and the
 * month overview through the real routes (app.inject with an administrator's token). Prints median
 * and p95 beside the budgets of issue 5, each marked within or OVER, and the machine's load average.
 * Figures, not a test: it never fails on a budget. `--keep` keeps the seeded databases (PGlite in
 * /tmp/bench-admin-<teachers>-<students>, PostgreSQL database bench_admin_<teachers>_<students>) and
 * reuses them on the next run instead of seeding again (new migrations are applied on opening).
 */

import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedReferenceData } from '../server/db/seed';
import { seedDemo } from '../server/lib/admin-demo-data';
import { registerAdmin } from '../server/services/accounts';
import { monthBounds, monthOf } from '../server/services/admin-overview';

const { values } = parseArgs({
  options: {
    teachers: { type: 'string', default: '100000' },
    students: { type: 'string', default: '50000' },
    runs: { type: 'string', default: '60' },
    /** Only PostgreSQL (DATABASE_URL), e.g. after a PGlite run. */
    'postgres-only': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const TEACHERS = Number(values.teachers);
const STUDENTS = Number(values.students);
const RUNS = Number(values.runs);
const KEEP = values.keep;
const lastMonth = monthOf(new Date(monthBounds(monthOf(new Date())).start.getTime() - 1));
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} (1, 5, 15 min)`;

const LIST_BUDGET = { median: 20, p95: 50 };
const OVERVIEW_BUDGET = { median: 200, p95: 200 };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function benchOne(label: string, databaseUrl: string | undefined, reuse: boolean) {
  const keptDir = join(tmpdir(), `bench-admin-${TEACHERS}-${STUDENTS}`);
  const dataDir = KEEP && !databaseUrl ? keptDir : mkdtempSync(join(tmpdir(), 'bench-admin-'));
  const inMemory = !databaseUrl && !KEEP;
  const config = loadConfig(
    {},
    {
      dataDir,
      uploadsDir: join(dataDir, 'uploads'),
      databaseUrl,
      inMemoryDb: inMemory,
      logLevel: 'silent',
      tokenSecret: 'bench-secret',
      clientDir: join(dataDir, 'none'),
    },
  );
  const seeded = reuse || (KEEP && !databaseUrl && existsSync(join(keptDir, 'pglite')));
  const database = await openDatabase({ databaseUrl, dataDir, inMemory });
  if (seeded) {
    console.log(`\n${label}: reusing the ${TEACHERS} teachers and ${STUDENTS} students seeded before`);
  } else {
    await seedReferenceData(database.db);
    console.log(`\n${label}: seeding ${TEACHERS} teachers and ${STUDENTS} students...`);
    const started = Date.now();
    await seedDemo(database.db, { teachers: TEACHERS, students: STUDENTS, batchSize: 5000 });
    console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  console.log(`  ${load()}`);

  const app = await buildApp(config, { database });
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  await registerAdmin(database.db, { email, password: 'benchpass1' }, { open: true });
  const signIn = await app.inject({
    method: 'POST',
    url: '/admin_users/tokens/sign_in',
    payload: { email, password: 'benchpass1' },
  });
  const token = signIn.json().token as string;

  const cases: Array<{ name: string; url: string; budget: { median: number; p95: number } }> = [
    { name: 'list, page 1 of all', url: '/api/v1/teachers?page=1&limit=10&status=all', budget: LIST_BUDGET },
    {
      name: 'list, page 500 of all',
      url: '/api/v1/teachers?page=500&limit=20&status=all',
      budget: LIST_BUDGET,
    },
    {
      name: 'list, active, page 3',
      url: '/api/v1/teachers?page=3&limit=10&status=active',
      budget: LIST_BUDGET,
    },
    {
      name: 'list, inactive, page 1',
      url: '/api/v1/teachers?page=1&limit=20&status=inactive',
      budget: LIST_BUDGET,
    },
    {
      name: 'search name "moumita chat"',
      url: '/api/v1/teachers?limit=10&status=all&search=moumita%20chat',
      budget: LIST_BUDGET,
    },
    {
      name: 'search locality "gariahat"',
      url: '/api/v1/teachers?limit=10&status=active&search=gariahat',
      budget: LIST_BUDGET,
    },
    {
      name: 'search mobile "98765"',
      url: '/api/v1/teachers?limit=10&status=all&search=98765',
      budget: LIST_BUDGET,
    },
    {
      name: 'search subject "sanskrit"',
      url: '/api/v1/teachers?limit=10&status=all&search=sanskrit',
      budget: LIST_BUDGET,
    },
    { name: 'month overview (current)', url: '/api/v1/admin/overview', budget: OVERVIEW_BUDGET },
    {
      name: 'month overview (last month)',
      url: `/api/v1/admin/overview?month=${lastMonth}`,
      budget: OVERVIEW_BUDGET,
    },
  ];
  // Warm up first (a database just opened reads its pages from disk): steady-state figures only.
  for (let pass = 0; pass < 3; pass++)
    for (const c of cases)
      await app.inject({ method: 'GET', url: c.url, headers: { authorization: `Bearer ${token}` } });
  console.log(`  ${'case'.padEnd(32)} ${'median (budget)'.padEnd(27)} ${'p95 (budget)'.padEnd(27)} rows`);
  for (const c of cases) {
    const times: number[] = [];
    let rows = '';
    for (let i = 0; i < RUNS + 5; i++) {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: c.url,
        headers: { authorization: `Bearer ${token}` },
      });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${c.url}: ${res.statusCode} ${res.body}`);
      if (i >= 5) times.push(ms);
      if (i === 0) {
        const body = res.json();
        rows = 'teacher_count' in body ? `${body.data.length} of ${body.teacher_count}` : '';
      }
    }
    times.sort((a, b) => a - b);
    const median = percentile(times, 50);
    const p95 = percentile(times, 95);
    const figure = (ms: number, budget: number) =>
      `${ms.toFixed(1).padStart(6)} ms (${budget} ms) ${ms <= budget ? 'within' : 'OVER  '}`.padEnd(27);
    console.log(
      `  ${c.name.padEnd(32)} ${figure(median, c.budget.median)} ${figure(p95, c.budget.p95)} ${rows}`,
    );
  }
  console.log(`  ${load()}`);
  await app.close();
  await database.close();
  if (dataDir !== keptDir) rmSync(dataDir, { recursive: true, force: true });
}

if (!values['postgres-only'])
  await benchOne(KEEP ? 'PGlite (on disk)' : 'PGlite (in memory)', undefined, false);
if (process.env.DATABASE_URL) {
  const base = process.env.DATABASE_URL;
  const name = KEEP
    ? `bench_admin_${TEACHERS}_${STUDENTS}`
    : `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    await benchOne('PostgreSQL', url.toString(), exists);
  } finally {
    if (!KEEP) {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    }
  }
}
// Timers of plugins (rate limiting) would keep the process alive after the figures are printed.
process.exit(0);
