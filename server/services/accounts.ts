import { count, eq, type SQL, sql } from 'drizzle-orm';
import { type Language, ROLE } from '../../contract/constants';
import type { OnboardingProgress } from '../../contract/structs/auth';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { adminUsers, jobSeekers, students, teachers, users } from '../db/schema';
import { logActivity } from '../lib/activity';
import { hashPassword, needsRehash, PASSWORD_COST, type PasswordCost } from '../lib/password';

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
  cost: PasswordCost = PASSWORD_COST,
): Promise<UserRow> {
  const passwordHash = await hashPassword(account.password, cost);
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
  cost: PasswordCost = PASSWORD_COST,
): Promise<void> {
  const rehashed = needsRehash(account.row.passwordHash, cost) ? await hashPassword(password, cost) : null;
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

/**
 * In one statement: whether the user has a record in the role's `profile` table (the first, as
 * everywhere) and, for that record (`p`), whether each of `steps` (an SQL query) finds a row. null
 * when there is no record.
 */
async function stepsOf(db: Db, profile: SQL, userId: number, steps: SQL[]): Promise<boolean[] | null> {
  const [row] = rowsOf(
    await db.execute(
      sql`SELECT ${sql.join(
        steps.map((step, i) => sql`EXISTS (${step}) AS ${sql.raw(`s${i}`)}`),
        sql`, `,
      )} FROM ${profile} p WHERE p.user_id = ${userId}::int ORDER BY p.id LIMIT 1`,
    ),
  );
  return row ? steps.map((_, i) => row[`s${i}`] === true) : null;
}

/**
 * What a person has completed: the teacher's four steps, the student's details, education and
 * requests (one sent and waiting or accepted: 'following'), the job seeker's details and education.
 * Routing decides from it (contract/rules/onboarding.ts). One statement whatever the role.
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
  if (user.roleId === ROLE.teacher) {
    const done = await stepsOf(db, sql`teachers`, user.id, [
      sql`SELECT 1 FROM teacher_educational_qualifications x WHERE x.teacher_id = p.id`,
      sql`SELECT 1 FROM teacher_preferences x WHERE x.teacher_id = p.id`,
      sql`SELECT 1 FROM teacher_schedules x WHERE x.teacher_id = p.id`,
    ]);
    const [education, preferences, schedule] = done ?? [false, false, false];
    progress.teacher = { personal: done !== null, education, preferences, schedule };
  } else if (user.roleId === ROLE.student) {
    const done = await stepsOf(db, sql`students`, user.id, [
      sql`SELECT 1 FROM student_educational_qualifications x WHERE x.student_id = p.id`,
      sql`SELECT 1 FROM teacher_student_requests x WHERE x.student_id = p.id`,
      sql`SELECT 1 FROM teacher_student_requests x WHERE x.student_id = p.id
        AND x.teacher_id IS NOT NULL AND x.status IN ('request_send', 'accepted')`,
    ]);
    const [education, made, following] = done ?? [false, false, false];
    progress.student = {
      personal: done !== null,
      education,
      requests: following ? 'following' : made ? 'made' : 'none',
    };
  } else if (user.roleId === ROLE.jobSeeker) {
    const done = await stepsOf(db, sql`job_seekers`, user.id, [
      sql`SELECT 1 FROM job_seeker_educations x WHERE x.job_seeker_id = p.id`,
    ]);
    progress.job_seeker = { personal: done !== null, education: done?.[0] ?? false };
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
  options: { open: boolean; cost?: PasswordCost },
): Promise<AdminRow> {
  const passwordHash = await hashPassword(input.password, options.cost ?? PASSWORD_COST);
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
