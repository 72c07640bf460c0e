import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RemotePGlite } from '../../server/db/pglite-remote';
import { subjects, users } from '../../server/db/schema';
import { Admission, runInWorkClass } from '../../server/db/work-class';
import { call, signUpAndIn, useTestApp } from './helper';

/**
 * The embedded database in a worker thread, its data on disk (what `npm start` runs): the same
 * Drizzle API, migrations, transactions and errors as PGlite in the request thread, the event loop
 * free while a query runs, routes taking turns at the database, and a statement time-out PGlite
 * itself lacks. One app for the file (each
 * new database migrates from scratch); it runs on PGlite in the PostgreSQL run of the server tests
 * too.
 */
describe('PGlite in a worker thread', () => {
  const app = useTestApp({
    pgliteWorker: true,
    inMemoryDb: false,
    timeouts: { request: 120_000, headers: 10_000, keepAlive: 5_000, dbConnect: 5_000, dbStatement: 2_000 },
  });

  it('migrates, reads, writes, commits and rolls back transactions, and reports SQL errors', async () => {
    const { db } = app();
    await db.insert(users).values({ email: 'worker@example.com', passwordHash: 'x', roleId: 1 });
    const [row] = await db
      .select()
      .from(users)
      .where(inArray(users.email, ['worker@example.com']));
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
    const mine = ['worker@example.com', 'kept@example.com', 'dropped@example.com', 'rolled@example.com'];
    const emails = (await db.select({ email: users.email }).from(users).where(inArray(users.email, mine)))
      .map((u) => u.email)
      .sort();
    expect(emails).toEqual(['kept@example.com', 'worker@example.com']);

    // A unique violation keeps its PostgreSQL code (routes turn it into 409s).
    const duplicate = await db
      .insert(users)
      .values({ email: 'kept@example.com', passwordHash: 'x', roleId: 2 })
      .catch((error: Error & { cause?: { code?: string } }) => error);
    expect((duplicate as Error & { cause?: { code?: string } }).cause?.code).toBe('23505');

    // While a slow query runs in the database thread, this thread keeps answering: the next turn of
    // its event loop comes while the query is still running. (Were the database in this thread, the
    // query would hold the thread for its whole second and be settled by then.) No clock is read.
    let settled = false;
    const slow = db.execute(sql`SELECT pg_sleep(1)`).then(() => {
      settled = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    await slow;

    const result = (await db.execute(sql`SELECT count(*)::int AS n FROM ${subjects}`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(result.rows[0].n).toBeGreaterThan(0);
  });

  it('takes turns between routes: a flood of one route does not queue another behind it', async () => {
    const { db } = app();
    const finished: string[] = [];
    const flood = Array.from({ length: 12 }, (_, i) =>
      runInWorkClass('flooded.route', () => db.execute(sql`SELECT pg_sleep(0.02)`)).then(() =>
        finished.push(`flood ${i}`),
      ),
    );
    // Sent after the whole flood, in a class of its own (and inside a transaction, one unit).
    const quick = runInWorkClass('quick.route', () =>
      db.transaction(async (tx) => tx.execute(sql`SELECT 1`)),
    ).then(() => finished.push('quick'));
    await Promise.all([...flood, quick]);
    // At most the statements already handed to the thread (two) run before it, not twelve.
    expect(finished.indexOf('quick')).toBeLessThanOrEqual(2);
    // Within one class, first come first served.
    expect(finished.filter((f) => f !== 'quick')).toEqual(flood.map((_, i) => `flood ${i}`));
  });

  it("lets a route's requests into their handlers a few at a time, in order, each route on its own", async () => {
    const admission = new Admission(2);
    const entered: string[] = [];
    const enter = (cls: string, name: string) =>
      Promise.resolve(admission.enter(cls)).then(() => entered.push(name));
    const all = [enter('a', 'a1'), enter('a', 'a2'), enter('a', 'a3'), enter('a', 'a4'), enter('b', 'b1')];
    await new Promise((resolve) => setImmediate(resolve));
    expect(entered).toEqual(['a1', 'a2', 'b1']);
    admission.leave('a');
    await new Promise((resolve) => setImmediate(resolve));
    expect(entered).toEqual(['a1', 'a2', 'b1', 'a3']);
    admission.leave('a');
    await Promise.all(all);
    expect(entered).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
    // The places taken are given back: two enter at once again.
    for (const cls of ['a', 'a', 'a', 'b']) admission.leave(cls);
    expect(admission.enter('a')).toBeUndefined();
    expect(admission.enter('a')).toBeUndefined();
    expect(admission.enter('a')).toBeInstanceOf(Promise);
  });

  it('answers a flood of one route as it answers a single request, other routes beside it', async () => {
    expect(app().database.admission).toBeInstanceOf(Admission);
    const one = await call(app(), { method: 'GET', url: '/api/v1/subjects/1' });
    expect(one.statusCode).toBe(200);
    const [flood, list] = await Promise.all([
      Promise.all(
        Array.from({ length: 20 }, () => call(app(), { method: 'GET', url: '/api/v1/subjects/1' })),
      ),
      call(app(), { method: 'GET', url: '/api/v1/subjects' }),
    ]);
    for (const res of flood) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(one.body);
    }
    expect(list.statusCode).toBe(200);
    expect(list.body_.data.length).toBeGreaterThan(0);
  });

  it('keeps every transaction whole and in order while routes take turns', async () => {
    const { db } = app();
    const emails = (cls: string, i: number) => [`${cls}.${i}.a@example.com`, `${cls}.${i}.b@example.com`];
    // Three routes at once: transactions that write two rows and read them back inside, transactions
    // that roll back, and plain statements, interleaved by the database thread's turns.
    const seen: Array<{ cls: string; inside: number }> = [];
    const work = ['route.a', 'route.b'].flatMap((cls) =>
      Array.from({ length: 4 }, (_, i) =>
        runInWorkClass(cls, () =>
          db.transaction(async (tx) => {
            await tx.insert(users).values({ email: emails(cls, i)[0], passwordHash: 'x', roleId: 2 });
            await tx.insert(users).values({ email: emails(cls, i)[1], passwordHash: 'x', roleId: 2 });
            const rows = await tx
              .select({ id: users.id })
              .from(users)
              .where(inArray(users.email, emails(cls, i)));
            seen.push({ cls, inside: rows.length });
          }),
        ),
      ),
    );
    const undone = Array.from({ length: 3 }, (_, i) =>
      runInWorkClass('route.c', () =>
        db.transaction(async (tx) => {
          await tx.insert(users).values({ email: `route.c.${i}@example.com`, passwordHash: 'x', roleId: 2 });
          throw new Error('undo');
        }),
      ).catch(() => 'undone'),
    );
    const plain = Array.from({ length: 6 }, () =>
      runInWorkClass('route.d', () => db.execute(sql`SELECT count(*)::int AS n FROM ${users}`)),
    );
    await Promise.all([...work, ...plain]);
    expect(await Promise.all(undone)).toEqual(['undone', 'undone', 'undone']);
    expect(seen).toHaveLength(8);
    expect(seen.every((s) => s.inside === 2)).toBe(true);
    const written = await db
      .select({ email: users.email })
      .from(users)
      .where(
        inArray(users.email, [
          ...['route.a', 'route.b'].flatMap((c) => [0, 1, 2, 3].flatMap((i) => emails(c, i))),
          'route.c.0@example.com',
          'route.c.1@example.com',
          'route.c.2@example.com',
        ]),
      );
    expect(written).toHaveLength(16);
  });

  it('serves the whole app: signs up, signs in and reads the account back', async () => {
    const u = await signUpAndIn(app(), 1);
    const me = await call(app(), { method: 'GET', url: `/api/v1/users/${u.userId}`, token: u.token });
    expect(me.statusCode).toBe(200);
    const subjectList = await call(app(), { method: 'GET', url: '/api/v1/subjects' });
    expect(subjectList.body_.data.length).toBeGreaterThan(0);
  });

  /**
   * A statement that runs past DB_STATEMENT_TIMEOUT_MS (here 2 s) makes every request waiting on the
   * database answer 503 with Retry-After; the database thread is replaced and the server serves
   * again on the same data without a restart.
   */
  it('answers 503 while a statement runs too long, keeps committed data and serves again', async () => {
    const u = await signUpAndIn(app(), 2);
    // A statement far longer than the limit (no route runs it; it stands for a runaway query).
    const runaway = app()
      .db.execute(sql`SELECT pg_sleep(600)`)
      .then(
        () => 'finished',
        (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? 'failed',
      );
    const waiting = await call(app(), { method: 'GET', url: '/api/v1/subjects' });
    expect(waiting.statusCode).toBe(503);
    expect(waiting.headers['retry-after']).toBe('5');
    expect(waiting.body_).toEqual({
      error: 'service_unavailable',
      message: 'The service is briefly unavailable. Please try again in a moment.',
      message_key: 'http.serviceUnavailable',
    });
    expect(await runaway).toBe('57014');

    // The limit has cut the runaway. What follows checks that the server is not wedged, not how fast
    // the new thread answers: with a build and other tests beside it, its first statements (caches
    // cold, the WebAssembly compiled again) took longer than the 2 s limit and answered 503. A wedged
    // server still fails: the requests below never answer within the test's time.
    (app().db as unknown as { $client: RemotePGlite }).$client.setStatementTimeout(120_000);

    // Not wedged: the next requests are answered, and the account written before is still there.
    expect((await call(app(), { method: 'GET', url: '/api/v1/subjects' })).statusCode).toBe(200);
    const me = await call(app(), { method: 'GET', url: `/api/v1/users/${u.userId}`, token: u.token });
    expect(me.statusCode).toBe(200);
    expect((await call(app(), { method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
