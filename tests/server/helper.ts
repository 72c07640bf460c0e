import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../../server/app';
import { type AppConfig, loadConfig } from '../../server/config';
import { type Database, openDatabase } from '../../server/db/client';

/**
 * scrypt's cost in test apps: the lowest the hash format allows. Hashing at the production cost
 * (PASSWORD_COST) took a large part of the server tests' CPU time, once per sign-up and sign-in;
 * what the cost changes (each hash stores it, a sign-in rehashes one of another cost, the default is
 * the production cost) is tested in tests/server/password.test.ts, on an app with the default.
 */
export const TEST_PASSWORD_COST = { N: 2, r: 1, p: 1 };

/** The migrated database every PGlite test app starts from (tests/setup/server-global.ts), read once. */
let template: Blob | undefined;
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  template ??= new Blob([readFileSync(file)]);
  return template;
}

/**
 * One fresh app per test file: an in-memory PGlite by default; with TEST_DATABASE_URL set (CI's second
 * run), a new database created on that PostgreSQL server for this file and dropped afterwards.
 */
export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  appOptions: Parameters<typeof buildApp>[1] = {},
): Promise<FastifyInstance & { cleanup(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tutors-test-'));
  // A test of the embedded database's worker thread runs on PGlite whatever the run's database.
  const base = overrides.pgliteWorker ? undefined : process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  if (base) {
    const name = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config = loadConfig(
    {},
    {
      dataDir,
      uploadsDir: join(dataDir, 'uploads'),
      inMemoryDb: !databaseUrl,
      databaseUrl,
      logLevel: 'silent',
      tokenSecret: 'test-secret',
      passwordCost: TEST_PASSWORD_COST,
      clientDir: join(dataDir, 'no-client'),
      signInRateLimit: { perClientPerMinute: 1000, perAccountPer15Minutes: 1000 },
      rateLimits: {
        signUpPerAddressPerHour: 100_000,
        refreshPerAddressPerMinute: 100_000,
        uploadsPerAccountPerHour: 100_000,
        uploadsPerAddressPerHour: 100_000,
      },
      ...overrides,
    },
  );
  // PGlite: start from the migrated template instead of creating and migrating a new database (in
  // memory, or on disk in the worker thread: initialising and migrating a database there took over a
  // minute of a loaded machine's time).
  const onPglite = !databaseUrl && !appOptions.database;
  const fromTemplate = onPglite && (config.inMemoryDb || config.pgliteWorker) ? pgliteTemplate() : undefined;
  let database: Database | undefined;
  if (fromTemplate && config.pgliteWorker)
    database = await openDatabase({
      dataDir,
      inMemory: config.inMemoryDb,
      worker: true,
      template: fromTemplate,
      timeouts: { connect: config.timeouts.dbConnect, statement: config.timeouts.dbStatement },
    });
  else if (fromTemplate) database = await openDatabase({ dataDir, inMemory: true, template: fromTemplate });
  const app = (await buildApp(config, {
    ...appOptions,
    ...(database ? { database } : {}),
  })) as FastifyInstance & {
    cleanup(): Promise<void>;
  };
  app.cleanup = async () => {
    await app.close();
    await database?.close();
    await dropDb?.();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return app;
}

/** Registers beforeAll/afterAll for a file and returns a getter for the app. */
export function useTestApp(overrides: Partial<AppConfig> = {}) {
  let app: FastifyInstance & { cleanup(): Promise<void> };
  beforeAll(async () => {
    app = await buildTestApp(overrides);
  });
  afterAll(async () => {
    await app?.cleanup();
  });
  return () => app;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function call(
  app: FastifyInstance,
  options: InjectOptions & { token?: string },
): Promise<LightMyRequestResponse & { body_: any }> {
  const { token, headers, ...rest } = options;
  const res = await app.inject({ ...rest, headers: { ...(headers ?? {}), ...(token ? bearer(token) : {}) } });
  let parsed: unknown = null;
  try {
    parsed = res.json();
  } catch {
    parsed = res.body;
  }
  return Object.assign(res, { body_: parsed as any });
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now()}.${++counter}@example.com`;

/** Signs up a teacher (1) or student (2) and signs in; returns the ids and tokens. */
export async function signUpAndIn(app: FastifyInstance, roleId: 1 | 2 | 3 = 1, email = uniqueEmail()) {
  const password = 'password123';
  const created = await call(app, {
    method: 'POST',
    url: '/api/v1/users',
    payload: { email, password, user_role_id: roleId },
  });
  if (created.statusCode !== 201) throw new Error(`sign-up failed: ${created.body}`);
  const signIn = await call(app, {
    method: 'POST',
    url: '/users/tokens/sign_in',
    payload: { email, password },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
  return {
    email,
    password,
    userId: signIn.body_.user_id as number,
    token: signIn.body_.token as string,
    refreshToken: signIn.body_.refresh_token as string,
  };
}
