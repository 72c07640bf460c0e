/**
 * `npm run bench:matching [runs]`: the finder's matching query at 10,000 teachers, with distance on.
 * Not a test: it prints figures with their budgets beside them, and a reference measured in the same
 * run (a one-row lookup on the same database) so a busy machine shows in the figures.
 *
 * Seeds an in-memory PGlite with the real migrations: BENCH_TEACHERS teachers (default 10,000), each
 * teaching 2-4 of the 15 seeded subjects, with a mode (offline, online, both), a teaching radius of 2
 * to 50 km and a location: two in five within about 35 km of central Kolkata, the rest spread over
 * some 330 km of West Bengal; one in ten inactive, one in thirty rejected, a third verified. Then
 * times `findMatchingTeachers` (server/lib/matching.ts), the query behind
 * GET /api/v1/teacher_student_requests/{id}/matching_teachers, for a student in central Kolkata:
 * - offline with the student's location (the budget: bounding box, then great-circle distance);
 * - offline without a location (distance off);
 * - 'both' with a location and online teaching switched on (both sides of the mode condition);
 * - online while online teaching is not offered (answered without a query).
 * Budget: 50 ms median for the matching query with distance on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { seedReferenceData } from '../server/db/seed';
import { findMatchingTeachers, type MatchQuery } from '../server/lib/matching';

const TEACHERS = Number(process.env.BENCH_TEACHERS ?? 10_000);
const RUNS = Number(process.argv[2] ?? 60);
const WARM_UP = 5;
const BUDGET_MS = 50;
/** A student in central Kolkata. */
const STUDENT = { latitude: 22.5726, longitude: 88.3639 };

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const dataDir = mkdtempSync(join(tmpdir(), 'bench-matching-'));
const database = await openDatabase({ dataDir, inMemory: true });
const { db } = database;
await seedReferenceData(db);

const started = performance.now();
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
await db.execute(sql`ANALYZE`);
const seeded = performance.now() - started;

const subjectIds = (
  (await db.execute(
    sql`SELECT id FROM subjects WHERE name IN ('Physics', 'Mathematics') ORDER BY id`,
  )) as unknown as {
    rows: Array<{ id: number }>;
  }
).rows.map((r) => Number(r.id));

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p95: at(0.95) };
}

async function timed(run: (i: number) => Promise<number>) {
  const samples: number[] = [];
  let count = 0;
  for (let i = 0; i < RUNS + WARM_UP; i++) {
    const t0 = performance.now();
    count = await run(i);
    if (i >= WARM_UP) samples.push(performance.now() - t0); // the first runs warm the caches
  }
  return { ...stats(samples), count };
}

const line = (label: string, median: number, p95: number, rest: string) =>
  console.log(
    `${label.padEnd(46)} median ${median.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   ${rest}`,
  );

const base: MatchQuery = {
  subjectIds,
  modeOfTeaching: 'offline',
  preferredMedium: 'english',
  filter: 'all',
  limit: 20,
  offset: 0,
};
async function matching(label: string, query: Partial<MatchQuery>, budget: boolean, reference: number) {
  let distances: Array<number | null> = [];
  const r = await timed(async (i) => {
    const result = await findMatchingTeachers(db, { ...base, ...query, offset: (i % 3) * 20 });
    if (i === 0) distances = result.rows.map((row) => row.distanceKm);
    return result.total;
  });
  const verdict = budget
    ? `budget ${BUDGET_MS} ms (median): ${r.median < BUDGET_MS ? 'within' : 'OVER'}`
    : 'no budget';
  line(label, r.median, r.p95, `${(r.median / reference).toFixed(0).padStart(4)} x reference   ${verdict}`);
  const far = distances.filter((d): d is number => d !== null);
  console.log(
    `${''.padEnd(46)} ${r.count} matching teachers${far.length ? `; first page ${far[0].toFixed(1)} to ${far[far.length - 1].toFixed(1)} km away` : ''}`,
  );
  return r.median;
}

console.log(
  `Seeded ${TEACHERS} teachers in ${(seeded / 1000).toFixed(1)} s. ${RUNS} runs each (after ${WARM_UP} to warm up), ` +
    `Physics + Mathematics, student in central Kolkata. ${cpus().length} cores, load average ${load()} (1, 5, 15 min).`,
);
const reference = await timed(async () => {
  const result = (await db.execute(
    sql`SELECT id, name FROM subjects WHERE id = ${subjectIds[0]}`,
  )) as unknown as {
    rows: unknown[];
  };
  return result.rows.length;
});
line('reference: one subject by id', reference.median, reference.p95, '(this run, same database)');
const withDistance = await matching(
  'offline, student location shared',
  { location: STUDENT },
  true,
  reference.median,
);
await matching('offline, no location (distance off)', { location: null }, false, reference.median);
await matching(
  "'both', location, online teaching on",
  { modeOfTeaching: 'both', location: STUDENT, onlineAvailable: true },
  false,
  reference.median,
);
await matching('online while not offered (no query)', { modeOfTeaching: 'online' }, false, reference.median);
console.log(`Load average after the run: ${load()}.`);

await database.close();
rmSync(dataDir, { recursive: true, force: true });
if (withDistance >= BUDGET_MS) process.exitCode = 1;
