import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { REQUEST_MESSAGES } from '../../contract/rules/request';
import type { TeacherRecord } from '../../contract/structs/teacher';
import type { Db } from '../db/client';
import { subjects, teacherStudentRequests } from '../db/schema';
import { unprocessable } from './http';

/** The filter buttons of /teacherfinder. */
export const MATCH_FILTERS = ['all', 'online', 'offline', 'individual', 'group'] as const;
export type MatchFilter = (typeof MATCH_FILTERS)[number];

export interface MatchQuery {
  subjectIds: number[];
  modeOfTeaching: string;
  preferredMedium: string;
  filter: MatchFilter;
  limit: number;
  offset: number;
}

export interface MatchRow {
  teacherId: number;
  coveredSubjectIds: number[];
  modeFit: boolean;
  mediumFit: boolean;
}

function filterCondition(filter: MatchFilter): SQL {
  switch (filter) {
    case 'online':
      return sql`p.teaching_mode IN ('online', 'both')`;
    case 'offline':
      return sql`p.teaching_mode IN ('offline', 'both')`;
    // A schedule slot open to 'any' group size counts for both individual and group teaching.
    case 'individual':
      return sql`(coalesce(p.preferred_teaching_type, 'individual') IN ('individual', 'any', 'both')
        OR EXISTS (SELECT 1 FROM teacher_schedules s JOIN time_slots sl ON sl.teacher_schedule_id = s.id
          WHERE s.teacher_id = m.teacher_id AND sl.preferred_group IN ('individual', 'any')))`;
    case 'group':
      return sql`(p.preferred_teaching_type IN ('group', 'any', 'both')
        OR EXISTS (SELECT 1 FROM teacher_schedules s JOIN time_slots sl ON sl.teacher_schedule_id = s.id
          WHERE s.teacher_id = m.teacher_id AND sl.preferred_group IN ('group', 'any')))`;
    default:
      return sql`true`;
  }
}

/**
 * The teachers who fit a student's request (D9): active teachers who teach at least one requested
 * subject, ranked by how many requested subjects they cover, then by teaching mode fit, then by medium
 * fit, then verified first (then experience, then oldest account, so pages are stable).
 * One query: subjects are aggregated per teacher from teacher_subjects (index on subject_id) before
 * the teacher and latest-preference joins, so the cost follows the matching rows, not the table.
 */
export async function findMatchingTeachers(
  db: Db,
  q: MatchQuery,
): Promise<{ rows: MatchRow[]; total: number }> {
  if (!q.subjectIds.length) return { rows: [], total: 0 };
  const subjectArray = sql`ARRAY[${sql.join(
    q.subjectIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  const mode = q.modeOfTeaching;
  const medium = q.preferredMedium.toLowerCase();
  const result = await db.execute(sql`
    WITH m AS (
      SELECT ts.teacher_id, array_agg(ts.subject_id ORDER BY ts.subject_id) AS covered, count(*)::int AS covered_count
      FROM teacher_subjects ts
      WHERE ts.subject_id = ANY(${subjectArray})
      GROUP BY ts.teacher_id
    ), p AS (
      SELECT DISTINCT ON (tp.teacher_id) tp.teacher_id, tp.teaching_mode, tp.preferred_medium,
        tp.preferred_teaching_type, tp.prior_experience
      FROM teacher_preferences tp JOIN m ON m.teacher_id = tp.teacher_id
      ORDER BY tp.teacher_id, tp.id DESC
    )
    SELECT m.teacher_id AS id, m.covered,
      coalesce(p.teaching_mode = 'both' OR ${mode} = 'both' OR p.teaching_mode = ${mode}, false) AS mode_fit,
      coalesce(${medium} = 'any' OR EXISTS (SELECT 1 FROM unnest(p.preferred_medium) pm WHERE lower(pm) = ${medium}), false) AS medium_fit,
      count(*) OVER ()::int AS total
    FROM m
    JOIN teachers t ON t.id = m.teacher_id AND t.is_active
    LEFT JOIN p ON p.teacher_id = m.teacher_id
    WHERE ${filterCondition(q.filter)}
    ORDER BY m.covered_count DESC, mode_fit DESC, medium_fit DESC,
      (t.verification_status = 'verified') DESC, p.prior_experience DESC NULLS LAST, t.id ASC
    LIMIT ${q.limit} OFFSET ${q.offset}
  `);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return {
    total: rows.length ? Number(rows[0].total) : await countOnly(db, q, subjectArray),
    rows: rows.map((r) => ({
      teacherId: Number(r.id),
      coveredSubjectIds: (r.covered as unknown[]).map(Number),
      modeFit: Boolean(r.mode_fit),
      mediumFit: Boolean(r.medium_fit),
    })),
  };
}

/** The total when the requested page is past the end (the window count has no row to ride on). */
async function countOnly(db: Db, q: MatchQuery, subjectArray: SQL): Promise<number> {
  if (q.offset === 0) return 0;
  const result = await db.execute(sql`
    SELECT count(*)::int AS total FROM (
      SELECT DISTINCT ts.teacher_id FROM teacher_subjects ts WHERE ts.subject_id = ANY(${subjectArray})
    ) m
    JOIN teachers t ON t.id = m.teacher_id AND t.is_active
    LEFT JOIN LATERAL (
      SELECT tp.teaching_mode, tp.preferred_teaching_type FROM teacher_preferences tp
      WHERE tp.teacher_id = m.teacher_id ORDER BY tp.id DESC LIMIT 1
    ) p ON true
    WHERE ${filterCondition(q.filter)}
  `);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows ?? [];
  return Number(rows[0]?.total ?? 0);
}

/**
 * A teacher record as a student sees it on /teacherfinder: what the sample cards show, without
 * contact details, exact location, date of birth or private documents (those are shared only once the
 * teacher accepts, by the teacher).
 */
export function publicTeacherCard(record: TeacherRecord): TeacherRecord {
  return {
    ...record,
    email: '',
    mobile_number: '',
    whatsapp_number: null,
    alt_mobile: null,
    date_of_birth: '',
    latitude: null,
    longitude: null,
    aadhar_photo: null,
    rejection_reason: null,
    teacher_preference: record.teacher_preference
      ? {
          ...record.teacher_preference,
          mark_sheet: null,
          highest_qualification_certificate: null,
          resume: null,
        }
      : null,
  };
}

/** The requests already sent to these teachers from one student request: teacher id -> {id, status}. */
export async function connectionsOf(db: Db, parentRequestId: number, teacherIds: number[]) {
  if (!teacherIds.length) return new Map<number, { id: number; status: string }>();
  const rows = await db
    .select({
      id: teacherStudentRequests.id,
      teacherId: teacherStudentRequests.teacherId,
      status: teacherStudentRequests.status,
    })
    .from(teacherStudentRequests)
    .where(
      and(
        eq(teacherStudentRequests.parentRequestId, parentRequestId),
        inArray(teacherStudentRequests.teacherId, teacherIds),
      ),
    );
  return new Map(rows.map((r) => [r.teacherId as number, { id: r.id, status: r.status }]));
}

/** Subject ids that exist and are active, in the given order, deduplicated; 422 if any is unknown. */
export async function knownSubjectIds(db: Db, ids: unknown[]): Promise<number[]> {
  const wanted = [...new Set(ids.map(Number))];
  const rows = await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(inArray(subjects.id, wanted), eq(subjects.isActive, true)));
  if (rows.length !== wanted.length) throw unprocessable({ subject_ids: REQUEST_MESSAGES.subjectsUnknown });
  return wanted;
}
