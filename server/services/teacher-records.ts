import { eq, type SQL, sql } from 'drizzle-orm';
import type { TeacherRecord } from '../../contract/structs/teacher';
import type { Db } from '../db/client';
import { executePrepared } from '../db/prepared';
import { rowsOf } from '../db/rows';
import { teachers } from '../db/schema';
import { forbidden, notFound } from '../lib/http';

/**
 * An SQL expression: the JSON text of the full records (contract/structs/teacher.ts, TeacherRecord)
 * of the teachers whose ids `ids` (an SQL int[]) holds, in that order, missing ids skipped. The
 * database keeps them (`teacher_records_json` reads the records stored by migration 0029's
 * triggers); the server parses the text once (no row mapping, no json columns parsed one by one) and checks it
 * against the contract like any response.
 */
export const teacherRecordsJsonText = (ids: SQL) => sql`teacher_records_json(${ids})`;

/**
 * An SQL expression: the stored JSON texts of these teachers' records (migration 0029), in that
 * order, missing ids skipped, joined by the control character RS (U+001E), which no JSON text holds
 * unescaped (json_build_object escapes control characters in strings, and it is not JSON
 * whitespace); `recordTexts` splits them. For responses that pass the texts on as they are
 * (server/lib/checked-texts.ts). With `digest`, each text comes after the record's digest (migration
 * 0035, `DIGEST_CHARS` characters; `digestedTexts` splits them). Written into the statement, not a
 * function: the statement is prepared, so it is planned once per connection (a SQL function's body
 * is planned on every call).
 */
export const teacherRecordTexts = (ids: SQL, { digest = false } = {}) =>
  sql`(select string_agg(${digest ? sql`c.digest || c.record` : sql`c.record`}, chr(30) order by page.ord)
    from unnest(${ids}) with ordinality as page(id, ord)
    join teacher_record_cache c on c.teacher_id = page.id)`;

/** The texts of a `teacherRecordTexts` column. */
export const recordTexts = (value: unknown): string[] =>
  typeof value === 'string' && value ? value.split('\u001e') : [];

/** Characters of a record's digest (an md5 in hex). */
const DIGEST_CHARS = 32;

/** The digests and texts of a `teacherRecordTexts(ids, { digest: true })` column. */
export const digestedTexts = (value: unknown): Array<{ digest: string; text: string }> =>
  recordTexts(value).map((part) => ({ digest: part.slice(0, DIGEST_CHARS), text: part.slice(DIGEST_CHARS) }));

/**
 * The stored records of these teachers with their digests, in the order of `ids`, missing ids
 * skipped: one statement.
 */
export async function storedRecords(db: Db, ids: number[]): Promise<Array<{ digest: string; text: string }>> {
  const [row] = rowsOf<{ data: unknown }>(
    await executePrepared(
      db,
      sql`SELECT ${teacherRecordTexts(sql`${idArray(ids)}::int[]`, { digest: true })} AS data`,
    ),
  );
  return digestedTexts(row?.data);
}

/** The records of a `teacherRecordsJsonText` column. */
export const parseTeacherRecords = (value: unknown): TeacherRecord[] =>
  typeof value === 'string' ? (JSON.parse(value) as TeacherRecord[]) : ((value ?? []) as TeacherRecord[]);

/** `{1,2,3}`: ids as one array parameter, so every page is the same statement text. */
export const idArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(Number(id))).join(',')}}`;

/**
 * Loads full teacher records (the shape of contract/structs/teacher.ts) for the given ids, in that
 * order, in one statement whatever the count: each teacher with its latest qualification and
 * preference, taught subjects, weekly schedule and documents, built as JSON by the database. Missing
 * ids are skipped.
 */
export async function loadTeacherRecords(db: Db, ids: number[]): Promise<TeacherRecord[]> {
  if (!ids.length) return [];
  const [row] = rowsOf<{ data: unknown }>(
    await executePrepared(db, sql`SELECT ${teacherRecordsJsonText(sql`${idArray(ids)}::int[]`)} AS data`),
  );
  return parseTeacherRecords(row?.data);
}

export async function loadTeacherRecord(db: Db, id: number): Promise<TeacherRecord | null> {
  const [record] = await loadTeacherRecords(db, [id]);
  return record ?? null;
}

/**
 * The teacher row `id` if the caller may read and change it: its own teacher (teachers.user_id is
 * the caller) or an administrator. 404 when missing, 403 for anyone else.
 */
export async function loadAccessibleTeacher(
  db: Db,
  principal: { type: 'user' | 'admin'; id: number },
  id: number,
): Promise<typeof teachers.$inferSelect> {
  const [row] = await db.select().from(teachers).where(eq(teachers.id, id));
  if (!row) throw notFound('Teacher not found');
  if (principal.type !== 'admin' && row.userId !== principal.id)
    throw forbidden('You may only access your own teacher profile.');
  return row;
}
