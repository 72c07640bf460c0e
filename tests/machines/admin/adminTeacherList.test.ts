import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { pageWindow, type TeacherListQuery, totalPages } from '../../../contract/rules/admin';
import { adminTeacherListMachine, type TeacherListResult } from '../../../machines/admin/adminTeacherList';

// The paths through the real page are in tests/client/admin/adminTeacherList.model.test.tsx (the kit).

describe('adminTeacherList: the page window', () => {
  it('holds at most 5 numbers, sliding with the page, pinned at both ends', () => {
    expect(pageWindow(1, 16)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 16)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(8, 16)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(15, 16)).toEqual([12, 13, 14, 15, 16]);
    expect(pageWindow(16, 16)).toEqual([12, 13, 14, 15, 16]);
    expect(pageWindow(2, 2)).toEqual([1, 2]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });
});

describe('adminTeacherList: guards and transitions', () => {
  const fake = (count: number) =>
    adminTeacherListMachine.provide({
      actors: {
        fetchTeachers: fromPromise<TeacherListResult, TeacherListQuery>(async ({ input }) => ({
          status: 'success',
          data: input.page > totalPages(count, input.limit) ? [] : [{ id: input.page }],
          teacher_count: count,
        })),
      },
      delays: { searchPause: 10 },
    });

  it('ignores previous on page 1, next on the last page and a page size outside 3/5/10/20', async () => {
    const actor = createActor(fake(12), { input: {} }).start();
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
    actor.send({ type: 'page.previous' });
    expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true);
    actor.send({ type: 'page.next' });
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
    expect(actor.getSnapshot().context.page).toBe(2);
    actor.send({ type: 'page.next' });
    expect(actor.getSnapshot().context.page).toBe(2);
    actor.send({ type: 'pageSize.change', limit: 7 });
    expect(actor.getSnapshot().context.limit).toBe(10);
  });

  it('commits a search after the pause, not on every key', async () => {
    const queries: string[] = [];
    const actor = createActor(
      adminTeacherListMachine.provide({
        actors: {
          fetchTeachers: fromPromise<TeacherListResult, TeacherListQuery>(async ({ input }) => {
            queries.push(input.search);
            return { status: 'success', data: [], teacher_count: 0 };
          }),
        },
        delays: { searchPause: 20 },
      }),
      { input: {} },
    ).start();
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
    for (const value of ['p', 'ph', 'phy', 'physics']) actor.send({ type: 'search.change', value });
    await new Promise((r) => setTimeout(r, 60));
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
    expect(queries).toEqual(['', 'physics']);
  });

  it('moves back to the last page when the list shrank under the page shown', async () => {
    let count = 30;
    const actor = createActor(
      adminTeacherListMachine.provide({
        actors: {
          fetchTeachers: fromPromise<TeacherListResult, TeacherListQuery>(async ({ input }) => ({
            status: 'success',
            data: input.page > totalPages(count, input.limit) ? [] : [{ id: input.page }],
            teacher_count: count,
          })),
        },
      }),
      { input: {} },
    ).start();
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
    actor.send({ type: 'page.go', page: 2 });
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
    count = 15; // another administrator deactivated teachers meanwhile
    actor.send({ type: 'page.next' });
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
    expect(actor.getSnapshot().context).toMatchObject({ page: 2, count: 15, teachers: [{ id: 2 }] });
  });
});
