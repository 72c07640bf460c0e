import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_DASHBOARD_CALL } from '../../../contract/api/first-screen';
import {
  adminDashboardBack,
  fetchAdminNotifications,
  fetchMonthOverview,
  fetchNewSubjects,
  fetchTeacherApprovals,
  newSubjectsBack,
  teacherApprovalsBack,
} from '../../../src/api/admin';
import { adminDashboardAnswer, adminTeacher, sampleOverview } from '../../msw/handlers/admin';
import { server } from '../../msw/server';

/**
 * The admin dashboard's first screen in one call, started by its HTML (server/plugins/client.ts):
 * each part of the page takes its own part of the answer once, instead of asking again.
 */
describe('the admin dashboard’s first-screen answer', () => {
  afterEach(() => {
    window.__FIRST_SCREEN__ = undefined;
    server.events.removeAllListeners('request:start');
  });

  const answer = adminDashboardAnswer({
    teacher_approvals: { status: 'success', data: [adminTeacher(4)], total_count: 7 },
    subject_suggestions: {
      status: 'success',
      data: [
        {
          id: 9,
          name: 'Astronomy',
          status: 'pending',
          is_active: true,
          created_at: '2025-03-02T10:00:00.000Z',
          suggested_by: null,
        },
      ],
    },
    subjects: { status: 'success', data: [{ id: 1, name: 'Physics', is_active: true }] },
    notifications: { status: 'success', data: [], since: null, has_more: true },
  });

  function countCalls() {
    const asked: string[] = [];
    const seen = ({ request }: { request: Request }) => {
      asked.push(new URL(request.url).pathname);
    };
    server.events.on('request:start', seen);
    return asked;
  }

  /** Every part of the page asks as its machine starts: all at once, as the page mounts. */
  const everyPart = () =>
    Promise.all([
      fetchMonthOverview(null),
      fetchTeacherApprovals({ offset: 0, limit: 3 }),
      fetchNewSubjects(),
      fetchAdminNotifications(0),
    ]);

  it('gives each part its own part of the answer on its way, once; then each asks the server', async () => {
    const asked = countCalls();
    window.__FIRST_SCREEN__ = { url: ADMIN_DASHBOARD_CALL, body: Promise.resolve(answer) };
    const [overview, approvals, subjects, notifications] = await everyPart();
    expect(overview).toEqual(sampleOverview);
    expect(approvals.total).toBe(7);
    expect(subjects.subjects.map((s) => s.name)).toEqual(['Astronomy']);
    expect(subjects.approved.map((s) => s.name)).toEqual(['Physics']);
    expect(notifications.hasMore).toBe(true);
    expect(asked).toEqual([]);

    // Taken: the next time (a reload after a decision, 'Show more') goes to the server.
    await everyPart();
    expect(asked.sort()).toEqual([
      '/api/v1/admin/notifications',
      '/api/v1/admin/overview',
      '/api/v1/admin/subjects',
      '/api/v1/admin/teacher_approvals',
      '/api/v1/subjects',
    ]);
  });

  it('asks the server for another page or month, and when the answer failed or has an unexpected shape', async () => {
    const asked = countCalls();
    window.__FIRST_SCREEN__ = { url: ADMIN_DASHBOARD_CALL, body: Promise.resolve(answer) };
    await fetchTeacherApprovals({ offset: 3, limit: 10 });
    await fetchMonthOverview('2025-01');
    expect(asked).toEqual(['/api/v1/admin/teacher_approvals', '/api/v1/admin/overview']);

    for (const body of [null, { ...answer, overview: { nope: 1 } }]) {
      asked.length = 0;
      window.__FIRST_SCREEN__ = { url: ADMIN_DASHBOARD_CALL, body: Promise.resolve(body) };
      await everyPart();
      expect(asked).toHaveLength(5);
    }
  });

  it('gives every part of the first render its part when the answer is back already, then drops it', async () => {
    window.__FIRST_SCREEN__ = {
      url: ADMIN_DASHBOARD_CALL,
      body: new Promise(() => {}),
      done: true,
      value: answer,
    };
    expect(adminDashboardBack()).toEqual({
      overview: sampleOverview,
      notifications: { items: [], hasMore: true },
    });
    // React may render the page twice before it commits: the same answer again.
    expect(adminDashboardBack()?.overview).toEqual(sampleOverview);
    expect(teacherApprovalsBack()?.total).toBe(7);
    expect(newSubjectsBack()?.subjects.map((s) => s.name)).toEqual(['Astronomy']);

    await Promise.resolve();
    expect(adminDashboardBack()).toBeNull();
    expect(teacherApprovalsBack()).toBeUndefined();
    expect(window.__FIRST_SCREEN__).toBeUndefined();
  });
});
