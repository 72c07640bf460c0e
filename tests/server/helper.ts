import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../../server/app';
import { type AppConfig, loadConfig } from '../../server/config';
import { type Database, type Db, openDatabase } from '../../server/db/client';
import * as schema from '../../server/db/schema';

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
 * In-memory PGlite databases of this worker that a finished test app gave back, already reset to the
 * migrated template's state. Starting a PGlite (WebAssembly, loading the template's 40 MB data
 * directory, booting PostgreSQL) cost more than a second of CPU per app and was most of the server
 * project's time; emptying the tables of a database a file is done with costs a few milliseconds.
 * Test files of a worker run one after another (the project shares the module graph), so a file
 * never sees another's data: an app takes an idle database or starts a new one from the template,
 * and gives it back reset when it is closed. Two apps alive at once get two databases.
 */
const idle: PGlite[] = [];
/** The SQL that puts a database back to the template's state (tables, rows and sequences). */
let resetScript: Promise<string> | undefined;

const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Reads, from a database just loaded from the template, what resetting one takes: every table the
 * migrations made (emptied, triggers off), the rows the template holds (written back) and every
 * sequence's position (set back). Migration bookkeeping (the `drizzle` schema) never changes.
 */
async function readResetScript(client: PGlite): Promise<string> {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
     WHERE schemaname NOT IN ('pg_catalog', 'information_schema', 'drizzle') ORDER BY 1`,
  );
  const statements = [
    'BEGIN',
    'SET LOCAL session_replication_role = replica',
    `TRUNCATE ${tables.map((t) => t.name).join(', ')} RESTART IDENTITY`,
  ];
  for (const { name } of tables) {
    const { rows } = await client.query<{ columns: string | null; data: string | null }>(
      `SELECT (SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) FROM pg_attribute
                WHERE attrelid = '${name}'::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '') AS columns,
              (SELECT json_agg(t)::text FROM ${name} t) AS data`,
    );
    const [{ columns, data }] = rows;
    if (data)
      statements.push(
        `INSERT INTO ${name} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM json_populate_recordset(NULL::${name}, ${quoteLiteral(data)})`,
      );
  }
  const { rows: sequences } = await client.query<{ name: string; value: string; called: boolean }>(
    `SELECT format('%I.%I', schemaname, sequencename) AS name, coalesce(last_value, start_value)::text AS value,
            last_value IS NOT NULL AS called
     FROM pg_sequences WHERE schemaname NOT IN ('drizzle') ORDER BY 1`,
  );
  for (const { name, value, called } of sequences)
    statements.push(`SELECT setval(${quoteLiteral(name)}, ${value}, ${called})`);
  statements.push('COMMIT');
  return statements.join(';\n');
}

/**
 * A new in-memory PGlite of the caller's own (never shared), started from the migrated template, or
 * initialised empty where there is none (the PostgreSQL run): for tests of the embedded database itself.
 */
export async function newPglite(): Promise<PGlite> {
  const fromTemplate = pgliteTemplate();
  const { PGlite } = await import('@electric-sql/pglite');
  if (!fromTemplate) return PGlite.create();
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return PGlite.create({ extensions: { pg_trgm }, loadDataDir: fromTemplate });
}

/** A PGlite database in the template's state: an idle one of this worker, or a new one. */
async function takeDatabase(fromTemplate: Blob, dataDir: string): Promise<Database> {
  let client = idle.pop();
  if (!client) {
    const opened = await openDatabase({ dataDir, inMemory: true, template: fromTemplate });
    client = (opened.db as unknown as { $client: PGlite }).$client;
    const fresh = client;
    resetScript ??= readResetScript(fresh);
    await resetScript;
  }
  const taken = client;
  let closed = false;
  return {
    db: drizzle(taken, { schema }) as unknown as Db,
    kind: 'pglite',
    close: async () => {
      if (closed) return;
      closed = true;
      await giveBack(taken);
    },
  };
}

/** Resets a database and keeps it for the next app; one that cannot be reset is closed instead. */
async function giveBack(client: PGlite) {
  try {
    await client.exec(await (resetScript as Promise<string>));
    idle.push(client);
  } catch {
    await client.exec('ROLLBACK').catch(() => {});
    await client.close();
  }
}

/**
 * One fresh app per test file: an in-memory PGlite in the migrated template's state by default (one of
 * this worker's databases, reset, or a new one: takeDatabase); with TEST_DATABASE_URL set (CI's second
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
  else if (fromTemplate) database = await takeDatabase(fromTemplate, dataDir);
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

/**
 * Counts the statements a database's client is sent from now on (`count()`), until `restore()`:
 * how many round trips a route costs.
 */
export function countStatements(db: Db): { count(): number; reset(): void; restore(): void } {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query;
  let statements = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    statements += 1;
    return original.apply(this, args);
  };
  return {
    count: () => statements,
    reset: () => {
      statements = 0;
    },
    restore: () => {
      client.query = original;
    },
  };
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
