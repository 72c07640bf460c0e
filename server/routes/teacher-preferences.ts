import type { FastifyInstance } from 'fastify';

export default async function teacherPreferencesRoutes(app: FastifyInstance) {
  void app;
}
