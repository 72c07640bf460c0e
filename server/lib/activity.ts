import type { Db } from '../db/client';
import { activityLog } from '../db/schema';

export type ActivityAction =
  | 'user_signed_up'
  | 'user_signed_in'
  | 'admin_registered'
  | 'admin_signed_in'
  | 'teacher_registered'
  | 'student_registered'
  | 'request_created'
  | 'request_sent'
  | 'request_status_changed'
  | 'teacher_approved'
  | 'teacher_rejected'
  | 'teacher_review_requested'
  | 'subject_suggested'
  | 'subject_approved'
  | 'subject_rejected'
  | 'subject_merged'
  | 'job_seeker_registered'
  | 'job_posting_created'
  | 'job_posting_updated'
  | 'job_posting_closed'
  | 'job_posting_reopened'
  | 'job_application_created'
  | 'job_application_status_changed'
  | 'job_application_withdrawn'
  | 'sign_in_failures';

/** Appends to the audit log behind GET /Activity-Log and the admin notifications. */
export async function logActivity(
  db: Db,
  entry: {
    actorType: 'user' | 'admin' | 'system';
    actorId?: number | null;
    action: ActivityAction;
    subjectType?: string;
    subjectId?: number;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(activityLog).values({
    actorType: entry.actorType,
    actorId: entry.actorId ?? null,
    action: entry.action,
    subjectType: entry.subjectType ?? null,
    subjectId: entry.subjectId ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
  });
}
