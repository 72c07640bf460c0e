import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { degrees, subjects } from './schema';

/** Degree ids are part of the contract: the student education mapping uses 3, 5, 6 and 7 (SPEC.md section 3). */
export const DEGREES = [
  { id: 1, name: 'No formal education' },
  { id: 2, name: 'Primary education (up to Class 8)' },
  { id: 3, name: 'Secondary / Higher Secondary (Class 10 / 12)' },
  { id: 4, name: 'Diploma' },
  { id: 5, name: "Bachelor's degree (B.A. / B.Sc. / B.Com.)" },
  { id: 6, name: "Master's degree (M.A. / M.Sc. / M.Com.)" },
  { id: 7, name: 'Professional degree (B.Ed. / B.Tech. / MBBS / LLB)' },
  { id: 8, name: 'Doctorate (Ph.D.)' },
];

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
