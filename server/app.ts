import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { IMAGE_MAX_BYTES, RESUME_MAX_BYTES } from '../contract/constants';
import type { AppConfig } from './config';
import { type Database, type Db, openDatabase } from './db/client';
import { seedReferenceData } from './db/seed';
import { resolveTokenSecret } from './lib/secret';
import auth from './plugins/auth';
import client from './plugins/client';
import errors from './plugins/errors';
import { routes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: AppConfig;
    tokenSecret: string;
    /** Every route registered, as Fastify saw it (the contract test walks it). */
    routeTable: RouteOptions[];
  }
}

/**
 * Builds the whole server: plugins, then every route module of server/routes, then the client.
 * Tests call it with an in-memory database and use `app.inject()`.
 */
export async function buildApp(
  config: AppConfig,
  options: { database?: Database } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  });
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      inMemory: config.inMemoryDb,
    }));
  await seedReferenceData(database.db);

  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('tokenSecret', resolveTokenSecret(config.tokenSecret, config.dataDir, !config.inMemoryDb));
  // PGlite has no autovacuum, so the planner would never get table statistics (list pages would
  // scan whole tables): analyse at start-up and then every 10 minutes. A PostgreSQL server does
  // this itself.
  let analyse: NodeJS.Timeout | undefined;
  if (database.kind === 'pglite' && !config.inMemoryDb) {
    const run = () =>
      database.db.execute(sql`ANALYZE`).catch((error) => app.log.warn(error, 'ANALYZE failed'));
    await run();
    analyse = setInterval(run, 10 * 60 * 1000);
    analyse.unref();
  }
  app.addHook('onClose', async () => {
    clearInterval(analyse);
    if (!options.database) await database.close();
  });

  const routeTable: RouteOptions[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    routeTable.push(route);
  });

  await app.register(errors);
  await app.register(cors, {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    allowedHeaders: ['Authorization', 'Content-Type'],
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, {
    limits: { fileSize: Math.max(IMAGE_MAX_BYTES, RESUME_MAX_BYTES) + 1, files: 6, fields: 60 },
  });
  await app.register(auth);
  for (const route of routes) await app.register(route);
  await app.register(client);
  return app;
}
