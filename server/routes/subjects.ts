import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { subjects } from '../db/schema';
import { notFound, parseId } from '../lib/http';

export const serializeSubject = (s: typeof subjects.$inferSelect) => ({
  id: s.id,
  name: s.name,
  is_active: s.isActive,
});

/** GET /api/v1/subjects and /api/v1/subjects/{id}. Create, update and delete: see the student issue. */
export default async function subjectRoutes(app: FastifyInstance) {
  app.get('/api/v1/subjects', async () => {
    const rows = await app.db
      .select()
      .from(subjects)
      .where(eq(subjects.isActive, true))
      .orderBy(asc(subjects.name));
    return { status: 'success', data: rows.map(serializeSubject) };
  });

  app.get('/api/v1/subjects/:id', async (request) => {
    const id = parseId((request.params as { id: string }).id, 'Subject');
    const [row] = await app.db.select().from(subjects).where(eq(subjects.id, id));
    if (!row) throw notFound('Subject not found');
    return { status: 'success', data: serializeSubject(row) };
  });
}
