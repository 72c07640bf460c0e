import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { FairPool } from './fair-pool';
import { RemotePGlite } from './pglite-remote';
import * as schema from './schema';
import type { Admission } from './work-class';

export type Schema = typeof schema;
/** The database handle every route uses: the same Drizzle API over PGlite or node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Requests of one route let into their handler at once (the embedded database's thread only). */
  admission?: Admission;
}

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../migrations');

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  inMemory?: boolean;
  /** Start PGlite from this dump of a data directory (tests: one migrated copy, loaded per app). */
  template?: Blob;
  /** PGlite in a worker thread (server/db/pglite-remote.ts) instead of the calling thread. */
  worker?: boolean;
  /**
   * Time-outs, milliseconds. PostgreSQL: waiting for / opening a connection, and one statement.
   * PGlite in a worker: one statement (server/db/pglite-remote.ts), from when migrations are done.
   */
  timeouts?: { connect: number; statement: number };
}): Promise<Database> {
  const t = options.timeouts ?? { connect: 5000, statement: 15000 };
  if (options.databaseUrl) {
    // Connections are handed out in turns between routes (server/db/fair-pool.ts), as the embedded
    // database takes turns between them (server/db/pglite-remote.ts).
    const pool = new FairPool({
      connectionString: options.databaseUrl,
      max: 10,
      // A frozen or unreachable server fails fast (the API answers 503) instead of hanging.
      connectionTimeoutMillis: t.connect,
      statement_timeout: t.statement,
      query_timeout: t.statement + 1000,
      idle_in_transaction_session_timeout: t.statement * 2,
      keepAlive: true,
    });
    // An idle connection the server drops (restart, failover) must not crash the process: the pool
    // replaces it on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let dataPath: string | undefined;
  if (!options.inMemory) {
    dataPath = join(options.dataDir, 'pglite');
    mkdirSync(dataPath, { recursive: true });
  }
  // In a worker thread, PGlite answers through a stand-in with the interface drizzle's driver uses.
  const remote = options.worker ? await RemotePGlite.create(dataPath, options.template) : undefined;
  const client = remote
    ? (remote as unknown as PGlite)
    : await PGlite.create(dataPath, {
        extensions: { pg_trgm },
        ...(options.template ? { loadDataDir: options.template } : {}),
      });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  // Migrations may take long on a big database; from here on a statement has the time limit.
  // (PGlite in the request thread cannot be interrupted at all: the worker is the default.)
  remote?.setStatementTimeout(t.statement);
  return { db, kind: 'pglite', close: () => client.close(), admission: remote?.admission };
}
