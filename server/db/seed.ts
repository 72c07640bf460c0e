import { sql } from 'drizzle-orm';
import { DEGREES, REFERENCE_SUBJECTS } from '../../contract/constants';
import type { Db } from './client';
import { degrees, subjects } from './schema';

/** Reference data; safe to run at every start. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insert(degrees)
    .values(DEGREES.map((d, position) => ({ ...d, position })))
    .onConflictDoUpdate({
      target: degrees.id,
      set: { name: sql`excluded.name`, position: sql`excluded.position` },
    });
  await db
    .insert(subjects)
    .values(REFERENCE_SUBJECTS.map((name) => ({ name })))
    .onConflictDoNothing();
}
