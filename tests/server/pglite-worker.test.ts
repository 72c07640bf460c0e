import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { subjects, users } from '../../server/db/schema';
import { call, signUpAndIn, useTestApp } from './helper';

/**
 * The embedded database in a worker thread (what `npm start` runs): the same Drizzle API, migrations,
 * transactions and errors as PGlite in the request thread, and the event loop stays free while a
 * query runs.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('PGlite in a worker thread', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: '', inMemory: true, worker: true });
  });
  afterAll(() => database?.close());

  it('migrates, reads, writes, commits and rolls back transactions, and reports SQL errors', async () => {
    {
      const { db } = database;
      await db.insert(users).values({ email: 'worker@example.com', passwordHash: 'x', roleId: 1 });
      const [row] = await db.select().from(users);
      expect(row).toMatchObject({ email: 'worker@example.com', roleId: 1 });
      expect(row.createdAt).toBeInstanceOf(Date);

      await db.transaction(async (tx) => {
        await tx.insert(users).values({ email: 'kept@example.com', passwordHash: 'x', roleId: 2 });
      });
      await expect(
        db.transaction(async (tx) => {
          await tx.insert(users).values({ email: 'dropped@example.com', passwordHash: 'x', roleId: 2 });
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      await expect(
        db.transaction(async (tx) => {
          await tx.insert(users).values({ email: 'rolled@example.com', passwordHash: 'x', roleId: 2 });
          tx.rollback();
        }),
      ).rejects.toThrow();
      const emails = (await db.select({ email: users.email }).from(users)).map((u) => u.email).sort();
      expect(emails).toEqual(['kept@example.com', 'worker@example.com']);

      // A unique violation keeps its PostgreSQL code (routes turn it into 409s).
      const duplicate = await db
        .insert(users)
        .values({ email: 'kept@example.com', passwordHash: 'x', roleId: 2 })
        .catch((error: Error & { cause?: { code?: string } }) => error);
      expect((duplicate as Error & { cause?: { code?: string } }).cause?.code).toBe('23505');

      // While a slow query runs in the database thread, this thread keeps answering.
      let ticks = 0;
      const timer = setInterval(() => ticks++, 5);
      await db.execute(sql`SELECT pg_sleep(0.3)`);
      clearInterval(timer);
      expect(ticks).toBeGreaterThan(10);

      const result = (await db.execute(sql`SELECT count(*)::int AS n FROM ${subjects}`)) as unknown as {
        rows: Array<{ n: number }>;
      };
      expect(result.rows[0].n).toBe(0);
    }
  });

  describe('the whole app on it', () => {
    const app = useTestApp({ pgliteWorker: true });
    it('signs up, signs in and reads the account back', async () => {
      const u = await signUpAndIn(app(), 1);
      const me = await call(app(), { method: 'GET', url: `/api/v1/users/${u.userId}`, token: u.token });
      expect(me.statusCode).toBe(200);
      const subjectList = await call(app(), { method: 'GET', url: '/api/v1/subjects' });
      expect(subjectList.body_.data.length).toBeGreaterThan(0);
    });
  });
});
