import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/lib/admin-demo-data';
import { adminSession } from './fixtures/admin-teachers';
import { call, signUpAndIn, useTestApp } from './helper';

// `npm run seed:demo` is how people try the product: a job seeker signing in to the demo must find
// jobs to apply for, not a board of closed postings.
describe('demo data (npm run seed:demo)', () => {
  const app = useTestApp();

  it('leaves most job postings open to applications, and some closed', async () => {
    const seeded = await seedDemo(app().db, { teachers: 4, students: 20, months: 6 });
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
});
