import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../contract/rules/auth';
import { TEACHER_PREFERENCE_MESSAGES } from '../../contract/rules/teacher-preferences';
import { DB_MESSAGES, mapDatabaseError, uniqueViolationOf } from '../../server/lib/db-errors';

/** Drizzle wraps the driver's error: the SQLSTATE is on the cause. */
const wrapped = (cause: Record<string, unknown>) =>
  Object.assign(new Error('Failed query: insert into ...'), { cause });

describe('one database error mapper', () => {
  it('answers each unique index with its own message, in the shape its route uses', () => {
    const signUp = mapDatabaseError(wrapped({ code: '23505', constraint: 'users_email_key' }));
    expect(signUp?.statusCode).toBe(409);
    expect(signUp?.body).toMatchObject({
      error: 'user_not_created',
      error_description: [AUTH_MESSAGES.emailTaken],
      errors: { email: [AUTH_MESSAGES.emailTaken] },
    });
    // PGlite may name the index only in the message.
    const prefs = mapDatabaseError(
      wrapped({
        code: '23505',
        message: 'duplicate key value violates unique constraint "teacher_preferences_teacher_key"',
      }),
    );
    expect(prefs?.body.message).toBe(TEACHER_PREFERENCE_MESSAGES.savedMeanwhile);
    expect(mapDatabaseError(wrapped({ code: '23505', constraint: 'something_else' }))?.body.message).toBe(
      DB_MESSAGES.duplicate,
    );
  });

  it('maps foreign keys to 409 (still referenced) or 422 (missing), bad values to 422, others not at all', () => {
    expect(
      mapDatabaseError(wrapped({ code: '23503', detail: 'Key (id)=(1) is still referenced from table "x".' }))
        ?.statusCode,
    ).toBe(409);
    expect(
      mapDatabaseError(wrapped({ code: '23503', detail: 'Key (subject_id)=(9) is not present' }))?.statusCode,
    ).toBe(422);
    expect(mapDatabaseError(wrapped({ code: '22P02' }))?.statusCode).toBe(422);
    expect(mapDatabaseError(wrapped({ code: '57014' }))).toBeNull();
    expect(mapDatabaseError(new Error('duplicate key value'))).toBeNull();
  });

  it('tells which unique index refused a row', () => {
    expect(uniqueViolationOf(wrapped({ code: '23505', constraint: 'subjects_name_key' }))).toEqual({
      constraint: 'subjects_name_key',
    });
    expect(uniqueViolationOf(wrapped({ code: '23503' }))).toBeNull();
  });
});
