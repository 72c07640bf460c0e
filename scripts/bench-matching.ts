// Matching with 10,000 teachers: `npx tsx scripts/bench-matching.ts [runs]`. Seeds an in-memory PGlite
// with the real migrations, then times the /teacherfinder query (and the page of cards it loads).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { seedReferenceData } from '../server/db/seed';
import { findMatchingTeachers, type MatchFilter } from '../server/lib/matching';
import { loadTeacherRecords } from '../server/lib/teacher-record';

const TEACHERS = 10_000;
const RUNS = Number(process.argv[2] ?? 60);
const BUDGET_MS = 50;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-matching-'));
const database = await openDatabase({ dataDir, inMemory: true });
const { db } = database;
await seedReferenceData(db);

const started = performance.now();
// Deterministic spread: each teacher teaches 2-4 of the 15 seeded subjects, modes and mediums vary.
await db.execute(sql`
  INSERT INTO users (email, password_hash, role_id)
  SELECT 'bench.' || g || '@example.com', 'x', 1 FROM generate_series(1, ${TEACHERS}) g`);
await db.execute(sql`
  INSERT INTO teachers (user_id, name, email, mobile_number, gender, date_of_birth, address, is_active, verification_status)
  SELECT u.id, 'Teacher ' || u.id, u.email, '9876543210', 'female', '1990-01-01', 'Kolkata 700001',
    (u.id % 10) <> 0, CASE WHEN u.id % 3 = 0 THEN 'verified' ELSE 'pending' END
  FROM users u WHERE u.email LIKE 'bench.%'`);
await db.execute(sql`
  INSERT INTO teacher_preferences (teacher_id, teaching_radius_km, prior_experience, teaching_mode, teaching_school,
    special_need_children, special_attention_children, preferred_medium)
  SELECT t.id, 10, t.id % 15, (ARRAY['offline','online','both'])[1 + t.id % 3], false, false, false,
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

async function time(label: string, filter: MatchFilter, withCards: boolean) {
  const samples: number[] = [];
  let total = 0;
  for (let i = 0; i < RUNS + 5; i++) {
    const t0 = performance.now();
    const result = await findMatchingTeachers(db, {
      subjectIds,
      modeOfTeaching: 'online',
      preferredMedium: 'english',
      filter,
      limit: 20,
      offset: (i % 3) * 20,
    });
    if (withCards)
      await loadTeacherRecords(
        db,
        result.rows.map((r) => r.teacherId),
      );
    total = result.total;
    if (i >= 5) samples.push(performance.now() - t0); // the first runs warm the caches
  }
  const { median, p95 } = stats(samples);
  const verdict = median < BUDGET_MS ? 'within budget' : 'OVER BUDGET';
  console.log(
    `${label.padEnd(34)} median ${median.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   budget ${BUDGET_MS} ms (median)   ${verdict}   (${total} matching teachers)`,
  );
  return median;
}

console.log(
  `Seeded ${TEACHERS} teachers in ${(seeded / 1000).toFixed(1)} s; ${RUNS} runs each, Physics + Mathematics:`,
);
const medians = [
  await time('matching query (filter All)', 'all', false),
  await time('matching query (filter Online)', 'online', false),
  await time('matching query (filter Group)', 'group', false),
  await time('query + 20 cards (All)', 'all', true),
];
await database.close();
rmSync(dataDir, { recursive: true, force: true });
if (medians[0] >= BUDGET_MS) process.exitCode = 1;
