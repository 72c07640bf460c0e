import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { executePrepared } from '../../server/db/prepared';
import { rowsOf } from '../../server/db/rows';
import { useTestApp } from './helper';

/** Hot statements are prepared once on the embedded database and answer exactly as db.execute does. */
describe('executePrepared', () => {
  const client = new PGlite();
  const db = drizzle(client) as unknown as Db;
  afterAll(() => client.close());

  const prepared = async () =>
    rowsOf<{ name: string }>(await client.query('SELECT name FROM pg_prepared_statements ORDER BY name'));

  it('answers as db.execute does, preparing each statement text once', async () => {
    await db.execute(sql`CREATE TABLE t (id int PRIMARY KEY, label text, at timestamptz, ok boolean)`);
    await db.execute(
      sql`INSERT INTO t VALUES (1, 'it''s', '2026-01-02T03:04:05Z', true), (2, 'b', NULL, false)`,
    );
    const query = (label: string, ok: boolean | null) =>
      sql`SELECT id, label, at, ok FROM t WHERE (label = ${label} OR ${ok}::boolean IS NULL OR ok = ${ok}) ORDER BY id`;
    for (const [label, ok] of [
      ["it's", false],
      ['b', null],
      ["x'; DROP TABLE t; --", true],
      ['b', false],
    ] as const) {
      expect(rowsOf(await executePrepared(db, query(label, ok)))).toEqual(
        rowsOf(await db.execute(query(label, ok))),
      );
    }
    expect(await prepared()).toHaveLength(1);
    expect(rowsOf(await executePrepared(db, sql`SELECT count(*)::int AS n FROM t`))).toEqual([{ n: 2 }]);
    expect(await prepared()).toHaveLength(2);
  });

  it('prepares again when the database has lost its prepared statements (a replaced database thread)', async () => {
    await client.exec('DEALLOCATE ALL');
    expect(rowsOf(await executePrepared(db, sql`SELECT label FROM t WHERE id = ${2}`))).toEqual([
      { label: 'b' },
    ]);
    expect(rowsOf(await executePrepared(db, sql`SELECT count(*)::int AS n FROM t`))).toEqual([{ n: 2 }]);
  });

  it('runs a statement whose values it cannot write as literals as db.execute does', async () => {
    const before = (await prepared()).length;
    expect(
      rowsOf(await executePrepared(db, sql`SELECT (${sql.param({ a: 1 })}::jsonb ->> 'a')::int AS a`)),
    ).toEqual([{ a: 1 }]);
    expect(await prepared()).toHaveLength(before);
  });
});

/** On PostgreSQL (CI's second run): a named statement, parsed once per pooled connection. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('executePrepared on PostgreSQL', () => {
  const app = useTestApp();

  it('runs a named statement that answers as db.execute does', async () => {
    const db = app().db;
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    const names: string[] = [];
    const query = pool.query.bind(pool);
    pool.query = ((config: { name?: string }, values?: unknown) => {
      if (config?.name) names.push(config.name);
      return query(config as never, values as never);
    }) as typeof pool.query;
    try {
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
    } finally {
      pool.query = query;
    }
    expect(names).toHaveLength(3);
    expect(new Set(names).size).toBe(1);
  });
});
