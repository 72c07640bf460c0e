import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { degrees } from '../db/schema';

/** Reference data served from the seed: degrees. (Subjects: server/routes/subjects.ts.) */
export default async function referenceRoutes(app: FastifyInstance) {
  app.get('/api/v1/degrees', async () => {
    const rows = await app.db
      .select({ id: degrees.id, name: degrees.name })
      .from(degrees)
      .orderBy(asc(degrees.position));
    return { status: 'success', data: rows };
  });
}
