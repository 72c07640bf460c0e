import { eq } from 'drizzle-orm';
import type { Language } from '../../contract/constants';
import type { Db } from '../db/client';
import { adminUsers, users } from '../db/schema';

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

/** The language an account chose, or null (English is then used, e.g. for its notifications). */
export async function accountLanguage(db: Db, userId: number): Promise<Language | null> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return (row?.language as Language | null) ?? null;
}
