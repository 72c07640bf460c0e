import { AUTH_MESSAGES } from '../../contract/rules/auth';
import { REQUEST_MESSAGES } from '../../contract/rules/request';
import { STUDENT_MESSAGES } from '../../contract/rules/student';
import { TEACHER_PERSONAL_MESSAGES } from '../../contract/rules/teacher-personal';
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

/** What a unique index says when it refuses a second row (the same words the routes use). */
const UNIQUE_MESSAGES: Record<string, string> = {
  users_email_key: AUTH_MESSAGES.emailTaken,
  teachers_user_id_key: TEACHER_PERSONAL_MESSAGES.profileExists,
  students_user_id_key: STUDENT_MESSAGES.alreadyRegistered,
  requests_parent_teacher_key: REQUEST_MESSAGES.alreadySent,
  requests_single_accepted_key: REQUEST_MESSAGES.singleAlreadyAccepted,
};

export const DB_MESSAGES = {
  duplicate: 'This already exists.',
  stillReferenced: 'Other records still refer to this one.',
  missingReference: 'A record this refers to does not exist.',
  invalidValue: 'A value is not valid for this field.',
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
    const message = UNIQUE_MESSAGES[constraintOf(e)] ?? DB_MESSAGES.duplicate;
    return new HttpError(409, { error: 'conflict', message });
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
