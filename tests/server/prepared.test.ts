import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { executePrepared } from '../../server/db/prepared';
import { rowsOf } from '../../server/db/rows';
import { listPlansAfterEightPages } from './fixtures/list-plans';
import { newPglite } from './helper';

/**
 * Hot statements are prepared once on the embedded database and answer exactly as db.execute does
 * (PostgreSQL's named statements: tests/reliability/prepared-postgres.test.ts).
 */
describe('executePrepared', () => {
  // A database of its own (it counts the statements prepared on it), from the migrated template:
  // initialising an empty one costs several times more.
  let client: PGlite;
  let db: Db;
  beforeAll(async () => {
    client = await newPglite();
    db = drizzle(client) as unknown as Db;
  });
  afterAll(() => client?.close());

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

  it('plans the admin list page once: after five calls it runs the generic plan, whatever the page', async (ctx) => {
    // The PostgreSQL run has no migrated template: there tests/reliability/prepared-postgres.test.ts.
    if (!rowsOf<{ t: string | null }>(await client.query(`SELECT to_regclass('teachers')::text AS t`))[0]?.t)
      ctx.skip();
    // Planned for the values the first five times (PostgreSQL's rule), then the kept plan only.
    expect(await listPlansAfterEightPages(db, (text) => client.query(text))).toEqual([
      { generic: 3, custom: 5 },
    ]);
  });
});
