import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newPglite } from './helper';

// A replaced photo or document is deleted (its foreign-key checks look for rows still pointing at
// it), a changed upload refreshes the records that show it, and the clean-up reads references by
// upload id: each is a lookup by upload id in these columns, which migration 0033 indexes.
const LOOKUPS: Array<[string, string, string]> = [
  ['teachers', 'profile_photo_id', 'teachers_profile_photo_idx'],
  ['teachers', 'aadhar_photo_id', 'teachers_aadhar_photo_idx'],
  ['teacher_preferences', 'mark_sheet_id', 'teacher_preferences_mark_sheet_idx'],
  ['teacher_preferences', 'highest_qualification_certificate_id', 'teacher_preferences_certificate_idx'],
  ['teacher_preferences', 'resume_id', 'teacher_preferences_resume_idx'],
  ['job_seeker_educations', 'resume_upload_id', 'job_seeker_educations_resume_idx'],
  ['job_applications', 'resume_upload_id', 'job_applications_resume_idx'],
];

let client: PGlite;
beforeAll(async () => {
  client = await newPglite();
});
afterAll(() => client?.close());

for (const [table, column, index] of LOOKUPS)
  it(`${table}.${column} is looked up by upload id through ${index}`, async (ctx) => {
    // The PostgreSQL run has no migrated template (the migration runs there in every other test).
    const migrated = await client.query<{ t: string | null }>(`SELECT to_regclass('${table}')::text AS t`);
    if (!migrated.rows[0]?.t) ctx.skip();
    // Empty tables are read whole whatever the indexes: rule that out to see which index a lookup uses,
    // as it would on a real database. A generic plan (what a foreign-key check runs) is asked for.
    await client.exec('SET enable_seqscan = off');
    await client.exec(
      `PREPARE lookup_${column}_${table} (int) AS SELECT 1 FROM ${table} WHERE ${column} = $1`,
    );
    await client.exec('SET plan_cache_mode = force_generic_plan');
    const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE lookup_${column}_${table}(1)`);
    await client.exec('RESET plan_cache_mode; RESET enable_seqscan');
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain(index);
  });
