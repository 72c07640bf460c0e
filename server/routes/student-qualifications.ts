import type { FastifyInstance } from 'fastify';

export default async function studentQualificationsRoutes(app: FastifyInstance) {
  void app;
}
