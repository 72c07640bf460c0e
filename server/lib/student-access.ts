import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ROLE } from '../../contract/constants';
import { STUDENT_MESSAGES } from '../../contract/rules/student';
import type { Db } from '../db/client';
import { students, teachers } from '../db/schema';
import { isAdmin, type Principal, principalOf } from '../plugins/auth';
import { forbidden, notFound, parseId } from './http';

/** The student record of a signed-in student (null for anyone else or before it exists). */
export async function studentOfPrincipal(db: Db, p: Principal) {
  if (p.type !== 'user' || p.role !== ROLE.student) return null;
  const [row] = await db.select().from(students).where(eq(students.userId, p.id));
  return row ?? null;
}

/** The teacher record of a signed-in teacher (null for anyone else or before it exists). */
export async function teacherOfPrincipal(db: Db, p: Principal) {
  if (p.type !== 'user' || p.role !== ROLE.teacher) return null;
  const [row] = await db
    .select({ id: teachers.id, name: teachers.name })
    .from(teachers)
    .where(eq(teachers.userId, p.id));
  return row ?? null;
}

/**
 * Loads the student named by `id` and checks the caller may see and change it: its own user or an
 * administrator. 404 when missing, 403 otherwise.
 */
export async function ownStudent(db: Db, request: FastifyRequest, id: unknown) {
  const studentId = parseId(id, 'Student');
  const p = principalOf(request);
  const [row] = await db.select().from(students).where(eq(students.id, studentId));
  if (!row) throw notFound(STUDENT_MESSAGES.studentNotFound);
  if (!isAdmin(p) && !(p.type === 'user' && p.id === row.userId))
    throw forbidden('You may only see and change your own student record.');
  return row;
}

/** A JSON body's wrapper object (`{ student: {...} }`), or the body itself when sent unwrapped. */
export function wrapped(body: unknown, wrapper: string): Record<string, unknown> {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const inner = b[wrapper];
  return (inner && typeof inner === 'object' && !Array.isArray(inner) ? inner : b) as Record<string, unknown>;
}

/** ?page=&limit= with bounds; page starts at 1. */
export function pageParams(query: unknown, defaultLimit = 20, maxLimit = 100) {
  const q = (query ?? {}) as Record<string, string | undefined>;
  const page = Math.max(1, Math.floor(Number(q.page)) || 1);
  const limit = Math.min(maxLimit, Math.max(1, Math.floor(Number(q.limit)) || defaultLimit));
  return { page, limit, offset: (page - 1) * limit };
}

export const paginationOf = (page: number, limit: number, total: number) => ({
  next: page * limit < total ? page + 1 : null,
  prev: page > 1 ? page - 1 : null,
});
