import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { degrees } from '../db/schema';

/** Reference data seeded by a migration: degrees. (Subjects: server/services/subjects.ts.) */

export async function listDegrees(db: Db) {
  return db.select({ id: degrees.id, name: degrees.name }).from(degrees).orderBy(asc(degrees.position));
}

/** Whether a degree with this id exists (forms' choices are checked against it). */
export async function degreeExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: degrees.id }).from(degrees).where(eq(degrees.id, id));
  return Boolean(row);
}
