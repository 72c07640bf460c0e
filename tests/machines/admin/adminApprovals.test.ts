import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ADMIN_MESSAGES } from '../../../contract/rules/admin';
import type { MonthOverview } from '../../../contract/structs/admin';
import { adminApprovalsMachine } from '../../../machines/admin/adminApprovals';
import { adminDashboardMachine, type NotificationsPage } from '../../../machines/admin/adminDashboard';
import { adminSubjectsMachine } from '../../../machines/admin/adminSubjects';
import type { DecisionInput, ReviewQueueList, ReviewQueuePage } from '../../../machines/admin/reviewQueue';
import { failure, noResponse } from '../../../machines/samples';

describe('adminApprovals', () => {
  function run() {
    let pending = [
      { id: 1, name: 'Moumita Bose' },
      { id: 2, name: 'Sayan Kar' },
    ];
    const rejectTeacher = vi.fn(async ({ input }: { input: DecisionInput }) => {
      pending = pending.filter((t) => t.id !== input.id);
    });
    const actor = createActor(
      adminApprovalsMachine.provide({
        actors: {
          fetchApprovals: fromPromise<ReviewQueueList>(async () => ({
            items: pending,
            total: pending.length,
          })),
          approveTeacher: fromPromise<unknown, DecisionInput>(async ({ input }) => {
            pending = pending.filter((t) => t.id !== input.id);
          }),
          rejectTeacher: fromPromise<unknown, DecisionInput>(rejectTeacher),
        },
      }),
      { input: {} },
    ).start();
    return { actor, rejectTeacher };
  }

  it('approving reloads the list without that teacher and says so', async () => {
    const { actor } = run();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'item.approve', id: 1 });
    await waitFor(actor, (s) => s.matches('ready') && s.context.items.length === 1);
    expect(actor.getSnapshot().context.notice).toBe('Moumita Bose is now verified.');
  });

  it("runs the page's `decided` after each decision, and when another administrator decided first", async () => {
    let pending = [
      { id: 1, name: 'Moumita Bose' },
      { id: 2, name: 'Sayan Kar' },
      { id: 3, name: 'Riya Ghosh' },
    ];
    const decided = vi.fn();
    let answer: 'ok' | 'decided' | 'offline' = 'decided';
    const decide = async ({ input }: { input: DecisionInput }) => {
      if (answer === 'offline') throw noResponse;
      pending = pending.filter((t) => t.id !== input.id);
      if (answer === 'decided') throw failure(409, { message: ADMIN_MESSAGES.alreadyDecided });
    };
    const actor = createActor(
      adminApprovalsMachine.provide({
        actors: {
          fetchApprovals: fromPromise<ReviewQueueList>(async () => ({
            items: pending,
            total: pending.length,
          })),
          approveTeacher: fromPromise<unknown, DecisionInput>(decide),
          rejectTeacher: fromPromise<unknown, DecisionInput>(decide),
        },
        actions: { decided },
      }),
      { input: {} },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    // Decided elsewhere: said, the list reloaded without the teacher, the page told.
    actor.send({ type: 'item.approve', id: 1 });
    await waitFor(actor, (s) => s.matches('ready') && s.context.items.length === 2);
    expect(actor.getSnapshot().context).toMatchObject({ error: ADMIN_MESSAGES.alreadyDecided, notice: null });
    expect(decided).toHaveBeenCalledTimes(1);
    // No answer: not saved, the reason kept, the page not told.
    answer = 'offline';
    actor.send({ type: 'item.reject', id: 2 });
    actor.send({ type: 'decision.change', value: 'Aadhar unreadable' });
    actor.send({ type: 'decision.confirm' });
    await waitFor(actor, (s) => s.matches({ rejecting: 'editing' }) && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      error: ADMIN_MESSAGES.decisionFailed,
      value: 'Aadhar unreadable',
    });
    expect(decided).toHaveBeenCalledTimes(1);
    // Sent again and saved.
    answer = 'ok';
    actor.send({ type: 'decision.confirm' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.items.length === 1);
    expect(actor.getSnapshot().context).toMatchObject({
      error: null,
      notice: 'Sayan Kar was rejected and deactivated.',
    });
    expect(decided).toHaveBeenCalledTimes(2);
  });

  it('a teacher changed since the list showed them: said, and the list reloads with them as now stored', async () => {
    let version = 1;
    const sent: DecisionInput[] = [];
    const listed = () => [{ id: 5, name: 'Anita Sen', review_version: version }];
    const actor = createActor(
      adminApprovalsMachine.provide({
        actors: {
          fetchApprovals: fromPromise<ReviewQueueList>(async () => ({ items: listed(), total: 1 })),
          approveTeacher: fromPromise<unknown, DecisionInput>(async ({ input }) => {
            sent.push(input);
            throw failure(409, { message: ADMIN_MESSAGES.changedSinceShown, review_version: version });
          }),
          rejectTeacher: fromPromise<unknown, DecisionInput>(async () => {}),
        },
      }),
      { input: {} },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    // The teacher sends a new mark sheet while the list stays on screen.
    version = 2;
    actor.send({ type: 'item.approve', id: 5 });
    await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null);
    expect(sent.map((i) => i.item)).toEqual([{ id: 5, name: 'Anita Sen', review_version: 1 }]);
    expect(actor.getSnapshot().context).toMatchObject({
      error: ADMIN_MESSAGES.changedSinceShown,
      notice: null,
      itemId: null,
      items: [{ id: 5, name: 'Anita Sen', review_version: 2 }],
    });
  });

  it('rejecting needs a reason; cancel keeps the teacher', async () => {
    const { actor, rejectTeacher } = run();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'item.reject', id: 2 });
    actor.send({ type: 'decision.confirm' });
    expect(actor.getSnapshot().context.valueError).toBe('Please give a reason for rejecting this teacher');
    expect(rejectTeacher).not.toHaveBeenCalled();
    actor.send({ type: 'decision.cancel' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'item.reject', id: 2 });
    actor.send({ type: 'decision.change', value: '  Aadhar unreadable ' });
    actor.send({ type: 'decision.confirm' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.items.length === 1);
    // The call gets the teacher as the list showed them (their review version is sent back).
    expect(rejectTeacher.mock.calls[0][0].input).toEqual({
      id: 2,
      value: 'Aadhar unreadable',
      item: { id: 2, name: 'Sayan Kar' },
    });
    expect(actor.getSnapshot().context.notice).toBe('Sayan Kar was rejected and deactivated.');
  });

  it("shows the first three, loads the next page on 'Show more' and reloads as many after a decision", async () => {
    let pending = Array.from({ length: 15 }, (_, i) => ({ id: i + 1, name: `Teacher ${i + 1}` }));
    const pages: ReviewQueuePage[] = [];
    const actor = createActor(
      adminApprovalsMachine.provide({
        actors: {
          fetchApprovals: fromPromise<ReviewQueueList>(async ({ input }) => {
            const page = input as ReviewQueuePage;
            pages.push(page);
            return { items: pending.slice(page.offset, page.offset + page.limit), total: pending.length };
          }),
          approveTeacher: fromPromise<unknown, DecisionInput>(async ({ input }) => {
            pending = pending.filter((t) => t.id !== input.id);
          }),
        },
      }),
      { input: {} },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.items.map((t) => t.id)).toEqual([1, 2, 3]);
    expect(actor.getSnapshot().context.total).toBe(15);
    actor.send({ type: 'list.more' });
    expect(actor.getSnapshot().matches('loadingMore')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.items).toHaveLength(13);
    actor.send({ type: 'item.approve', id: 2 });
    await waitFor(actor, (s) => s.matches('ready') && s.context.total === 14);
    expect(actor.getSnapshot().context.items.map((t) => t.id)).toEqual([
      1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
    ]);
    actor.send({ type: 'list.more' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.items.length === 14);
    // Everything is shown: no further page.
    actor.send({ type: 'list.more' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(pages).toEqual([
      { offset: 0, limit: 3 },
      { offset: 3, limit: 10 },
      { offset: 0, limit: 13 },
      { offset: 13, limit: 10 },
    ]);
  });
});

describe('adminSubjects', () => {
  it('a merge asks for an approved subject, sends it and names both', async () => {
    let pending = [{ id: 31, name: 'Robotics', created_at: '2025-03-12T09:30:00.000Z', suggested_by: null }];
    const merged: DecisionInput[] = [];
    const actor = createActor(
      adminSubjectsMachine.provide({
        actors: {
          fetchNewSubjects: fromPromise<ReviewQueueList>(async () => ({
            items: pending,
            choices: [{ id: 1, name: 'Physics' }],
          })),
          mergeSubject: fromPromise<unknown, DecisionInput>(async ({ input }) => {
            merged.push(input);
            pending = [];
          }),
        },
      }),
      { input: {} },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'item.merge', id: 31 });
    actor.send({ type: 'decision.change', value: 7 });
    actor.send({ type: 'decision.confirm' });
    expect(actor.getSnapshot().context.valueError).toBe('Choose the subject to merge into');
    actor.send({ type: 'decision.change', value: 1 });
    actor.send({ type: 'decision.confirm' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.items.length === 0);
    expect(merged).toEqual([
      { id: 31, value: 1, item: expect.objectContaining({ id: 31, name: 'Robotics' }) },
    ]);
    expect(actor.getSnapshot().context.notice).toBe('"Robotics" was merged into "Physics".');
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
      { input: {} },
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
      { input: {} },
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
