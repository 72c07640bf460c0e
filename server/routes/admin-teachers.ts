import type { FastifyInstance } from 'fastify';

export default async function adminTeachersRoutes(app: FastifyInstance) {
  void app;
}
