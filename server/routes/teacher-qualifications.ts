import type { FastifyInstance } from 'fastify';

export default async function teacherQualificationsRoutes(app: FastifyInstance) {
  void app;
}
