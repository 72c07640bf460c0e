import type { FastifyInstance } from 'fastify';

export default async function adminUsersRoutes(app: FastifyInstance) {
  void app;
}
