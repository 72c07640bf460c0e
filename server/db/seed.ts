import { sql } from 'drizzle-orm';
import { DEGREES } from '../../contract/constants';
import type { Db } from './client';
import { degrees, subjects } from './schema';

export const SUBJECTS = [
  'Physics',
  'Mathematics',
  'English',
  'History',
  'Chemistry',
  'Biology',
  'Computer Science',
  'Hindi',
  'Sanskrit',
  'Bengali',
  'Geography',
  'Economics',
  'Accountancy',
  'Political Science',
  'Environmental Science',
];

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
    .values(SUBJECTS.map((name) => ({ name })))
    .onConflictDoNothing();
}
