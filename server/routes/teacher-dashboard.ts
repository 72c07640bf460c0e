import type { FastifyInstance } from 'fastify';
import { teacherRoutes } from '../../contract/api';
import { forbidden } from '../lib/http';
import { serve } from '../lib/route';
import { isAdmin, principalOf } from '../plugins/auth';
import { loadTeacherDashboard } from '../services/teacher-dashboard';

/** The teacher dashboard's first screen in one call (contract/structs/dashboard.ts). */
export default async function teacherDashboardRoutes(app: FastifyInstance) {
  serve(app, teacherRoutes.dashboard, async (_, request) => {
    const principal = principalOf(request);
    if (isAdmin(principal)) throw forbidden('Only a teacher has a teacher dashboard.');
    return { status: 'success', data: await loadTeacherDashboard(app.db, principal.id) };
  });
}
