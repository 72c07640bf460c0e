import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client';
import { RemotePGlite } from './pglite-remote';

/**
 * Hot statements the embedded database plans once instead of on every request.
 *
 * PGlite (PostgreSQL compiled to WebAssembly) plans every statement drizzle sends afresh: its driver
 * only uses the unnamed statement. For a statement with CTEs, a window and a handful of joins the
 * planning costs as much CPU as running it (matching: several milliseconds a request). Here the
 * statement is PREPAREd once per database under a name derived from its text, and each call is an
 * EXECUTE of that name; PostgreSQL's plan cache then reuses a generic plan once it is no worse than
 * planning for the values (its usual choice after five executions), or keeps planning per call.
 *
 * EXECUTE takes its arguments as SQL expressions, not bound parameters, so each value is written as
 * a quoted literal (`'…'` with quotes doubled; strings are standard-conforming) that PostgreSQL
 * converts to the parameter's type exactly as it converts a bound text parameter. Values other than
 * strings, numbers, booleans, dates and null go through `db.execute` as before. A database thread
 * that was replaced (server/db/pglite-remote.ts) has lost its prepared statements: the statement is
 * prepared again and run once more.
 *
 * On PostgreSQL the statement is a named one of the extended protocol (node-postgres parses it once
 * per pooled connection, then only binds and executes it), with bound parameters as drizzle sends
 * them and the same type parsers as drizzle's `execute`, so the rows are the same. Planning the admin
 * list's statement there costs about half a millisecond of the server's CPU on every call otherwise.
 * A transaction's handle has no pool of its own: it runs `db.execute` as before.
 */

const dialect = new PgDialect();

interface Prepared {
  /** Statement texts prepared on this client: name, or null when it cannot be prepared. */
  names: Map<string, Promise<string | null>>;
}
const clients = new WeakMap<object, Prepared>();

function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === 'number') return Number.isFinite(value) ? `'${value}'` : undefined;
  if (typeof value === 'bigint' || typeof value === 'boolean') return `'${value}'`;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : `'${value.toISOString()}'`;
  return undefined;
}

const codeOf = (error: unknown): unknown =>
  (error as { code?: unknown })?.code ?? (error as { cause?: { code?: unknown } })?.cause?.code;

/** The embedded database behind `db`, or null (PostgreSQL, or a transaction's handle). */
function embeddedClient(db: Db): { exec(sql: string): Promise<unknown> } | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite || client instanceof RemotePGlite ? client : null;
}

/** What drizzle's node-postgres `execute` parses (dates and times stay text; server/db/rows.ts). */
const RAW_TEXT_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const keepText = (value: string) => value;
const DRIZZLE_TYPES = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    RAW_TEXT_TYPES.has(oid) ? keepText : pg.types.getTypeParser(oid, format as 'text'),
};
const statementNames = new Map<string, string>();
const nameOf = (text: string) => {
  let name = statementNames.get(text);
  if (!name) {
    name = `hot_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
};

/** Prepares `text` on `client` once (concurrent callers share the one PREPARE). */
function prepare(client: { exec(sql: string): Promise<unknown> }, state: Prepared, text: string) {
  let name = state.names.get(text);
  if (!name) {
    const id = nameOf(text);
    name = client.exec(`PREPARE ${id} AS ${text}`).then(
      () => id,
      (error) => {
        // Already there (prepared by an earlier run of this thread): use it.
        if (codeOf(error) === '42P05') return id;
        // A statement PostgreSQL cannot prepare (a parameter of unknown type): run it as it is.
        state.names.delete(text);
        state.names.set(text, Promise.resolve(null));
        return null;
      },
    );
    state.names.set(text, name);
  }
  return name;
}

/** `db.execute(query)`, planned once per database on PGlite, once per connection on PostgreSQL. */
export async function executePrepared(db: Db, query: SQL): Promise<unknown> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return pool.query({ name: nameOf(text), text, values: params, types: DRIZZLE_TYPES } as never);
  }
  const client = embeddedClient(db);
  if (!client) return db.execute(query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const args: string[] = [];
  for (const value of params) {
    const written = literal(value);
    if (written === undefined) return db.execute(query);
    args.push(written);
  }
  let state = clients.get(client);
  if (!state) {
    state = { names: new Map() };
    clients.set(client, state);
  }
  const run = async () => {
    const name = await prepare(client, state, text);
    if (!name) return db.execute(query);
    return db.execute(sql.raw(args.length ? `EXECUTE ${name}(${args.join(', ')})` : `EXECUTE ${name}`));
  };
  try {
    return await run();
  } catch (error) {
    // 26000: no such prepared statement (the database thread was replaced since): prepare it again.
    if (codeOf(error) !== '26000') throw error;
    state.names.clear();
    return run();
  }
}
