import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { expect, it } from 'vitest';
import { type Db, migrationsFolder } from '../../server/db/client';
import { executePrepared } from '../../server/db/prepared';
import { rowsOf } from '../../server/db/rows';
import { listPlansAfterEightPages } from '../server/fixtures/list-plans';
import { freshDatabase, postgresCluster } from './support';

// On TEST_DATABASE_URL's server when given (CI), otherwise on a throwaway cluster started here: the
// embedded database's side is in tests/server/prepared.test.ts.
it('executePrepared on PostgreSQL runs a named statement, parsed once per connection, that answers as db.execute does', async () => {
  const cluster = process.env.TEST_DATABASE_URL ? null : postgresCluster();
  try {
    const database = await freshDatabase(process.env.TEST_DATABASE_URL || (await cluster!.init()));
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    try {
      const db = drizzle(pool) as unknown as Db;
      const names: string[] = [];
      const query = pool.query.bind(pool);
      pool.query = ((config: { name?: string }, values?: unknown) => {
        if (config?.name) names.push(config.name);
        return query(config as never, values as never);
      }) as typeof pool.query;
      const statement = (label: string, n: number) =>
        sql`SELECT '2026-01-02T03:04:05.678Z'::timestamptz AS at, '2026-01-02'::date AS day,
          ${label}::text AS label, ${n}::int AS n, '{"a":[1]}'::json AS j, '{1,2}'::int[] AS ids`;
      for (const [label, n] of [
        ["it's", 1],
        ['b', 2],
        ["x'; DROP TABLE t; --", 3],
      ] as const)
        expect(rowsOf(await executePrepared(db, statement(label, n)))).toEqual(
          rowsOf(await db.execute(statement(label, n))),
        );
      pool.query = query;
      expect(names).toHaveLength(3);
      expect(new Set(names).size).toBe(1);
    } finally {
      await pool.end();
      await database.drop();
    }
  } finally {
    cluster?.destroy();
  }
});

it('plans the admin list page once per connection: after five calls the generic plan, whatever the page', async () => {
  const cluster = process.env.TEST_DATABASE_URL ? null : postgresCluster();
  try {
    const database = await freshDatabase(process.env.TEST_DATABASE_URL || (await cluster!.init()));
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    try {
      const db = drizzle(pool) as unknown as Db;
      await migrate(db as never, { migrationsFolder });
      // Planned for the values the first five times (PostgreSQL's rule), then the kept plan only.
      expect(await listPlansAfterEightPages(db, (text) => pool.query(text))).toEqual([
        { generic: 3, custom: 5 },
      ]);
    } finally {
      await pool.end();
      await database.drop();
    }
  } finally {
    cluster?.destroy();
  }
});
