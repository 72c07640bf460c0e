import type { FastifyInstance } from 'fastify';

export default async function activityLogRoutes(app: FastifyInstance) {
  void app;
}
