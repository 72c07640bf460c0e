import { ADMIN_MESSAGES } from '../../contract/rules/admin';
import { AUTH_MESSAGES } from '../../contract/rules/auth';
import { HTTP_MESSAGES } from '../../contract/rules/http';
import { POSTING_MESSAGES } from '../../contract/rules/job-postings';
import { REQUEST_MESSAGES } from '../../contract/rules/request';
import { STUDENT_MESSAGES } from '../../contract/rules/student';
import { SUBJECT_MESSAGES } from '../../contract/rules/student-subject';
import { TEACHER_PERSONAL_MESSAGES } from '../../contract/rules/teacher-personal';
import { TEACHER_PREFERENCE_MESSAGES } from '../../contract/rules/teacher-preferences';
import { TEACHER_SCHEDULE_MESSAGES } from '../../contract/rules/teacher-schedule';
import { HttpError } from './http';

interface DriverError {
  code?: unknown;
  constraint?: unknown;
  constraint_name?: unknown;
  detail?: unknown;
  message?: unknown;
  cause?: unknown;
}

/**
 * The PostgreSQL error under an error: Drizzle wraps the driver's error (node-postgres or PGlite) as
 * `cause`, so walk the chain to the first one with a five-character SQLSTATE code.
 */
export function driverErrorOf(error: unknown): DriverError | null {
  for (
    let e = error as DriverError | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as DriverError, depth++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
  }
  return null;
}

const constraintOf = (e: DriverError): string => {
  const named =
    typeof e.constraint === 'string'
      ? e.constraint
      : typeof e.constraint_name === 'string'
        ? e.constraint_name
        : '';
  if (named) return named;
  const match = /constraint "([^"]+)"/.exec(typeof e.message === 'string' ? e.message : '');
  return match ? match[1] : '';
};

const conflictWith = (message: string, extra: Record<string, unknown> = {}) =>
  new HttpError(409, { error: 'conflict', message, ...extra });

/**
 * What each unique index answers when it refuses a second row: the same status, shape and words the
 * route gives when it finds the first row itself, so a request that loses a race reads exactly like
 * one that came second. An index not listed here answers the generic duplicate message.
 */
const UNIQUE_ANSWERS: Record<string, () => HttpError> = {
  // Sign-up keeps the shape the sign-up screen reads (error, error_description, errors.email).
  users_email_key: () =>
    new HttpError(409, {
      error: 'user_not_created',
      error_description: [AUTH_MESSAGES.emailTaken],
      errors: { email: [AUTH_MESSAGES.emailTaken] },
      message: AUTH_MESSAGES.emailTaken,
    }),
  admin_users_email_key: () =>
    new HttpError(409, {
      error: ADMIN_MESSAGES.emailTaken,
      errors: { email: [ADMIN_MESSAGES.emailTaken] },
      message: ADMIN_MESSAGES.emailTaken,
    }),
  teachers_user_id_key: () => conflictWith(TEACHER_PERSONAL_MESSAGES.profileExists),
  teacher_preferences_teacher_key: () => conflictWith(TEACHER_PREFERENCE_MESSAGES.savedMeanwhile),
  teacher_schedules_teacher_day_key: () => conflictWith(TEACHER_SCHEDULE_MESSAGES.savedMeanwhile),
  time_slots_schedule_time_key: () => conflictWith(TEACHER_SCHEDULE_MESSAGES.savedMeanwhile),
  students_user_id_key: () => conflictWith(STUDENT_MESSAGES.alreadyRegistered),
  requests_parent_teacher_key: () => conflictWith(REQUEST_MESSAGES.alreadySent),
  requests_single_accepted_key: () => conflictWith(REQUEST_MESSAGES.singleAlreadyAccepted),
  subjects_name_key: () => {
    const message = SUBJECT_MESSAGES.nameTaken;
    return conflictWith(message, { errors: { name: [message] } });
  },
  job_applications_posting_seeker_key: () => conflictWith(POSTING_MESSAGES.alreadyApplied),
};

/**
 * The unique index a database error reports as violated, or null when it is not a unique violation.
 * For the few routes that add something to the answer (the subject that already exists); everything
 * else lets the error handler answer through `mapDatabaseError`.
 */
export function uniqueViolationOf(error: unknown): { constraint: string } | null {
  const e = driverErrorOf(error);
  return e && e.code === '23505' ? { constraint: constraintOf(e) } : null;
}

export const DB_MESSAGES = {
  duplicate: HTTP_MESSAGES.duplicate,
  stillReferenced: HTTP_MESSAGES.stillReferenced,
  missingReference: HTTP_MESSAGES.missingReference,
  invalidValue: HTTP_MESSAGES.invalidValue,
};

/**
 * One mapping from database refusals to answers, used by the error handler for anything a route did
 * not catch itself: a unique violation is a 409 with a clear message, a foreign-key violation a 409
 * (deleting what others still refer to) or a 422 (referring to what does not exist), values the
 * columns refuse a 422. Anything else is not ours to map (null).
 */
export function mapDatabaseError(error: unknown): HttpError | null {
  const e = driverErrorOf(error);
  if (!e) return null;
  const code = e.code as string;
  if (code === '23505') {
    return UNIQUE_ANSWERS[constraintOf(e)]?.() ?? conflictWith(DB_MESSAGES.duplicate);
  }
  if (code === '23503') {
    const detail = `${typeof e.detail === 'string' ? e.detail : ''} ${typeof e.message === 'string' ? e.message : ''}`;
    if (/still referenced|update or delete on table/i.test(detail))
      return new HttpError(409, { error: 'conflict', message: DB_MESSAGES.stillReferenced });
    return new HttpError(422, {
      error: 'validation_failed',
      message: DB_MESSAGES.missingReference,
      errors: { base: [DB_MESSAGES.missingReference] },
    });
  }
  if (['22001', '22003', '22007', '22008', '22P02', '23502', '23514'].includes(code))
    return new HttpError(422, {
      error: 'validation_failed',
      message: DB_MESSAGES.invalidValue,
      errors: { base: [DB_MESSAGES.invalidValue] },
    });
  return null;
}
