import type { FastifyInstance } from 'fastify';

export default async function adminDashboardRoutes(app: FastifyInstance) {
  void app;
}
