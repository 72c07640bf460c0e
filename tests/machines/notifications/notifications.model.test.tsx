import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, expect, vi } from 'vitest';
import { NOTIFICATION_MESSAGES as M } from '../../../contract/rules/notifications';
import { findMachine } from '../../../machines';
import type { NotificationPage, NotificationsContext } from '../../../machines/notifications/notifications';
import type { MachineEntry } from '../../../machines/registry';
import { NotificationBell } from '../../../src/components/NotificationBell';
import { describeMachine } from '../../../src/features/machines/analysis';
import { renderPage } from '../../client/teacher/model-view';
import { heldResponse, testMachine } from '../../model/kit';
import { server } from '../../msw/server';

// The poll interval under a length of its own, so the test holds exactly those timers and a step
// for the delay runs them (no waiting for real).
vi.mock('../../../contract/rules/notifications', async (original) => ({
  ...(await original<typeof import('../../../contract/rules/notifications')>()),
  NOTIFICATION_POLL_MS: 30_001,
  NOTIFICATION_BACKOFF_MAX_MS: 300_001,
  // Two a page: the sample's two newest fill the first page, 'Show older' asks for page 2.
  NOTIFICATION_PAGE_SIZE: 2,
}));

/**
 * The header's bell walked by the kit: every poll and mark call is held until a step answers it;
 * the poll delays (normal and backed off) run when their step comes.
 */
const entry = findMachine('notifications') as MachineEntry;
const user = userEvent.setup();
let list: ReturnType<typeof heldResponse>;
let one: ReturnType<typeof heldResponse>;
let all: ReturnType<typeof heldResponse>;
let older: ReturnType<typeof heldOlderPages>;

/** The list's older pages (page > 1) held apart from the poll's first page (same path). */
function heldOlderPages() {
  const waiting: ((response: Response) => void)[] = [];
  const arrived: (() => void)[] = [];
  const pages: number[] = [];
  server.use(
    http.get('*/api/v1/notifications', ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
      if (page <= 1) return undefined;
      pages.push(page);
      for (const notify of arrived.splice(0)) notify();
      return new Promise<Response>((resolve) => waiting.push(resolve));
    }),
  );
  return {
    pages,
    async respond(status: number, body: unknown) {
      if (!waiting.length) await new Promise<void>((resolve) => arrived.push(resolve));
      (waiting.shift() as (response: Response) => void)(HttpResponse.json(body as never, { status }));
    },
  };
}

const pollTimers = new Map<number, () => void>();
function holdPollTimers() {
  const setTimer = globalThis.setTimeout;
  const clearTimer = globalThis.clearTimeout;
  let next = 2_000_000;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    fn: () => void,
    ms?: number,
    ...rest: unknown[]
  ) => {
    if (!ms || ms < 30_001) return setTimer(fn, ms, ...rest);
    next += 1;
    pollTimers.set(next, fn);
    return next;
  }) as typeof setTimeout);
  vi.spyOn(globalThis, 'clearTimeout').mockImplementation(((id: number) => {
    if (!pollTimers.delete(id)) clearTimer(id);
  }) as typeof clearTimeout);
}
afterEach(() => {
  vi.restoreAllMocks();
  pollTimers.clear();
});
const runPollTimers = async () => {
  expect(pollTimers.size).toBeGreaterThan(0);
  for (const [id, fn] of [...pollTimers]) {
    pollTimers.delete(id);
    fn();
  }
};
const delays = Object.fromEntries(
  describeMachine(entry.machine)
    .transitions.filter((t) => t.eventType.startsWith('xstate.after.'))
    .map((t) => [t.eventType, runPollTimers]),
);

const ctxOf = (s: { context: unknown }) => s.context as NotificationsContext;
const failBody = (event: unknown) =>
  (event as { error: { status: number; body: unknown; kind: string } }).error;
const output = <T,>(event: unknown) => (event as { output: T }).output;
const panel = () => screen.getByRole('dialog', { name: M.heading });
const titleOf = (s: { context: unknown }, id: number) => ctxOf(s).items.find((n) => n.id === id)!.title;

const renderBell = () => renderPage(<NotificationBell />, '/requests');
type BellView = ReturnType<typeof renderBell>;

testMachine<BellView>(entry, {
  beforePath: () => {
    localStorage.setItem('auth_token', 'student-token');
    holdPollTimers();
    list = heldResponse('get', '*/api/v1/notifications');
    one = heldResponse('patch', '*/api/v1/notifications/:id/read');
    all = heldResponse('post', '*/api/v1/notifications/read_all');
    older = heldOlderPages();
  },
  render: renderBell,
  states: {
    // The bell always says how many are unread.
    poll: (_, s) => expect(screen.getByRole('button', { name: M.bellLabel(ctxOf(s).unread) })).toBeVisible(),
    'poll.fetching': () => expect(pollTimers.size).toBe(0),
    'poll.waiting': () => expect(pollTimers.size).toBe(1),
    'poll.backingOff': (_, s) => {
      expect(pollTimers.size).toBe(1);
      expect(ctxOf(s).failures).toBeGreaterThan(0);
    },
    'panel.closed': () => expect(screen.queryByRole('dialog')).toBeNull(),
    'panel.open': (_, s) => {
      const { items, message } = ctxOf(s);
      if (!items.length) expect(panel()).toHaveTextContent(M.empty);
      for (const n of items) {
        const item = within(within(panel()).getByRole('listitem', { name: n.title }));
        expect(item.getByText(n.body)).toBeVisible();
        if (n.read_at) expect(item.queryByRole('button', { name: `${M.markRead}: ${n.title}` })).toBeNull();
        else expect(item.getByRole('button', { name: `${M.markRead}: ${n.title}` })).toBeVisible();
      }
      if (message) expect(within(panel()).getByRole('alert')).toHaveTextContent(message);
      // 'Show older' while the person has more than is listed.
      const more = within(panel()).queryByRole('button', { name: M.loadMore });
      if (items.length < ctxOf(s).total) expect(more).toBeVisible();
      else expect(more).toBeNull();
    },
    'older.idle': (_, s) => {
      const more = screen.queryByRole('button', { name: M.loadMore });
      if (more) expect(more).not.toHaveAttribute('data-loading');
      expect(ctxOf(s).items.map((n) => n.id)).toEqual([...new Set(ctxOf(s).items.map((n) => n.id))]);
    },
    'older.loading': async (_, s) => {
      if (ctxOf(s).open)
        expect(screen.getByRole('button', { name: M.loadMore })).toHaveAttribute('data-loading');
      // The page behind what is listed.
      await waitFor(() => expect(older.pages.at(-1)).toBe(Math.floor(ctxOf(s).items.length / 2) + 1));
    },
    // No mark button busy ('Show older' has its own region).
    'marking.idle': () =>
      expect(
        [...document.querySelectorAll('[data-loading]')].filter((b) => b.textContent !== M.loadMore),
      ).toEqual([]),
    'marking.markingOne': () => expect(one.requests).toBeGreaterThan(0),
    'marking.markingAll': () => expect(all.requests).toBeGreaterThan(0),
  },
  events: {
    ...delays,
    'xstate.done.actor.loadNotifications': (_, { event }) => {
      const page = output<NotificationPage>(event);
      return list.respond(200, { status: 'success', ...page, pagination: { next: null, prev: null } });
    },
    // The network is down or the server unavailable: the bell backs off.
    'xstate.error.actor.loadNotifications': () => list.respond(503, { message: 'Service unavailable' }),
    'bell.toggle': () => user.click(screen.getByRole('button', { name: /^Notifications/ })),
    'panel.close': () => user.click(within(panel()).getByRole('button', { name: 'Close' })),
    'notification.open': (_, { event, from }) => {
      const { id } = event as unknown as { id: number };
      return user.click(within(panel()).getByText(titleOf(from, id)));
    },
    'notification.read': (_, { event, from }) => {
      const { id } = event as unknown as { id: number };
      return user.click(within(panel()).getByRole('button', { name: `${M.markRead}: ${titleOf(from, id)}` }));
    },
    'notifications.readAll': () => user.click(within(panel()).getByRole('button', { name: M.markAllRead })),
    'notifications.refresh': () => user.click(within(panel()).getByRole('button', { name: 'Try again' })),
    'notifications.older': () => user.click(within(panel()).getByRole('button', { name: M.loadMore })),
    'xstate.done.actor.loadOlder': (_, { event }) =>
      older.respond(200, {
        status: 'success',
        ...output<NotificationPage>(event),
        pagination: { next: null, prev: 1 },
      }),
    'xstate.error.actor.loadOlder': (_, { event }) =>
      older.respond(failBody(event).status, failBody(event).body),
    'xstate.done.actor.markRead': (_, { from }) => {
      const marked = ctxOf(from).items.find((n) => n.id === ctxOf(from).markingId)!;
      return one.respond(200, { status: 'success', data: { ...marked, read_at: new Date().toISOString() } });
    },
    'xstate.error.actor.markRead': (_, { event }) =>
      one.respond(failBody(event).status, failBody(event).body),
    'xstate.done.actor.markAllRead': () => all.respond(200, { status: 'success', data: { unread_count: 0 } }),
    'xstate.error.actor.markAllRead': (_, { event }) =>
      all.respond(failBody(event).status, failBody(event).body),
  },
  timeout: 15000,
});
