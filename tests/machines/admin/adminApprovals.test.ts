import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { MonthOverview } from '../../../contract/structs/admin';
import { adminApprovalsMachine } from '../../../machines/admin/adminApprovals';
import { adminDashboardMachine, type NotificationsPage } from '../../../machines/admin/adminDashboard';

describe('adminApprovals', () => {
  function run() {
    let pending = [
      { id: 1, name: 'Moumita Bose' },
      { id: 2, name: 'Sayan Kar' },
    ];
    const rejectTeacher = vi.fn(async ({ input }: { input: { teacherId: number; reason: string } }) => {
      pending = pending.filter((t) => t.id !== input.teacherId);
    });
    const actor = createActor(
      adminApprovalsMachine.provide({
        actors: {
          fetchApprovals: fromPromise(async () => ({ teachers: pending, total: pending.length })),
          approveTeacher: fromPromise<unknown, { teacherId: number }>(async ({ input }) => {
            pending = pending.filter((t) => t.id !== input.teacherId);
          }),
          rejectTeacher: fromPromise<unknown, { teacherId: number; reason: string }>(rejectTeacher),
        },
      }),
    ).start();
    return { actor, rejectTeacher };
  }

  it('approving reloads the list without that teacher and says so', async () => {
    const { actor } = run();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'approval.approve', teacherId: 1 });
    await waitFor(actor, (s) => s.matches('ready') && s.context.teachers.length === 1);
    expect(actor.getSnapshot().context.notice).toBe('Moumita Bose is now verified.');
  });

  it('rejecting needs a reason; cancel keeps the teacher', async () => {
    const { actor, rejectTeacher } = run();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'approval.reject', teacherId: 2 });
    actor.send({ type: 'rejection.submit' });
    expect(actor.getSnapshot().context.reasonError).toBe('Please give a reason for rejecting this teacher');
    expect(rejectTeacher).not.toHaveBeenCalled();
    actor.send({ type: 'rejection.cancel' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'approval.reject', teacherId: 2 });
    actor.send({ type: 'reason.change', value: '  Aadhar unreadable ' });
    actor.send({ type: 'rejection.submit' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.teachers.length === 1);
    expect(rejectTeacher.mock.calls[0][0].input).toEqual({ teacherId: 2, reason: 'Aadhar unreadable' });
    expect(actor.getSnapshot().context.notice).toBe('Sayan Kar was rejected and deactivated.');
  });
});

describe('adminDashboard', () => {
  it('loads the overview and notifications independently; a month change reloads only the overview', async () => {
    const months: Array<string | null> = [];
    let notificationLoads = 0;
    const actor = createActor(
      adminDashboardMachine.provide({
        actors: {
          fetchOverview: fromPromise<MonthOverview, { month: string | null }>(async ({ input }) => {
            months.push(input.month);
            return { month: input.month ?? '2025-03' } as never;
          }),
          fetchNotifications: fromPromise<NotificationsPage, { offset: number }>(async () => {
            notificationLoads++;
            throw new Error('offline');
          }),
          markNotificationsRead: fromPromise<unknown>(async () => null),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches({ overview: 'loaded', notifications: 'failure' }));
    actor.send({ type: 'month.select', month: '2025-03' });
    expect(actor.getSnapshot().matches({ overview: 'loaded' })).toBe(true);
    actor.send({ type: 'month.select', month: '2025-01' });
    await waitFor(actor, (s) => s.matches({ overview: 'loaded' }) && s.context.month === '2025-01');
    expect(months).toEqual([null, '2025-01']);
    expect(notificationLoads).toBe(1);
    expect(actor.getSnapshot().context.notificationsError).toMatch(/Failed to load notifications/);
  });
});

describe('adminDashboard notifications', () => {
  it("shows the first page, then appends the next on 'Show more' until there is no more", async () => {
    const note = (id: number) => ({
      id: `teacher-${id}`,
      kind: 'teacher_registered',
      message: `New teacher registered: T${id}`,
      created_at: '2025-03-12T09:30:00.000Z',
    });
    const offsets: number[] = [];
    const actor = createActor(
      adminDashboardMachine.provide({
        actors: {
          fetchOverview: fromPromise<MonthOverview, { month: string | null }>(async () => ({}) as never),
          fetchNotifications: fromPromise<NotificationsPage, { offset: number }>(async ({ input }) => {
            offsets.push(input.offset);
            const ids = Array.from({ length: 10 }, (_, i) => input.offset + i + 1).filter((i) => i <= 12);
            return { items: ids.map(note), hasMore: input.offset + 10 < 12 };
          }),
          markNotificationsRead: fromPromise<unknown>(async () => null),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches({ notifications: 'loaded' }));
    expect(actor.getSnapshot().context.notifications).toHaveLength(10);
    expect(actor.getSnapshot().context.notificationsHasMore).toBe(true);
    actor.send({ type: 'notifications.more' });
    await waitFor(actor, (s) => s.matches({ notifications: 'loaded' }) && !s.context.notificationsHasMore);
    expect(actor.getSnapshot().context.notifications.map((n) => n.id)).toEqual(
      Array.from({ length: 12 }, (_, i) => `teacher-${i + 1}`),
    );
    actor.send({ type: 'notifications.more' });
    expect(actor.getSnapshot().matches({ notifications: 'loaded' })).toBe(true);
    expect(offsets).toEqual([0, 10]);
  });
});
