import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { RESUME_MAX_BYTES } from '../contract/constants';
import { HTTP_MESSAGES } from '../contract/rules/http';
import type { AppConfig } from './config';
import { type Database, type Db, openDatabase } from './db/client';
import { seedReferenceData } from './db/seed';
import { logSerializers, REDACTED_PATHS } from './lib/log';
import { createMailer, type Mailer } from './lib/mailer';
import { pruneLimits } from './lib/rate-limit';
import { resolveTokenSecret } from './lib/secret';
import { removeTempFiles, sweepUploads } from './lib/uploads';
import auth from './plugins/auth';
import client from './plugins/client';
import errors, {
  clientErrorResponse,
  errorBody,
  JSON_BODY_MAX_BYTES,
  MAX_URL_LENGTH,
  MULTIPART_LIMITS,
  withMessageKeys,
} from './plugins/errors';
import security from './plugins/security';
import { routes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: AppConfig;
    tokenSecret: string;
    /** Every route registered, as Fastify saw it (the contract test walks it). */
    routeTable: RouteOptions[];
    /** Notification e-mail (disabled without SMTP_URL). */
    mailer: Mailer;
  }
}

/**
 * Builds the whole server: plugins, then every route module of server/routes, then the client.
 * Tests call it with an in-memory database and use `app.inject()`.
 */
export async function buildApp(
  config: AppConfig,
  options: {
    database?: Database /** Tests read the log lines from here. */;
    logStream?: NodeJS.WritableStream;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent' && !options.logStream
        ? false
        : {
            level: options.logStream ? 'info' : config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
            serializers: logSerializers as never,
          },
    // A fresh id per request (an incoming header is not trusted); every request log line carries
    // it as reqId and the response returns it as X-Request-Id.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: JSON_BODY_MAX_BYTES,
    // A hop count works at run time though Fastify's types omit it.
    trustProxy: config.trustProxy as boolean | string[],
    requestTimeout: config.timeouts.request,
    keepAliveTimeout: config.timeouts.keepAlive,
    connectionTimeout: config.timeouts.request * 2,
    // Errors Node's parser raises before a request exists (headers too large, a request that
    // never finishes arriving) answer in the same JSON shape as every other error.
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return socket.destroy(error);
      const { status, error: code, message } = clientErrorResponse((error as { code?: string }).code);
      const body = JSON.stringify(withMessageKeys(errorBody(code, message)));
      socket.end(
        `HTTP/1.1 ${status} ${code.replace(/_/g, ' ')}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    },
  });
  // Slow senders (one header byte every few seconds) are cut off once the headers time-out passes.
  app.server.headersTimeout = Math.min(config.timeouts.headers, config.timeouts.request);
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      inMemory: config.inMemoryDb,
      worker: config.pgliteWorker ?? !config.inMemoryDb,
      timeouts: { connect: config.timeouts.dbConnect, statement: config.timeouts.dbStatement },
    }));
  await seedReferenceData(database.db);

  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('config', config);
  const mailer = createMailer(config.smtpUrl, config.mailFrom);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
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
  // Uploads nothing references any more, files no row names, and stale limit counters are removed
  // at start-up and daily.
  const sweep = () =>
    Promise.all([
      sweepUploads(app).catch((error) => app.log.warn({ err: error }, 'upload clean-up failed')),
      pruneLimits(database.db, config.refreshTokenTtlSeconds).catch((error) =>
        app.log.warn({ err: error }, 'rate limit clean-up failed'),
      ),
    ]);
  await sweep();
  const daily = setInterval(sweep, 24 * 3600 * 1000);
  daily.unref();
  app.addHook('onClose', async () => {
    clearInterval(daily);
    clearInterval(analyse);
    if (!options.database) await database.close();
  });

  const routeTable: RouteOptions[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    routeTable.push(route);
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.url.length > MAX_URL_LENGTH)
      return reply.code(414).send(errorBody('uri_too_long', HTTP_MESSAGES.addressTooLong(MAX_URL_LENGTH)));
  });
  app.addHook('onResponse', removeTempFiles);
  await app.register(errors);
  await app.register(security);
  await app.register(cors, {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    allowedHeaders: ['Authorization', 'Content-Type'],
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  });
  // Each route states which files it takes and their sizes (readWrappedBody); these bound the rest.
  await app.register(multipart, {
    limits: { fileSize: RESUME_MAX_BYTES + 1, ...MULTIPART_LIMITS },
  });
  await app.register(auth);
  for (const route of routes) await app.register(route);
  await app.register(client);
  return app;
}
