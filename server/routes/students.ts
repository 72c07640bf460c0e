import type { FastifyInstance } from 'fastify';

export default async function studentsRoutes(app: FastifyInstance) {
  void app;
}
