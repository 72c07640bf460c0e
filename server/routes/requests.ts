import type { FastifyInstance } from 'fastify';

export default async function requestsRoutes(app: FastifyInstance) {
  void app;
}
