import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchAdminNotifications, fetchNewSubjects, fetchTeacherApprovals } from '../../../src/api/admin';
import { server } from '../../msw/server';

/**
 * The admin dashboard's other first-screen calls, started by its HTML beside the month overview
 * (server/plugins/client.ts): each answer is used once, instead of asking again.
 */
describe('the admin dashboard’s calls started by the HTML', () => {
  afterEach(() => {
    window.__FIRST_SCREEN_ALSO__ = undefined;
  });

  const started = (url: string, body: unknown) => ({ url, body: Promise.resolve(body) });
  function countCalls() {
    const asked: string[] = [];
    server.use(
      http.get('*/api/v1/admin/notifications', ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json({ status: 'success', data: [], since: null });
      }),
      http.get('*/api/v1/admin/teacher_approvals', ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json({ status: 'success', data: [], total_count: 0 });
      }),
      http.get('*/api/v1/admin/subjects', ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json({ status: 'success', data: [] });
      }),
      http.get('*/api/v1/subjects', ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json({ status: 'success', data: [] });
      }),
    );
    return asked;
  }

  it('takes each early answer once, then asks the server as usual', async () => {
    const asked = countCalls();
    window.__FIRST_SCREEN_ALSO__ = [
      started('/api/v1/admin/teacher_approvals?offset=0&limit=3', {
        status: 'success',
        data: [],
        total_count: 7,
      }),
      started('/api/v1/admin/subjects?status=pending', {
        status: 'success',
        data: [
          {
            id: 9,
            name: 'Astronomy',
            status: 'pending',
            created_at: '2025-03-02T10:00:00.000Z',
            suggested_by: null,
          },
        ],
      }),
      started('/api/v1/subjects', { status: 'success', data: [{ id: 1, name: 'Physics' }] }),
      started('/api/v1/admin/notifications?offset=0&limit=10', {
        status: 'success',
        data: [],
        since: null,
        has_more: true,
      }),
    ];
    expect((await fetchTeacherApprovals({ offset: 0, limit: 3 })).total).toBe(7);
    expect((await fetchNewSubjects()).subjects.map((s) => s.name)).toEqual(['Astronomy']);
    expect((await fetchAdminNotifications(0)).hasMore).toBe(true);
    expect(asked).toEqual([]);
    expect(window.__FIRST_SCREEN_ALSO__).toEqual([]);

    // Taken: the next time (a reload after a decision, 'Show more') goes to the server.
    expect((await fetchTeacherApprovals({ offset: 0, limit: 3 })).total).toBe(0);
    expect((await fetchNewSubjects()).subjects).toEqual([]);
    expect((await fetchAdminNotifications(0)).hasMore).toBe(false);
    expect(asked).toHaveLength(4);
  });

  it('asks itself for another page, or when an early answer failed or has an unexpected shape', async () => {
    const asked = countCalls();
    window.__FIRST_SCREEN_ALSO__ = [
      started('/api/v1/admin/notifications?offset=0&limit=10', null),
      started('/api/v1/admin/teacher_approvals?offset=0&limit=3', { nope: 1 }),
    ];
    await fetchAdminNotifications(0);
    await fetchTeacherApprovals({ offset: 0, limit: 3 });
    await fetchTeacherApprovals({ offset: 3, limit: 10 });
    expect(asked).toEqual([
      '/api/v1/admin/notifications',
      '/api/v1/admin/teacher_approvals',
      '/api/v1/admin/teacher_approvals',
    ]);
  });
});
