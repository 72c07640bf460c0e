import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { ADMIN_PAGE_SIZES } from '../../../contract/constants';
import { ADMIN_MESSAGES, pageWindow, type TeacherListQuery, totalPages } from '../../../contract/rules/admin';
import {
  type AdminTeacherListContext,
  adminTeacherListMachine,
  type TeacherListResult,
} from '../../../machines/admin/adminTeacherList';

/** The model's server: 47 teachers, whatever the query (the graph cannot run a real fetch). */
const COUNT = 47;
const done = (count = COUNT, status = 'success'): { type: string; output: TeacherListResult } => ({
  type: 'xstate.done.actor.fetchTeachers',
  output: { status, data: [{}], teacher_count: count },
});
const EVENTS = [
  done(),
  done(COUNT, 'error'),
  { type: 'xstate.error.actor.fetchTeachers', error: new Error('offline') },
  { type: 'page.next' },
  { type: 'page.previous' },
  ...[1, 2, 3, 4, 5, 6, 8, 10, 16].map((page) => ({ type: 'page.go', page })),
  ...ADMIN_PAGE_SIZES.map((limit) => ({ type: 'pageSize.change', limit })),
  { type: 'status.cycle' },
  { type: 'list.retry' },
];
/** Search is walked in its own, smaller model (with page, filter and size it would explode). */
const SEARCH_EVENTS = [
  done(),
  { type: 'page.next' },
  { type: 'status.cycle' },
  { type: 'search.change', value: 'physics' },
  { type: 'search.change', value: '' },
  { type: 'search.submit' },
];
const key = (c: AdminTeacherListContext) =>
  `${c.page}/${c.limit}/${c.status}/${c.search}/${c.searchInput}/${c.count}/${c.error}`;

describe('adminTeacherList: model-based paths', () => {
  const paths = getShortestPaths(adminTeacherListMachine, {
    events: EVENTS as never,
    serializeState: (s: { value: unknown; context: unknown }) =>
      `${JSON.stringify(s.value)} ${key(s.context as AdminTeacherListContext)}`,
    limit: 100000,
  } as never);
  const states = paths.map(
    (p) =>
      p.state as unknown as {
        value: unknown;
        context: AdminTeacherListContext;
        matches(v: unknown): boolean;
      },
  );
  const loaded = states.filter((s) => s.matches({ list: 'loaded' }));

  it('reaches every page of every page size: first, middle and last', () => {
    for (const limit of ADMIN_PAGE_SIZES) {
      const pages = new Set(loaded.filter((s) => s.context.limit === limit).map((s) => s.context.page));
      const last = totalPages(COUNT, limit);
      expect(pages.has(1), `limit ${limit} first`).toBe(true);
      expect(pages.has(last), `limit ${limit} last`).toBe(true);
      if (last > 2)
        expect(
          [...pages].some((p) => p > 1 && p < last),
          `limit ${limit} middle`,
        ).toBe(true);
    }
  });

  it('never shows a page outside 1..last, and the window always holds the page (at most 5 numbers)', () => {
    for (const s of loaded) {
      const last = totalPages(s.context.count, s.context.limit);
      expect(s.context.page).toBeGreaterThanOrEqual(1);
      expect(s.context.page).toBeLessThanOrEqual(last);
      const window = pageWindow(s.context.page, last);
      expect(window.length).toBeLessThanOrEqual(5);
      expect(window).toContain(s.context.page);
    }
    // Window edges for 10 per page (5 pages) and 3 per page (16 pages).
    expect(pageWindow(1, 16)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(8, 16)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(16, 16)).toEqual([12, 13, 14, 15, 16]);
    expect(pageWindow(2, 2)).toEqual([1, 2]);
  });

  it('starts again at page 1 after a page size, filter or search change', () => {
    for (const path of paths) {
      const steps = path.steps;
      for (let i = 1; i < steps.length; i++) {
        const type = steps[i].event.type;
        const after = steps[i].state.context as AdminTeacherListContext;
        const before = steps[i - 1].state.context as AdminTeacherListContext;
        if (type === 'status.cycle') expect(after.page).toBe(1);
        if (type === 'pageSize.change' && after.limit !== before.limit) expect(after.page).toBe(1);
        if (after.search !== before.search) expect(after.page).toBe(1);
      }
    }
  });

  it('cycles the filter through Active, Inactive, All and shows both failure texts', () => {
    expect(new Set(states.map((s) => s.context.status))).toEqual(new Set(['all', 'active', 'inactive']));
    const errors = new Set(states.filter((s) => s.matches({ list: 'failure' })).map((s) => s.context.error));
    expect(errors).toEqual(new Set([ADMIN_MESSAGES.listStatusFailed, ADMIN_MESSAGES.listLoadFailed]));
  });

  it('replays every distinct path on a live actor with a server of 47 teachers', async () => {
    const distinct = new Map<string, (typeof paths)[number]>();
    for (const p of paths) {
      const k = JSON.stringify(p.state.value) + key(p.state.context as AdminTeacherListContext);
      if (!distinct.has(k)) distinct.set(k, p);
    }
    const sample = [...distinct.values()].filter((_, i) => i % 7 === 0).slice(0, 60);
    for (const path of sample) {
      const queries: TeacherListQuery[] = [];
      let answer: 'success' | 'status' | 'error' = 'success';
      const actor = createActor(
        adminTeacherListMachine.provide({
          actors: {
            fetchTeachers: fromPromise<TeacherListResult, TeacherListQuery>(async ({ input }) => {
              queries.push(input);
              if (answer === 'error') throw new Error('offline');
              const from = (input.page - 1) * input.limit;
              const ids = Array.from({ length: COUNT }, (_, i) => COUNT - i).slice(from, from + input.limit);
              return {
                status: answer === 'status' ? 'error' : 'success',
                data: ids.map((id) => ({ id })),
                teacher_count: COUNT,
              };
            }),
          },
          delays: { searchPause: 0 },
        }),
        { input: {} },
      ).start();
      for (const step of path.steps) {
        const e = step.event as { type: string; output?: TeacherListResult };
        if (e.type === 'xstate.init') continue;
        if (e.type.startsWith('xstate.done.actor') || e.type.startsWith('xstate.error.actor')) {
          answer = e.type.startsWith('xstate.error')
            ? 'error'
            : e.output?.status === 'success'
              ? 'success'
              : 'status';
          continue;
        }
        if (e.type === 'list.retry' || !actor.getSnapshot().matches({ list: 'loading' })) {
          // The machine fetches on its own; settle before the next user event.
        }
        actor.send(e as never);
        await waitFor(actor, (s) => !s.matches({ list: 'loading' }) && s.matches({ search: 'idle' }), {
          timeout: 2000,
        }).catch(() => {});
      }
      await waitFor(actor, (s) => !s.matches({ list: 'loading' }), { timeout: 2000 });
      const s = actor.getSnapshot();
      const expected = path.state.context as AdminTeacherListContext;
      expect({ limit: s.context.limit, status: s.context.status }).toEqual({
        limit: expected.limit,
        status: expected.status,
      });
      if (s.matches({ list: 'loaded' })) {
        const last = queries.at(-1)!;
        expect(last).toEqual({
          page: s.context.page,
          limit: s.context.limit,
          status: s.context.status,
          search: s.context.search,
        });
        const first = COUNT - (s.context.page - 1) * s.context.limit;
        expect((s.context.teachers[0] as { id: number }).id).toBe(first);
      }
      actor.stop();
    }
  });
});

describe('adminTeacherList: search model', () => {
  const paths = getShortestPaths(adminTeacherListMachine, {
    events: SEARCH_EVENTS as never,
    serializeState: (s: { value: unknown; context: unknown }) =>
      `${JSON.stringify(s.value)} ${key(s.context as AdminTeacherListContext)}`,
    limit: 100000,
  } as never);

  it('a committed search change always reloads from page 1 with the new term', () => {
    let commits = 0;
    for (const path of paths) {
      for (let i = 1; i < path.steps.length; i++) {
        const before = path.steps[i - 1].state.context as AdminTeacherListContext;
        const after = path.steps[i].state as unknown as {
          context: AdminTeacherListContext;
          matches(v: unknown): boolean;
        };
        if (after.context.search !== before.search) {
          commits++;
          expect(after.context.page).toBe(1);
          expect(after.matches({ list: 'loading' })).toBe(true);
          expect(after.context.search).toBe(before.searchInput.trim());
        }
      }
    }
    expect(commits).toBeGreaterThan(0);
    const searched = paths.map((p) => (p.state.context as AdminTeacherListContext).search);
    expect(new Set(searched)).toEqual(new Set(['', 'physics']));
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
