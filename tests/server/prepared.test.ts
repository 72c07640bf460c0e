import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { executePrepared } from '../../server/db/prepared';
import { rowsOf } from '../../server/db/rows';
import { listTeachersPage } from '../../server/services/admin-teacher-list';
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

  it('plans the admin list page once: after five calls it runs the generic plan, whatever the page', async () => {
    const listPlans = async () =>
      rowsOf<{ generic: number; custom: number }>(
        await client.query(
          `SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements
            WHERE statement LIKE '%teacher_record_cache%' AND statement NOT LIKE '%search_text%'`,
        ),
      );
    // A few teachers, and the planner told their table holds 100,000 (as many per page as the pages
    // it has): an unknown LIMIT's estimate then costs more than planning the call did, as on a real list.
    await db.execute(sql`INSERT INTO users (email, password_hash, role_id)
      SELECT 'plan' || i || '@example.com', 'x', 1 FROM generate_series(1, 3) i`);
    await db.execute(sql`INSERT INTO teachers (user_id, name, email, mobile_number, gender, date_of_birth, address)
      SELECT id, 'Teacher', email, '9830000000', 'female', '1990-01-01', 'Kolkata' FROM users WHERE email LIKE 'plan%'`);
    await db.execute(sql`ANALYZE teachers`);
    await db.execute(
      sql`UPDATE pg_class SET reltuples = 100000 * relpages WHERE relname IN ('teachers', 'teachers_pkey')`,
    );
    for (let page = 1; page <= 8; page++) {
      const { texts, count } = await listTeachersPage(db, { page, limit: 20, status: 'all', search: '' });
      expect(texts).toHaveLength(page === 1 ? 3 : 0);
      expect(count).toBe(3);
    }
    // Planned for the values the first five times (PostgreSQL's rule), then the kept plan only.
    expect(await listPlans()).toEqual([{ generic: 3, custom: 5 }]);
  });
});
