import type { FastifyInstance } from 'fastify';

export default async function teachersRoutes(app: FastifyInstance) {
  void app;
}
