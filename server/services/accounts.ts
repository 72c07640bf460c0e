import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type Language, ROLE } from '../../contract/constants';
import type { OnboardingProgress } from '../../contract/structs/auth';
import type { Db } from '../db/client';
import {
  adminUsers,
  jobSeekerEducations,
  jobSeekers,
  studentEducationalQualifications,
  students,
  teacherEducationalQualifications,
  teacherPreferences,
  teacherSchedules,
  teacherStudentRequests,
  teachers,
  users,
} from '../db/schema';
import { logActivity } from '../lib/activity';
import { hashPassword, needsRehash } from '../lib/password';

/**
 * Accounts: people (`users`, roles 1 to 3) and administrators (`admin_users`). Sign-in, refresh and
 * sign-up routes call these (and the shell's admin:create); sessions and tokens are
 * server/lib/sessions.ts.
 */

export type UserRow = typeof users.$inferSelect;
export type AdminRow = typeof adminUsers.$inferSelect;

/** The person with this e-mail, case-insensitively, or null. */
export async function userByEmail(db: Db, email: string): Promise<UserRow | null> {
  if (!email) return null;
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row ?? null;
}

export async function userById(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** The administrator with this e-mail, case-insensitively, or null. */
export async function adminByEmail(db: Db, email: string): Promise<AdminRow | null> {
  if (!email) return null;
  const [row] = await db
    .select()
    .from(adminUsers)
    .where(eq(sql`lower(${adminUsers.email})`, email.toLowerCase()));
  return row ?? null;
}

export async function adminById(db: Db, id: number): Promise<AdminRow | null> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id));
  return row ?? null;
}

/** The role a session's owner has now (null when the account is gone): refresh re-reads it. */
export async function currentRole(db: Db, type: 'user' | 'admin', id: number): Promise<number | null> {
  if (type === 'admin') return (await adminById(db, id)) ? ROLE.admin : null;
  return (await userById(db, id))?.roleId ?? null;
}

/**
 * A new person's account and its audit entry, in one transaction. Two sign-ups racing for one
 * e-mail: the unique index decides and server/lib/db-errors.ts answers 'Email has already been taken'.
 */
export async function createUser(
  db: Db,
  account: { email: string; password: string; roleId: number },
): Promise<UserRow> {
  const passwordHash = await hashPassword(account.password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email: account.email, passwordHash, roleId: account.roleId })
      .returning();
    await logActivity(tx, { actorType: 'user', actorId: user.id, action: 'user_signed_up' });
    return user;
  });
}

/**
 * After a successful sign-in: the audit entry, and, when the stored hash was made with other
 * parameters than new ones get (the cost was raised), the password rehashed with today's cost.
 * The rehash is guarded on the old hash, so a password changed meanwhile is never overwritten.
 */
export async function recordSignIn(
  db: Db,
  account: { type: 'user'; row: UserRow } | { type: 'admin'; row: AdminRow },
  password: string,
): Promise<void> {
  const rehashed = needsRehash(account.row.passwordHash) ? await hashPassword(password) : null;
  await db.transaction(async (tx) => {
    if (rehashed && account.type === 'user')
      await tx
        .update(users)
        .set({ passwordHash: rehashed })
        .where(sql`${users.id} = ${account.row.id} AND ${users.passwordHash} = ${account.row.passwordHash}`);
    if (rehashed && account.type === 'admin')
      await tx
        .update(adminUsers)
        .set({ passwordHash: rehashed })
        .where(
          sql`${adminUsers.id} = ${account.row.id} AND ${adminUsers.passwordHash} = ${account.row.passwordHash}`,
        );
    await logActivity(tx, {
      actorType: account.type,
      actorId: account.row.id,
      action: account.type === 'admin' ? 'admin_signed_in' : 'user_signed_in',
    });
  });
}

/** Whether a query returns a row. */
const any = async (query: Promise<unknown[]>) => (await query).length > 0;

/** The id of the role's profile record of a user (the first, as everywhere), or null. */
async function profileIdOf(
  db: Db,
  table: typeof teachers | typeof students | typeof jobSeekers,
  userId: number,
) {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(eq(table.userId, userId))
    .orderBy(table.id)
    .limit(1);
  return row?.id ?? null;
}

/**
 * What a person has completed: the teacher's four steps, the student's details, education and
 * requests (one sent and waiting or accepted: 'following'), the job seeker's details and education.
 * Routing decides from it (contract/rules/onboarding.ts).
 */
export async function onboardingProgress(
  db: Db,
  user: { id: number; roleId: number | null },
): Promise<OnboardingProgress> {
  const progress: OnboardingProgress = {
    role_id: user.roleId,
    teacher: null,
    student: null,
    job_seeker: null,
  };
  const one = { x: sql`1` };
  if (user.roleId === ROLE.teacher) {
    const id = await profileIdOf(db, teachers, user.id);
    const [education, preferences, schedule] = id
      ? await Promise.all([
          any(
            db
              .select(one)
              .from(teacherEducationalQualifications)
              .where(eq(teacherEducationalQualifications.teacherId, id))
              .limit(1),
          ),
          any(db.select(one).from(teacherPreferences).where(eq(teacherPreferences.teacherId, id)).limit(1)),
          any(db.select(one).from(teacherSchedules).where(eq(teacherSchedules.teacherId, id)).limit(1)),
        ])
      : [false, false, false];
    progress.teacher = { personal: id !== null, education, preferences, schedule };
  } else if (user.roleId === ROLE.student) {
    const id = await profileIdOf(db, students, user.id);
    const mine = id === null ? null : eq(teacherStudentRequests.studentId, id);
    const [education, made, following] =
      id !== null && mine
        ? await Promise.all([
            any(
              db
                .select(one)
                .from(studentEducationalQualifications)
                .where(eq(studentEducationalQualifications.studentId, id))
                .limit(1),
            ),
            any(db.select(one).from(teacherStudentRequests).where(mine).limit(1)),
            any(
              db
                .select(one)
                .from(teacherStudentRequests)
                .where(
                  and(
                    mine,
                    isNotNull(teacherStudentRequests.teacherId),
                    inArray(teacherStudentRequests.status, ['request_send', 'accepted']),
                  ),
                )
                .limit(1),
            ),
          ])
        : [false, false, false];
    progress.student = {
      personal: id !== null,
      education,
      requests: following ? 'following' : made ? 'made' : 'none',
    };
  } else if (user.roleId === ROLE.jobSeeker) {
    const id = await profileIdOf(db, jobSeekers, user.id);
    const education =
      id !== null &&
      (await any(
        db.select(one).from(jobSeekerEducations).where(eq(jobSeekerEducations.jobSeekerId, id)).limit(1),
      ));
    progress.job_seeker = { personal: id !== null, education };
  }
  return progress;
}

export class AdminRegistrationClosed extends Error {
  constructor() {
    super('admin_registration_closed');
  }
}

/**
 * Creates an administrator. Unless `open` (configuration, or the shell command), only the first one
 * may register (D4); the check and the insert run under one advisory lock so two racing
 * registrations cannot both be "the first"; the audit entry is written in the same transaction.
 * Throws AdminRegistrationClosed or Error('email_taken').
 */
export async function registerAdmin(
  db: Db,
  input: { email: string; password: string },
  options: { open: boolean },
): Promise<AdminRow> {
  const passwordHash = await hashPassword(input.password);
  const email = input.email.trim();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(4004)`);
    if (!options.open) {
      const [{ n }] = await tx.select({ n: count() }).from(adminUsers);
      if (n > 0) throw new AdminRegistrationClosed();
    }
    const [existing] = await tx
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(eq(sql`lower(${adminUsers.email})`, email.toLowerCase()));
    if (existing) throw new Error('email_taken');
    const [admin] = await tx.insert(adminUsers).values({ email, passwordHash }).returning();
    await logActivity(tx, {
      actorType: 'admin',
      actorId: admin.id,
      action: 'admin_registered',
      subjectType: 'admin_user',
      subjectId: admin.id,
    });
    return admin;
  });
}

/** Remembers the interface language of an account (a person or an administrator). */
export async function saveAccountLanguage(
  db: Db,
  principal: { type: 'user' | 'admin'; id: number },
  language: Language,
): Promise<void> {
  if (principal.type === 'admin')
    await db.update(adminUsers).set({ language }).where(eq(adminUsers.id, principal.id));
  else await db.update(users).set({ language }).where(eq(users.id, principal.id));
}

/**
 * The `profile` of sign-in and GET /api/v1/users/{id} (docs/product.md#api-conventions): null until the
 * role's profile record exists, then an array whose first item is that record ({ id, name, ... }).
 */
export async function profileFor(db: Db, user: { id: number; roleId: number }) {
  if (user.roleId === ROLE.teacher) {
    const rows = await db
      .select({ id: teachers.id, name: teachers.name, email: teachers.email })
      .from(teachers)
      .where(eq(teachers.userId, user.id));
    return rows.length ? rows : null;
  }
  if (user.roleId === ROLE.student) {
    const rows = await db
      .select({ id: students.id, name: students.name })
      .from(students)
      .where(eq(students.userId, user.id));
    return rows.length ? rows : null;
  }
  if (user.roleId === ROLE.jobSeeker) {
    const rows = await db
      .select({ id: jobSeekers.id, name: jobSeekers.name })
      .from(jobSeekers)
      .where(eq(jobSeekers.userId, user.id));
    return rows.length ? rows : null;
  }
  return null;
}
