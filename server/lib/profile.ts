import { eq } from 'drizzle-orm';
import { ROLE, ROLE_NAMES } from '../../contract/constants';
import type { Db } from '../db/client';
import { jobSeekers, students, teachers } from '../db/schema';

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

export function serializeUser(user: {
  id: number;
  email: string;
  roleId: number;
  createdAt: Date;
  updatedAt: Date;
}) {
  return {
    id: user.id,
    email: user.email,
    user_role_id: user.roleId,
    role: ROLE_NAMES[user.roleId] ?? 'user',
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}
