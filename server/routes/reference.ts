import type { FastifyInstance } from 'fastify';
import { referenceRoutes } from '../../contract/api';
import { serve } from '../lib/route';
import { listDegrees } from '../services/reference';

/** Reference data served from the seed: degrees. (Subjects: server/routes/subjects.ts.) */
export default async function referenceRouteModule(app: FastifyInstance) {
  serve(app, referenceRoutes.degrees, async () => {
    return { status: 'success', data: await listDegrees(app.db) };
  });
}
