import { count, eq, sql } from 'drizzle-orm';
import { ROLE } from '../../contract/constants';
import type { Db } from '../db/client';
import { adminUsers, users } from '../db/schema';
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
