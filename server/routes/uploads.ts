import type { FastifyInstance } from 'fastify';

export default async function uploadsRoutes(app: FastifyInstance) {
  void app;
}
