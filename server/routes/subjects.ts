import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { referenceRoutes } from '../../contract/api';
import {
  normaliseSubjectName,
  SUBJECT_MESSAGES,
  validateSubjectName,
} from '../../contract/rules/student-subject';
import { subjects } from '../db/schema';
import { assertValid, conflict, notFound } from '../lib/http';
import { serve } from '../lib/route';

export const serializeSubject = (s: typeof subjects.$inferSelect) => ({
  id: s.id,
  name: s.name,
  is_active: s.isActive,
});

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' || /unique|duplicate key/i.test(String(error));

/**
 * Subjects: anyone reads the active list; a signed-in user adds one (the 'Add Subject' button of
 * /subject); administrators rename and remove. Names are unique case-insensitively (409 otherwise).
 */
export default async function subjectRoutes(app: FastifyInstance) {
  serve(app, referenceRoutes.listSubjects, async () => {
    const rows = await app.db
      .select()
      .from(subjects)
      .where(eq(subjects.isActive, true))
      .orderBy(asc(subjects.name));
    return { status: 'success', data: rows.map(serializeSubject) };
  });

  serve(app, referenceRoutes.showSubject, async ({ params: { id } }) => {
    const [row] = await app.db.select().from(subjects).where(eq(subjects.id, id));
    if (!row) throw notFound(SUBJECT_MESSAGES.subjectNotFound);
    return { status: 'success', data: serializeSubject(row) };
  });

  const sameName = (name: string) => eq(sql`lower(${subjects.name})`, name.toLowerCase());
  const duplicate = (existing: typeof subjects.$inferSelect) => {
    const message = SUBJECT_MESSAGES.duplicate(existing.name);
    return conflict(message, { errors: { name: [message] }, data: serializeSubject(existing) });
  };

  serve(app, referenceRoutes.createSubject, async ({ body }) => {
    const error = validateSubjectName(body.name);
    assertValid({ name: error });
    const name = normaliseSubjectName(String(body.name));
    const [existing] = await app.db.select().from(subjects).where(sameName(name));
    if (existing?.isActive) throw duplicate(existing);
    if (existing) {
      // A removed subject with this name comes back rather than a second row.
      const [row] = await app.db
        .update(subjects)
        .set({ isActive: true })
        .where(eq(subjects.id, existing.id))
        .returning();
      return { status: 'success', data: serializeSubject(row), subject: serializeSubject(row) };
    }
    try {
      const [row] = await app.db.insert(subjects).values({ name, isActive: true }).returning();
      return { status: 'success', data: serializeSubject(row), subject: serializeSubject(row) };
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      const [raced] = await app.db.select().from(subjects).where(sameName(name));
      throw duplicate(raced);
    }
  });

  serve(app, referenceRoutes.updateSubject, async ({ params: { id }, body }) => {
    const [row] = await app.db.select().from(subjects).where(eq(subjects.id, id));
    if (!row) throw notFound(SUBJECT_MESSAGES.subjectNotFound);
    const set: Partial<typeof subjects.$inferInsert> = {};
    if (body.name !== undefined) {
      assertValid({ name: validateSubjectName(body.name) });
      const name = normaliseSubjectName(String(body.name));
      const [other] = await app.db
        .select()
        .from(subjects)
        .where(and(sameName(name), ne(subjects.id, id)));
      if (other) throw duplicate(other);
      set.name = name;
    }
    if (typeof body.is_active === 'boolean') set.isActive = body.is_active;
    if (!Object.keys(set).length) return { status: 'success', data: serializeSubject(row) };
    const [updated] = await app.db.update(subjects).set(set).where(eq(subjects.id, id)).returning();
    return { status: 'success', data: serializeSubject(updated) };
  });

  /** Removing keeps the row (teachers' and requests' history refer to it) but hides it from the list. */
  serve(app, referenceRoutes.removeSubject, async ({ params: { id } }) => {
    const [row] = await app.db
      .update(subjects)
      .set({ isActive: false })
      .where(eq(subjects.id, id))
      .returning();
    if (!row) throw notFound(SUBJECT_MESSAGES.subjectNotFound);
    return { status: 'success', data: serializeSubject(row), message: 'Subject removed' };
  });
}
