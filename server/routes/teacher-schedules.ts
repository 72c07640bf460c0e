import type { FastifyInstance } from 'fastify';

export default async function teacherSchedulesRoutes(app: FastifyInstance) {
  void app;
}
