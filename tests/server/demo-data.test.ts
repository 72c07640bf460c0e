import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { seedDemo } from '../../server/lib/admin-demo-data';
import { adminSession } from './fixtures/admin-teachers';
import { call, signUpAndIn, useTestApp } from './helper';

// `npm run seed:demo` is how people try the product: a job seeker signing in to the demo must find
// jobs to apply for, not a board of closed postings.
describe('demo data (npm run seed:demo)', () => {
  const app = useTestApp();
  let seeded: Awaited<ReturnType<typeof seedDemo>>;
  beforeAll(async () => {
    seeded = await seedDemo(app().db, { teachers: 4, students: 20, months: 6 });
  });

  it('leaves most job postings open to applications, and some closed', async () => {
    expect(seeded.postings).toBe(24);
    const seeker = await signUpAndIn(app(), 3);
    const open = await call(app(), {
      method: 'GET',
      url: '/api/v1/job_postings?limit=100',
      token: seeker.token,
    });
    expect(open.statusCode).toBe(200);
    const admin = await adminSession(app());
    const all = await call(app(), {
      method: 'GET',
      url: '/api/v1/job_postings?limit=100&status=all',
      token: admin.token,
    });
    expect(all.body_.total_count).toBe(24);
    const openCount = open.body_.total_count as number;
    expect(openCount).toBeGreaterThanOrEqual(24 * 0.6);
    expect(openCount).toBeLessThan(24);
    for (const posting of open.body_.data as Array<{ accepting_applications: boolean }>)
      expect(posting.accepting_applications).toBe(true);
  });

  it('hires only on postings that take no more applications (the hiring is over)', async () => {
    const admin = await adminSession(app());
    const all = await call(app(), {
      method: 'GET',
      url: '/api/v1/job_postings?limit=100&status=all',
      token: admin.token,
    });
    const accepting = new Map(
      (all.body_.data as Array<{ id: number; accepting_applications: boolean }>).map((p) => [
        p.id,
        p.accepting_applications,
      ]),
    );
    const hired = rowsOf<{ posting: number }>(
      await app().db.execute(
        sql`select job_posting_id as posting from job_applications where status = 'hired'`,
      ),
    );
    expect(hired.length).toBeGreaterThan(0);
    for (const { posting } of hired) expect(accepting.get(posting), `posting ${posting}`).toBe(false);
    // Open postings still have applicants waiting.
    const waiting = rowsOf<{ posting: number }>(
      await app().db.execute(
        sql`select job_posting_id as posting from job_applications where status in ('applied', 'shortlisted')`,
      ),
    );
    expect(waiting.some(({ posting }) => accepting.get(posting))).toBe(true);
  });

  it('has applications withdrawn by their job seekers, on open postings, shown on the board with their history', async () => {
    const withdrawn = rowsOf<{ id: number; posting: number }>(
      await app().db.execute(
        sql`select id, job_posting_id as posting from job_applications where status = 'withdrawn' order by id`,
      ),
    );
    expect(withdrawn).toHaveLength(2);
    expect(new Set(withdrawn.map((w) => w.posting)).size).toBe(2);
    const admin = await adminSession(app());
    for (const { id, posting } of withdrawn) {
      const board = await call(app(), {
        method: 'GET',
        url: `/api/v1/job_postings/${posting}/applications`,
        token: admin.token,
      });
      expect(board.statusCode).toBe(200);
      expect(board.body_.posting.accepting_applications).toBe(true);
      const shown = (board.body_.data as Array<{ id: number; status: string }>).find((a) => a.id === id);
      expect(shown?.status).toBe('withdrawn');
      const history = rowsOf<{ status: string }>(
        await app().db.execute(
          sql`select status from job_application_events where job_application_id = ${id} order by id`,
        ),
      );
      expect(history.map((h) => h.status)).toEqual(['applied', 'withdrawn']);
    }
  });
});
