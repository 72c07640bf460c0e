import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { referenceRoutes } from '../../contract/api';
import { degrees } from '../db/schema';
import { serve } from '../lib/route';

/** Reference data served from the seed: degrees. (Subjects: server/routes/subjects.ts.) */
export default async function referenceRouteModule(app: FastifyInstance) {
  serve(app, referenceRoutes.degrees, async () => {
    const rows = await app.db
      .select({ id: degrees.id, name: degrees.name })
      .from(degrees)
      .orderBy(asc(degrees.position));
    return { status: 'success', data: rows };
  });
}
