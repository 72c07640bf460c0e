import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  ADMIN_MESSAGES,
  pageWindow,
  showingRange,
  type TeacherStatusFilter,
  totalPages,
} from '../../../contract/rules/admin';
import type { TeacherRecord } from '../../../contract/structs/teacher';
import { entries } from '../../../machines/admin';
import { type AdminTeacherListContext, queryOf } from '../../../machines/admin/adminTeacherList';
import AdminTeachersPage from '../../../src/features/admin/AdminTeachersPage';
import { type MachinePath, startSnapshot, step } from '../../../src/features/machines/analysis';
import { chainedPaths, testMachine } from '../../model/kit';
import { adminTeachers, listTeachers } from '../../msw/handlers/admin';
import { fill } from '../fill';
import { failureOf, heldRequests, outputOf, renderPage, signInAdmin } from './model-view';

/**
 * /Admin_Teacher walked by the kit over adminTeacherList: pages, rows per page, the status filter
 * and the search (its 300 ms pause run by the clock), every page held until a step answers the
 * request for exactly the page, size, filter and search the machine asks for.
 */
const entry = entries.find((e) => e.name === 'adminTeacherList')!;
const user = userEvent.setup();
let list: ReturnType<typeof heldRequests>;

const contextOf = (s: AnyMachineSnapshot) => s.context as AdminTeacherListContext;
const searchBox = () => screen.getByRole('searchbox', { name: 'Search teachers' });
const pager = () => within(screen.getByRole('navigation', { name: 'Pages' }));

/** The request for the page the machine shows: page, limit, status and search (none when blank). */
const asksFor = (c: AdminTeacherListContext) => (url: URL) =>
  url.searchParams.get('page') === String(c.page) &&
  url.searchParams.get('limit') === String(c.limit) &&
  url.searchParams.get('status') === c.status &&
  url.searchParams.get('search') === (c.search || null);

/** What the filter button says for each filter, as the screen shows it in English. */
const FILTER_NAMES: Record<TeacherStatusFilter, string> = {
  active: 'Active Teachers',
  inactive: 'Inactive Teachers',
  all: 'All Teachers',
};
/** 'Total: 1 teacher', 'Total: 1,25,000 teachers' (Indian digit grouping). */
const totalLine = (n: number) => `Total: ${n.toLocaleString('en-IN')} ${n === 1 ? 'teacher' : 'teachers'}`;

/** Filter, page size, the range line and the page window, in every state. */
function controlsShown(s: AnyMachineSnapshot) {
  const c = contextOf(s);
  expect(screen.getByRole('button', { name: `Status filter: ${FILTER_NAMES[c.status]}` })).toBeVisible();
  expect(screen.getByLabelText('Rows per page')).toHaveValue(String(c.limit));
  const teachers = c.teachers as TeacherRecord[];
  // No range line when there is nothing to show, and no pager when there is one page or none.
  if (c.count > 0) {
    const { from, to } = showingRange(c.page, c.limit, teachers.length);
    expect(screen.getByText(/^Showing \d+ to \d+ of \d+ teachers?$/)).toHaveTextContent(
      `Showing ${from} to ${to} of ${c.count} teachers`,
    );
  } else expect(screen.queryByText(/^Showing /)).not.toBeInTheDocument();
  if (totalPages(c.count, c.limit) <= 1) {
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    return;
  }
  // At most 5 page numbers, sliding with the page (window edges: first, middle, last pages).
  const numbers = pager()
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((b) => Number(b.textContent));
  expect(numbers).toEqual(pageWindow(c.page, totalPages(c.count, c.limit)));
  expect(pager().getByRole('button', { name: `Page ${c.page}` })).toHaveAttribute('aria-current', 'page');
}

// Page buttons are disabled while a page loads: paths page once it has loaded.
const paths = chainedPaths(entry, {
  canTake: (s, event) => !(event.type.startsWith('page.') && s.matches({ list: 'loading' })),
});

/**
 * Paths over a server of 23 teachers (the msw list semantics): after each step that loads a page, the
 * page that server gives for the machine's query. Every page size from the first page to the last
 * and back, the filter's cycle and a search, so every page window and count is seen on screen.
 */
function overTheServer(target: string, events: EventObject[]): MachinePath {
  let snapshot = startSnapshot(entry);
  const steps: MachinePath['steps'] = [];
  const take = (event: EventObject) => {
    snapshot = step(entry.machine, snapshot, event).snapshot;
    steps.push({ event, value: snapshot.value });
  };
  const settle = () => {
    while (snapshot.matches({ list: 'loading' })) {
      const q = queryOf(contextOf(snapshot));
      const url = new URL(`http://x/?page=${q.page}&limit=${q.limit}&status=${q.status}&search=${q.search}`);
      take({
        type: 'xstate.done.actor.fetchTeachers',
        output: listTeachers(url, adminTeachers),
      } as EventObject);
    }
  };
  settle();
  for (const event of events) {
    take(event);
    settle();
  }
  return { target, steps, transitions: [] };
}
const repeat = (n: number, type: string) => Array.from({ length: n }, () => ({ type }));
for (const limit of [3, 5, 20]) {
  const last = totalPages(adminTeachers.length, limit);
  paths.push(
    overTheServer(`every page at ${limit} per page`, [
      { type: 'pageSize.change', limit } as EventObject,
      ...repeat(last - 1, 'page.next'),
      ...repeat(Math.min(2, last - 1), 'page.previous'),
      // The lowest number the window shows from there.
      { type: 'page.go', page: pageWindow(Math.max(1, last - 2), last)[0] } as EventObject,
    ]),
  );
}
paths.push(
  overTheServer('10 per page, filter and search', [
    { type: 'page.go', page: 3 } as EventObject,
    { type: 'status.cycle' },
    { type: 'status.cycle' },
    { type: 'search.change', value: 'Teacher 2' } as EventObject,
    { type: 'search.submit' },
    { type: 'status.cycle' },
  ]),
);

testMachine(entry, {
  paths,
  beforePath: () => {
    signInAdmin();
    list = heldRequests('get', '*/api/v1/teachers');
  },
  render: () => renderPage(<AdminTeachersPage />, '/Admin_Teacher'),
  states: {
    list: (_, s) => controlsShown(s),
    'list.loading': (_, s) => {
      expect(screen.getByRole('status')).toHaveTextContent(ADMIN_MESSAGES.listLoading);
      if (totalPages(contextOf(s).count, contextOf(s).limit) > 1) {
        expect(pager().getByRole('button', { name: 'Previous' })).toBeDisabled();
        expect(pager().getByRole('button', { name: 'Next' })).toBeDisabled();
      }
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    'list.loaded': (_, s) => {
      const c = contextOf(s);
      const teachers = c.teachers as TeacherRecord[];
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByText(totalLine(c.count))).toBeVisible();
      const cards = within(screen.getByRole('main')).queryAllByRole('article');
      expect(cards.map((a) => a.getAttribute('aria-label'))).toEqual(teachers.map((t) => t.name));
      if (!teachers.length) expect(screen.getByText(ADMIN_MESSAGES.listEmpty)).toBeVisible();
      const last = totalPages(c.count, c.limit);
      if (last > 1) {
        expect(pager().getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', c.page <= 1);
        expect(pager().getByRole('button', { name: 'Next' })).toHaveProperty('disabled', c.page >= last);
      }
    },
    'list.failure': (_, s) => {
      const alert = within(screen.getByRole('alert'));
      expect(alert.getByText(contextOf(s).error as string)).toBeVisible();
      expect(alert.getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.queryByText(/^Total: /)).not.toBeInTheDocument();
    },
    search: (_, s) => expect(searchBox()).toHaveValue(contextOf(s).searchInput),
  },
  events: {
    'xstate.done.actor.fetchTeachers': (_, { event, from }) =>
      list.respond(200, outputOf(event), asksFor(contextOf(from))),
    'xstate.error.actor.fetchTeachers': (_, { event, from }) => {
      const { status, body } = failureOf(event);
      return list.respond(status, body, asksFor(contextOf(from)));
    },
    'page.go': (_, { event }) =>
      user.click(
        pager().getByRole('button', { name: `Page ${(event as unknown as { page: number }).page}` }),
      ),
    'page.next': () => user.click(pager().getByRole('button', { name: 'Next' })),
    'page.previous': () => user.click(pager().getByRole('button', { name: 'Previous' })),
    'pageSize.change': (_, { event }) =>
      user.selectOptions(
        screen.getByLabelText('Rows per page'),
        String((event as unknown as { limit: number }).limit),
      ),
    'status.cycle': () => user.click(screen.getByRole('button', { name: /^Status filter: / })),
    'list.retry': () =>
      user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' })),
    'search.change': async (_, { event }) => {
      const { value } = event as unknown as { value: string };
      await fill(user, searchBox(), value);
    },
    'search.submit': () => user.type(searchBox(), '{Enter}'),
    // The 300 ms pause: no executor, the kit waits for it.
  },
});
