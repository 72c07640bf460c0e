import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { adminToken, requestAndConnect, studentWithRecord, teacherAccount } from './fixtures/students';
import { buildTestApp, call, signUpAndIn } from './helper';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** Every row of every table and every sequence's position: what a test app's database holds. */
async function contents(db: Db) {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
          WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
    ),
  ).map((t) => t.name);
  const rows: Record<string, unknown> = {};
  for (const name of tables) {
    const [{ data }] = rowsOf<{ data: string | null }>(
      // Migration bookkeeping records when each migration was applied: only which ones.
      await db.execute(
        name === 'drizzle.__drizzle_migrations'
          ? sql.raw(`SELECT json_agg(hash ORDER BY id)::text AS data FROM ${name}`)
          : sql.raw(`SELECT json_agg(t ORDER BY t::text)::text AS data FROM ${name} t`),
      ),
    );
    // Times (`created_at`…) say when a row was written, not what it holds.
    rows[name] = data === null ? null : JSON.parse(data, (key, value) => (/_at$/.test(key) ? 'time' : value));
  }
  const sequences = rowsOf(
    await db.execute(
      sql`SELECT schemaname, sequencename, last_value::text AS value FROM pg_sequences ORDER BY 1, 2`,
    ),
  );
  return { rows, sequences };
}

/**
 * Test apps on PGlite share this worker's databases: a file's app gives its database back when it
 * closes and the next app starts on it (tests/server/helper.ts). It must then hold exactly what a new
 * database holds, so no file ever sees another file's data.
 */
describe('test app databases', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.cleanup();
  });

  it('a database given back by a closed app starts the next app as a new database would', async () => {
    const first = await buildTestApp();
    const client = (first.db as unknown as { $client: unknown }).$client;
    // Rows in many tables (accounts, sessions, a teacher, a student, a request sent, notifications,
    // a new subject, the counts the triggers keep), sequences moved on.
    const teacher = await teacherAccount(first, { name: 'Anil Das', subjects: ['Physics'] });
    const student = await studentWithRecord(first);
    await requestAndConnect(first, student.token, [teacher.teacherId]);
    const subject = await call(first, {
      method: 'POST',
      url: '/api/v1/subjects',
      token: await adminToken(first),
      payload: { subject: { name: 'Astronomy' } },
    });
    expect(subject.statusCode).toBe(201);
    await first.cleanup();

    const next = await buildTestApp();
    apps.push(next);
    // On PGlite the next app took the same database (on PostgreSQL each app gets a new one).
    if (!process.env.TEST_DATABASE_URL)
      expect((next.db as unknown as { $client: unknown }).$client).toBe(client);
    // A new app beside it (the first is taken) starts on a database new from the template.
    const fresh = await buildTestApp();
    apps.push(fresh);
    expect((fresh.db as unknown as { $client: unknown }).$client).not.toBe(client);

    expect(await contents(next.db)).toEqual(await contents(fresh.db));
    // And ids start again from 1, as on a new database.
    expect((await signUpAndIn(next, 2)).userId).toBe(1);
  });
});
