import { eq, sql } from 'drizzle-orm';
import type { AdminNotification } from '../../contract/structs/admin';
import type { Db } from '../db/client';
import { adminUsers } from '../db/schema';

/** Without a last visit, notifications look back this far. */
const FIRST_VISIT_LOOKBACK_MS = 30 * 24 * 3600 * 1000;
const SHOWN = 20;

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/**
 * What happened since the administrator last marked notifications read: new teacher registrations
 * and new requests from students, newest first. Read from the tables themselves, so every
 * registration and request shows whichever route created it.
 */
export async function notificationsFor(
  db: Db,
  adminId: number,
  now = new Date(),
): Promise<{ since: Date; items: AdminNotification[] }> {
  const [admin] = await db
    .select({ seen: adminUsers.notificationsSeenAt })
    .from(adminUsers)
    .where(eq(adminUsers.id, adminId));
  const since = admin?.seen ?? new Date(now.getTime() - FIRST_VISIT_LOOKBACK_MS);
  const iso = since.toISOString();
  const teachersRows = rowsOf<{ id: number; name: string; created_at: string | Date }>(
    await db.execute(sql`select id, name, created_at from teachers
      where created_at > ${iso}::timestamptz order by created_at desc, id desc limit ${SHOWN}`),
  );
  const requestRows = rowsOf<{
    id: number;
    name: string;
    subjects: string | null;
    created_at: string | Date;
  }>(
    await db.execute(sql`select r.id, st.name, r.created_at,
        (select string_agg(s.name, ', ' order by s.name) from subjects s where s.id = any(r.subject_ids)) as subjects
      from teacher_student_requests r join students st on st.id = r.student_id
      where r.parent_request_id is null and r.created_at > ${iso}::timestamptz
      order by r.created_at desc, r.id desc limit ${SHOWN}`),
  );
  // Repeated failed sign-ins on an administrator account (written by the sign-in throttle).
  const alertRows = rowsOf<{ id: number; details: unknown; created_at: string | Date }>(
    await db.execute(sql`select id, details, created_at from activity_log
      where action = 'sign_in_failures' and subject_type = 'admin_user' and created_at > ${iso}::timestamptz
      order by created_at desc, id desc limit ${SHOWN}`),
  );
  const at = (value: string | Date) => new Date(value).toISOString();
  const alertMessage = (details: unknown) => {
    const d = (typeof details === 'string' ? JSON.parse(details) : (details ?? {})) as {
      email?: string;
      failures?: number;
      window_minutes?: number;
    };
    return `Repeated failed sign-ins on the administrator account ${d.email ?? ''}: ${d.failures ?? 'several'} in ${d.window_minutes ?? 15} minutes`;
  };
  const items: AdminNotification[] = [
    ...alertRows.map((a) => ({
      id: `sign-in-failures-${a.id}`,
      kind: 'sign_in_failures',
      message: alertMessage(a.details),
      created_at: at(a.created_at),
    })),
    ...teachersRows.map((t) => ({
      id: `teacher-${t.id}`,
      kind: 'teacher_registered',
      message: `New teacher registered: ${t.name}`,
      created_at: at(t.created_at),
    })),
    ...requestRows.map((r) => ({
      id: `request-${r.id}`,
      kind: 'request_created',
      message: `New request from ${r.name}${r.subjects ? ` for ${r.subjects}` : ''}`,
      created_at: at(r.created_at),
    })),
  ]
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, SHOWN);
  return { since, items };
}

export async function markNotificationsSeen(db: Db, adminId: number, now = new Date()): Promise<void> {
  await db.update(adminUsers).set({ notificationsSeenAt: now }).where(eq(adminUsers.id, adminId));
}
