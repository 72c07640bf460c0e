/**
 * `npm run bench:matching [runs]`: matching at 10,000 teachers, with distance on and off. Not a test: it
 * prints figures beside their budgets, with references measured in the same run, interleaved with
 * the measured calls, so a busy machine shows in the figures and can be allowed for.
 *
 * Seeds a database with the real migrations (in-memory PGlite in this thread; with DATABASE_URL, a
 * scratch database on that PostgreSQL server as well): BENCH_TEACHERS teachers (default 10,000),
 * each teaching 2-4 of the 15 seeded subjects, with a mode (offline, online, both), a teaching radius
 * of 2 to 50 km and a location: two in five within about 35 km of central Kolkata, the rest spread
 * over some 330 km of West Bengal; one in ten inactive, one in thirty rejected, a third verified. A
 * student in central Kolkata asks for Physics + Mathematics.
 *
 * 1. Whole requests through the app (`app.inject`: token and session checked, the request and the
 *    student loaded, the page counted against the hourly limit, matched, the response checked and
 *    serialised): GET …/matching_teachers offline with the student's location and without one (both
 *    judged against the budgets: every kind of request a student makes), and the finder's first screen. Each prints the statements sent to the database per
 *    request (the driver is wrapped and counts them), the median and p95 wall time, the median CPU
 *    time of this process per request, and the ratio to the reference route measured in the same
 *    run (GET /api/v1/subjects/:id, one row, no session).
 * 2. The matching query alone (`findMatchingTeachers`), against a one-row query as reference:
 *    offline with a location, without, 'both' with online teaching switched on, and online while
 *    it is not offered (answered without a query).
 *
 * Budgets: matching with distance on ≤ 50 ms median (issue 12); a matching request ≤ 3 statements
 * and p50 ≤ 15 ms on PGlite (issue 14). On a loaded machine a wall time also holds the time this
 * process waited for a core; "adjusted" divides it by the reference's stretch in the same run (its
 * wall time over its CPU time), which is what the figure would be on an idle core. A budget counts
 * as met when the adjusted median is within it; the raw median is printed beside it.
 * `--explain` prints the matching query's plan.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { type Database, type Db, openDatabase } from '../server/db/client';
import { seedReferenceData } from '../server/db/seed';
import { startSession } from '../server/lib/sessions';
import { findMatchingTeachers, loadMatchingContext, type MatchQuery } from '../server/services/matching';

const TEACHERS = Number(process.env.BENCH_TEACHERS ?? 10_000);
const RUNS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 60);
const EXPLAIN = process.argv.includes('--explain');
const WARM_UP = 5;
const QUERY_BUDGET_MS = 50;
const REQUEST_BUDGET_MS = 15;
const STATEMENTS_BUDGET = 3;
/** A student in central Kolkata. */
const STUDENT = { latitude: 22.5726, longitude: 88.3639 };

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function seed(db: Db) {
  await seedReferenceData(db);
  // Deterministic spread (no randomness: every run seeds the same teachers).
  await db.execute(sql`
    INSERT INTO users (email, password_hash, role_id)
    SELECT 'bench.' || g || '@example.com', 'x', 1 FROM generate_series(1, ${TEACHERS}) g`);
  await db.execute(sql`
    INSERT INTO teachers (user_id, name, email, mobile_number, gender, date_of_birth, address, is_active,
      verification_status, latitude, longitude)
    SELECT u.id, 'Teacher ' || u.id, u.email, '9876543210', 'female', '1990-01-01', 'Kolkata 700001',
      (u.id % 10) <> 0,
      CASE WHEN u.id % 30 = 7 THEN 'rejected' WHEN u.id % 3 = 0 THEN 'verified' ELSE 'pending' END,
      ${STUDENT.latitude} + ((u.id * 7919) % 1000 / 1000.0 - 0.5) * CASE WHEN u.id % 5 < 2 THEN 0.6 ELSE 3.0 END,
      ${STUDENT.longitude} + ((u.id * 104729) % 1000 / 1000.0 - 0.5) * CASE WHEN u.id % 5 < 2 THEN 0.6 ELSE 3.0 END
    FROM users u WHERE u.email LIKE 'bench.%'`);
  await db.execute(sql`
    INSERT INTO teacher_preferences (teacher_id, teaching_radius_km, prior_experience, teaching_mode, teaching_school,
      special_need_children, special_attention_children, preferred_medium)
    SELECT t.id, 2 + (t.id * 13) % 49, t.id % 15, (ARRAY['offline','online','both'])[1 + t.id % 3], false, false, false,
      CASE WHEN t.id % 4 = 0 THEN ARRAY['hindi'] ELSE ARRAY['english','bengali'] END
    FROM teachers t`);
  await db.execute(sql`
    INSERT INTO teacher_subjects (teacher_id, subject_id)
    SELECT DISTINCT t.id, s.id FROM teachers t
    CROSS JOIN LATERAL (SELECT 1 + ((t.id * k * 7 + k) % 15) AS id FROM generate_series(1, 2 + t.id % 3) k) s`);
  await db.execute(sql`
    INSERT INTO teacher_schedules (teacher_id, week_day) SELECT t.id, d FROM teachers t, generate_series(0, 2) d
    WHERE (t.id + d) % 2 = 0`);
  await db.execute(sql`
    INSERT INTO time_slots (teacher_schedule_id, time_of_day, preferred_group)
    SELECT s.id, 'evening', 'any' FROM teacher_schedules s`);
  // The student and their requests: offline with and without a location (the latest is the finder's).
  const [user] = rowsOf<{ id: number }>(
    await db.execute(sql`INSERT INTO users (email, password_hash, role_id)
      VALUES ('bench.student@example.com', 'x', 2) RETURNING id`),
  );
  const [student] = rowsOf<{ id: number }>(
    await db.execute(sql`INSERT INTO students (user_id, name, mobile_number, address, gender, age, date_of_birth,
      marital_status) VALUES (${user.id}, 'Bench Student', '9876543210', 'Park Street, Kolkata 700016', 'female', 16,
      '2010-01-01', 'single') RETURNING id`),
  );
  const subjectIds = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM subjects WHERE name IN ('Physics', 'Mathematics') ORDER BY id`),
  ).map((r) => Number(r.id));
  const request = async (location: typeof STUDENT | null) =>
    Number(
      rowsOf<{ id: number }>(
        await db.execute(sql`INSERT INTO teacher_student_requests (student_id, subject_ids, mode_of_teaching,
          preferred_group, preferred_medium, teacher_assignment_preference, preferred_time, latitude, longitude)
          VALUES (${student.id}, ${sql.raw(`ARRAY[${subjectIds.join(',')}]::int[]`)}, 'offline', 'individual', 'english',
            'multiple', ARRAY['evening'], ${location?.latitude ?? null}::float8, ${location?.longitude ?? null}::float8)
          RETURNING id`),
      )[0].id,
    );
  const withoutLocation = await request(null);
  const withLocation = await request(STUDENT);
  // As the demo seed leaves a database: vacuumed (PGlite has no autovacuum; on PostgreSQL it runs by itself).
  await db.execute(sql`VACUUM ANALYZE`);
  return { userId: Number(user.id), subjectIds, withLocation, withoutLocation };
}

interface Sample {
  wall: number;
  cpu: number;
  statements: number;
  /** CPU time of each statement (from sending it to its answer), in order. */
  each: number[];
}
function stats(samples: Sample[]) {
  const at = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  };
  const wall = samples.map((s) => s.wall);
  return {
    median: at(wall, 0.5),
    p95: at(wall, 0.95),
    cpu: at(
      samples.map((s) => s.cpu),
      0.5,
    ),
    statements: Math.max(...samples.map((s) => s.statements)),
    each: Array.from({ length: Math.max(...samples.map((s) => s.each.length)) }, (_, i) =>
      at(
        samples.map((s) => s.each[i] ?? 0),
        0.5,
      ),
    ),
  };
}
type Stats = ReturnType<typeof stats>;

/** Counts the statements the driver sends (PGlite's or node-postgres's `query`). */
function countStatements(db: Db) {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query;
  const counter = { n: 0, each: [] as number[] };
  client.query = async function (this: unknown, ...args: unknown[]) {
    counter.n += 1;
    const cpu0 = process.cpuUsage();
    try {
      return await original.apply(this, args);
    } finally {
      const cpu = process.cpuUsage(cpu0);
      counter.each.push((cpu.user + cpu.system) / 1000);
    }
  };
  return counter;
}

/** Runs every case once per round, in turn, so load on the machine falls on all of them alike. */
async function interleaved(
  cases: Record<string, (i: number) => Promise<unknown>>,
  counter: { n: number; each: number[] },
) {
  const samples: Record<string, Sample[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (let i = 0; i < RUNS + WARM_UP; i++)
    for (const [name, run] of Object.entries(cases)) {
      counter.n = 0;
      counter.each = [];
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      await run(i);
      const wall = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      // The first rounds warm the caches.
      if (i >= WARM_UP)
        samples[name].push({
          wall,
          cpu: (cpu.user + cpu.system) / 1000,
          statements: counter.n,
          each: counter.each,
        });
    }
  return Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, stats(v)])) as Record<string, Stats>;
}

const ms = (v: number) => v.toFixed(1).padStart(6);
function line(label: string, s: Stats, reference: Stats, extra = '') {
  console.log(
    `  ${label.padEnd(44)} median ${ms(s.median)} ms  p95 ${ms(s.p95)} ms  cpu ${ms(s.cpu)} ms  ` +
      `${String(s.statements).padStart(2)} stmt (cpu ${s.each.map((v) => v.toFixed(1)).join(' + ')} ms)  ` +
      `${(s.median / reference.median).toFixed(1).padStart(5)} x ref${extra}`,
  );
}
/** The reference's stretch in this run: its wall time over the CPU time it used (1 on an idle core). */
const stretchOf = (reference: Stats) => Math.max(1, reference.median / Math.max(reference.cpu, 0.001));
function verdict(s: Stats, budget: number, stretch: number) {
  const adjusted = s.median / stretch;
  const word = s.median <= budget ? 'within' : adjusted <= budget ? 'within (adjusted)' : 'OVER';
  return {
    adjusted,
    ok: adjusted <= budget,
    text: `budget ${budget} ms median, adjusted ${adjusted.toFixed(1)} ms: ${word}`,
  };
}

async function run(kind: string, database: Database): Promise<boolean> {
  const { db } = database;
  const started = performance.now();
  const seeded = await seed(db);
  const seedSeconds = (performance.now() - started) / 1000;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-matching-app-'));
  const config = loadConfig(
    {},
    {
      dataDir,
      uploadsDir: join(dataDir, 'uploads'),
      inMemoryDb: database.kind === 'pglite',
      logLevel: 'silent',
      tokenSecret: 'bench-matching',
      clientDir: join(dataDir, 'no-client'),
      rateLimits: {
        signUpPerAddressPerHour: 1e9,
        refreshPerAddressPerMinute: 1e9,
        uploadsPerAccountPerHour: 1e9,
        uploadsPerAddressPerHour: 1e9,
        matchingPagesPerStudentPerHour: 1e9,
      },
    },
  );
  const app: FastifyInstance = await buildApp(config, { database });
  const { token } = await startSession(
    db,
    { ...config, tokenSecret: app.tokenSecret },
    { type: 'user', id: seeded.userId, role: 2 },
  );
  const counter = countStatements(db);
  const get = async (url: string, auth = true) => {
    const res = await app.inject({
      method: 'GET',
      url,
      headers: auth ? { authorization: `Bearer ${token}` } : {},
    });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const matchingUrl = (id: number, i: number) =>
    `/api/v1/teacher_student_requests/${id}/matching_teachers?page=${1 + (i % 3)}`;
  const first = JSON.parse((await get(matchingUrl(seeded.withLocation, 0))).body);
  const firstPlain = JSON.parse((await get(matchingUrl(seeded.withoutLocation, 0))).body);

  console.log(
    `\n${kind}: seeded ${TEACHERS} teachers in ${seedSeconds.toFixed(1)} s (match index kept by triggers). ` +
      `${RUNS} rounds (after ${WARM_UP} to warm up). Load average ${load()} (1, 5, 15 min).`,
  );
  console.log(
    `Whole requests (app.inject), Physics + Mathematics, pages 1-3 in turn; with distance: ${first.teacher_count} ` +
      `matches, page 1 ${first.data[0]?.teacher.distance_km} to ${first.data.at(-1)?.teacher.distance_km} km; ` +
      `without: ${firstPlain.teacher_count}.`,
  );
  const requests = await interleaved(
    {
      reference: () => get(`/api/v1/subjects/${seeded.subjectIds[0]}`, false),
      distance: (i) => get(matchingUrl(seeded.withLocation, i)),
      plain: (i) => get(matchingUrl(seeded.withoutLocation, i)),
      finder: (i) => get(`/api/v1/students/me/finder?page=${1 + (i % 3)}`),
    },
    counter,
  );
  const ref = requests.reference;
  const stretch = stretchOf(ref);
  line('reference: GET /api/v1/subjects/:id', ref, ref, `   (stretch ${stretch.toFixed(2)})`);
  // A request line judged on both budgets: its median (adjusted) and its statements.
  const judged = (name: string, stats: Stats) => {
    const budget = verdict(stats, REQUEST_BUDGET_MS, stretch);
    const statementsOk = stats.statements <= STATEMENTS_BUDGET;
    line(
      name,
      stats,
      ref,
      `\n  ${''.padEnd(44)} ${budget.text}; statements budget ${STATEMENTS_BUDGET}: ${statementsOk ? 'within' : 'OVER'}`,
    );
    return budget.ok && statementsOk;
  };
  const distanceOk = judged('matching_teachers, location shared', requests.distance);
  // A student who shares no location: no distance cuts the candidates, every teacher of the subjects
  // in the mode is ranked. The same budgets.
  const plainOk = judged('matching_teachers, no location', requests.plain);
  line('finder (latest request + its page)', requests.finder, ref);

  const base: MatchQuery = {
    subjectIds: seeded.subjectIds,
    modeOfTeaching: 'offline',
    preferredMedium: 'english',
    filter: 'all',
    limit: 20,
    offset: 0,
  };
  const match = (query: Partial<MatchQuery>) => (i: number) =>
    findMatchingTeachers(db, { ...base, ...query, offset: (i % 3) * 20 });
  const queries = await interleaved(
    {
      reference: () => db.execute(sql`SELECT id, name FROM subjects WHERE id = ${seeded.subjectIds[0]}`),
      distance: match({ location: STUDENT }),
      plain: match({ location: null }),
      both: match({ modeOfTeaching: 'both', location: STUDENT, onlineAvailable: true }),
      online: match({ modeOfTeaching: 'online' }),
    },
    counter,
  );
  console.log('The matching query alone (findMatchingTeachers):');
  const qref = queries.reference;
  const qstretch = stretchOf(qref);
  line('reference: one subject by id', qref, qref, `   (stretch ${qstretch.toFixed(2)})`);
  const queryBudget = verdict(queries.distance, QUERY_BUDGET_MS, Math.min(qstretch, stretch));
  line('offline, location shared', queries.distance, qref, `\n  ${''.padEnd(44)} ${queryBudget.text}`);
  line('offline, no location (distance off)', queries.plain, qref);
  line("'both', location, online teaching on", queries.both, qref);
  line('online while not offered (no query)', queries.online, qref);

  if (EXPLAIN) {
    // The plans of the request's two statements of its own: the context, then the matching page.
    const captured: unknown[] = [];
    const execute = db.execute.bind(db);
    (db as unknown as { execute: (q: unknown) => unknown }).execute = (q: unknown) => {
      captured.push(q);
      return execute(q as never);
    };
    await loadMatchingContext(
      db,
      { requestId: seeded.withLocation },
      { studentUserId: seeded.userId, teacherUserId: null },
      { count: false, windowSeconds: 3600 },
    );
    await findMatchingTeachers(db, { ...base, location: STUDENT });
    await findMatchingTeachers(db, { ...base, location: null });
    (db as unknown as { execute: unknown }).execute = execute;
    for (const q of captured) {
      const plan = rowsOf<Record<string, string>>(
        await db.execute(sql`EXPLAIN (ANALYZE, COSTS off) ${q as ReturnType<typeof sql>}`),
      );
      console.log(plan.map((r) => Object.values(r)[0]).join('\n'));
    }
  }
  console.log(`Load average after: ${load()}.`);
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `Matching requests against p50 <= ${REQUEST_BUDGET_MS} ms and <= ${STATEMENTS_BUDGET} statements: location shared ` +
      `${distanceOk ? 'within' : 'OVER'}, no location ${plainOk ? 'within' : 'OVER'}.`,
  );
  return distanceOk && plainOk && queryBudget.ok;
}

console.log(`bench:matching, ${cpus().length} cores.`);
const pgliteDir = mkdtempSync(join(tmpdir(), 'bench-matching-'));
const pglite = await openDatabase({ dataDir: pgliteDir, inMemory: true });
let ok = await run('PGlite (in memory, in this thread)', pglite);
await pglite.close();
rmSync(pgliteDir, { recursive: true, force: true });

if (process.env.DATABASE_URL) {
  const name = `bench_matching_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  const postgres = await openDatabase({ dataDir: tmpdir(), databaseUrl: url.toString() });
  try {
    ok = (await run('PostgreSQL', postgres)) && ok;
  } finally {
    await postgres.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
if (!ok) process.exitCode = 1;
