import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adminUsers } from '../db/schema';
import { hashPassword, PASSWORD_COST, type PasswordCost } from './password';

export class AdminRegistrationClosed extends Error {
  constructor() {
    super('admin_registration_closed');
  }
}

/**
 * Creates an administrator. Unless `open` (configuration, or the shell command), only the first one
 * may register (D4); the check and the insert run under one advisory lock so two racing
 * registrations cannot both be "the first". Throws AdminRegistrationClosed or Error('email_taken').
 */
export async function registerAdmin(
  db: Db,
  input: { email: string; password: string },
  options: { open: boolean; cost?: PasswordCost },
): Promise<typeof adminUsers.$inferSelect> {
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
    return admin;
  });
}
