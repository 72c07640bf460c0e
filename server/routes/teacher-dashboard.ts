import type { FastifyInstance } from 'fastify';
import { ROLE } from '../../contract/constants';
import { forbidden } from '../lib/http';
import { loadTeacherDashboard } from '../lib/teacher-dashboard';
import { isAdmin, principalOf } from '../plugins/auth';

/** The teacher dashboard's first screen in one call (contract/structs/dashboard.ts). */
export default async function teacherDashboardRoutes(app: FastifyInstance) {
  app.get('/api/v1/teachers/me/dashboard', { preHandler: app.requireRole(ROLE.teacher) }, async (request) => {
    const principal = principalOf(request);
    if (isAdmin(principal)) throw forbidden('Only a teacher has a teacher dashboard.');
    return { status: 'success', data: await loadTeacherDashboard(app.db, principal.id) };
  });
}
