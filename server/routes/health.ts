import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { referenceRoutes } from '../../contract/api';
import { HTTP_MESSAGES } from '../../contract/rules/http';
import { migrationsFolder } from '../db/client';
import { rowsOf } from '../db/rows';
import { serve } from '../lib/route';
import { DB_RETRY_AFTER_SECONDS, errorBody } from '../plugins/errors';

const expectedMigrations = (): number =>
  (
    JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

/**
 * For a load balancer: /healthz answers while the process runs; /readyz only while the database
 * answers and every migration is applied (otherwise 503 with Retry-After).
 */
export default async function healthRoutes(app: FastifyInstance) {
  const expected = expectedMigrations();
  serve(app, referenceRoutes.healthz, async () => ({ status: 'ok' }));
  serve(app, referenceRoutes.readyz, async (_, _request, reply) => {
    try {
      const result = await app.db.execute(
        sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
      );
      const rows = rowsOf<{ applied: number }>(result);
      const applied = Number(rows[0]?.applied ?? 0);
      if (applied < expected)
        return reply
          .code(503)
          .header('retry-after', String(DB_RETRY_AFTER_SECONDS))
          .send(errorBody('not_ready', HTTP_MESSAGES.migrationsPending(applied, expected)));
      return { status: 'ready', database: app.database.kind, migrations: applied };
    } catch (error) {
      app.log.warn({ err: error }, 'readiness check failed');
      return reply
        .code(503)
        .header('retry-after', String(DB_RETRY_AFTER_SECONDS))
        .send(errorBody('service_unavailable', HTTP_MESSAGES.databaseUnreachable));
    }
  });
}
