import { eq, sql } from 'drizzle-orm';
import { NOTIFICATIONS_PAGE_SIZE } from '../../contract/constants';
import type { AdminNotification } from '../../contract/structs/admin';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { adminUsers } from '../db/schema';

/** Without a last visit, notifications look back this far. */
const FIRST_VISIT_LOOKBACK_MS = 30 * 24 * 3600 * 1000;

/** Notifications per page (the dashboard shows the latest ten, then 'Show more'). */
export const NOTIFICATIONS_PAGE = NOTIFICATIONS_PAGE_SIZE;
export const NOTIFICATIONS_PAGE_MAX = 50;

/**
 * What happened since the administrator last marked notifications read: new teacher registrations,
 * new requests from students, new and withdrawn job applications, newest first, one page at a time (`offset`,
 * `limit`). Read from the tables themselves, so every registration and request shows whichever
 * route created it.
 */
export async function notificationsFor(
  db: Db,
  adminId: number,
  page: { limit?: number; offset?: number } = {},
  now = new Date(),
): Promise<{ since: Date; items: AdminNotification[]; hasMore: boolean }> {
  const limit = Math.min(Math.max(page.limit ?? NOTIFICATIONS_PAGE, 1), NOTIFICATIONS_PAGE_MAX);
  const offset = Math.max(page.offset ?? 0, 0);
  const [admin] = await db
    .select({ seen: adminUsers.notificationsSeenAt })
    .from(adminUsers)
    .where(eq(adminUsers.id, adminId));
  const since = admin?.seen ?? new Date(now.getTime() - FIRST_VISIT_LOOKBACK_MS);
  const iso = since.toISOString();
  // One more row than asked tells whether another page follows.
  const rows = rowsOf<{
    kind: string;
    id: number;
    name: string;
    subjects: string[] | null;
    created_at: string | Date;
  }>(
    await db.execute(sql`select * from (
        select 'teacher_registered' as kind, t.id, t.name, null::text[] as subjects, t.created_at
          from teachers t where t.created_at > ${iso}::timestamptz
        union all
        select 'request_created' as kind, r.id, st.name,
          (select array_agg(s.name order by s.name) from subjects s where s.id = any(r.subject_ids)),
          r.created_at
          from teacher_student_requests r join students st on st.id = r.student_id
          where r.parent_request_id is null and r.created_at > ${iso}::timestamptz
        union all
        select 'job_application_created' as kind, a.id, p.title, null::text[], a.created_at
          from job_applications a join job_postings p on p.id = a.job_posting_id
          where a.created_at > ${iso}::timestamptz
        union all
        -- A job seeker withdrew an application (its history row; job_application_events_withdrawn_idx).
        select 'job_application_withdrawn' as kind, e.id, p.title, null::text[], e.created_at
          from job_application_events e
          join job_applications a on a.id = e.job_application_id
          join job_postings p on p.id = a.job_posting_id
          where e.status = 'withdrawn' and e.created_at > ${iso}::timestamptz
        union all
        -- Repeated failed sign-ins on an administrator account (written by the sign-in throttle).
        select 'sign_in_failures' as kind, l.id, l.details, null::text[], l.created_at
          from activity_log l
          where l.action = 'sign_in_failures' and l.subject_type = 'admin_user' and l.created_at > ${iso}::timestamptz
      ) n order by n.created_at desc, n.kind, n.id desc limit ${limit + 1} offset ${offset}`),
  );
  const at = (value: string | Date) => new Date(value).toISOString();
  // Each item carries its kind and values (`params`) beside the English `message`: the dashboard words
  // it in the administrator's language from those.
  const alert = (details: string | null) => {
    const d = (details ? JSON.parse(details) : {}) as {
      email?: string;
      failures?: number;
      window_minutes?: number;
    };
    const params = { email: d.email ?? '', failures: d.failures ?? null, minutes: d.window_minutes ?? 15 };
    const message = `Repeated failed sign-ins on the administrator account ${params.email}: ${params.failures ?? 'several'} in ${params.minutes} minutes`;
    return { message, params };
  };
  const items: AdminNotification[] = rows.slice(0, limit).map((r) => {
    const created_at = at(r.created_at);
    if (r.kind === 'sign_in_failures')
      return { id: `sign-in-failures-${r.id}`, kind: r.kind, ...alert(r.name), created_at };
    if (r.kind === 'teacher_registered')
      return {
        id: `teacher-${r.id}`,
        kind: r.kind,
        message: `New teacher registered: ${r.name}`,
        params: { name: r.name },
        created_at,
      };
    if (r.kind === 'request_created') {
      const subjects = r.subjects?.length ? r.subjects : null;
      return {
        id: `request-${r.id}`,
        kind: r.kind,
        message: `New request from ${r.name}${subjects ? ` for ${subjects.join(', ')}` : ''}`,
        params: { name: r.name, subjects },
        created_at,
      };
    }
    if (r.kind === 'job_application_withdrawn')
      return {
        id: `job-application-withdrawn-${r.id}`,
        kind: r.kind,
        message: `Application withdrawn for ${r.name}`,
        params: { name: r.name },
        created_at,
      };
    return {
      id: `job-application-${r.id}`,
      kind: r.kind,
      message: `New application for ${r.name}`,
      params: { name: r.name },
      created_at,
    };
  });
  return { since, items, hasMore: rows.length > limit };
}

export async function markNotificationsSeen(db: Db, adminId: number, now = new Date()): Promise<void> {
  await db.update(adminUsers).set({ notificationsSeenAt: now }).where(eq(adminUsers.id, adminId));
}
