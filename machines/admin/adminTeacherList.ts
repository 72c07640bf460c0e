import { assign, fromPromise, setup } from 'xstate';
import { ADMIN_DEFAULT_PAGE_SIZE, ADMIN_PAGE_SIZES } from '../../contract/constants';
import {
  ADMIN_MESSAGES,
  ADMIN_SEARCH_DEBOUNCE_MS,
  nextStatusFilter,
  SEARCH_MAX,
  type TeacherListQuery,
  type TeacherStatusFilter,
  totalPages,
} from '../../contract/rules/admin';
import { notProvided } from '../common/actors';

/**
 * The admin teacher list (/Admin_Teacher): server-side pages (D10). Every change of page, page
 * size, status filter or (debounced) search asks the server for that one page; a page size or
 * filter or search change starts again at page 1. The fetch is supplied with `.provide()`.
 */

/** What the machine reads of GET /api/v1/teachers (contract/structs/admin.ts AdminTeacherList). */
export interface TeacherListResult<T = unknown> {
  status: string;
  data?: T[];
  teacher_count?: number;
}

export interface AdminTeacherListContext {
  page: number;
  limit: number;
  status: TeacherStatusFilter;
  /** The search the list shows (sent to the server). */
  search: string;
  /** What is typed in the search box; becomes `search` after a pause or on Enter. */
  searchInput: string;
  teachers: unknown[];
  count: number;
  error: string | null;
}

export type AdminTeacherListEvent =
  | { type: 'page.go'; page: number }
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'pageSize.change'; limit: number }
  | { type: 'status.cycle' }
  | { type: 'search.change'; value: string }
  | { type: 'search.submit' }
  | { type: 'list.retry' };

export interface AdminTeacherListInput {
  status?: TeacherStatusFilter;
  limit?: number;
}

export const queryOf = (c: AdminTeacherListContext): TeacherListQuery => ({
  page: c.page,
  limit: c.limit,
  status: c.status,
  search: c.search,
});

export const adminTeacherListMachine = setup({
  types: {
    context: {} as AdminTeacherListContext,
    events: {} as AdminTeacherListEvent,
    input: {} as AdminTeacherListInput,
  },
  actors: {
    fetchTeachers: fromPromise<TeacherListResult, TeacherListQuery>(
      notProvided('adminTeacherList', 'fetchTeachers'),
    ),
  },
  delays: { searchPause: ADMIN_SEARCH_DEBOUNCE_MS },
  guards: {
    canGoNext: ({ context }) => context.page < totalPages(context.count, context.limit),
    canGoPrevious: ({ context }) => context.page > 1,
    isOtherValidPage: ({ context, event }) =>
      event.type === 'page.go' &&
      Number.isInteger(event.page) &&
      event.page >= 1 &&
      event.page <= totalPages(context.count, context.limit) &&
      event.page !== context.page,
    isOtherPageSize: ({ context, event }) =>
      event.type === 'pageSize.change' &&
      (ADMIN_PAGE_SIZES as readonly number[]).includes(event.limit) &&
      event.limit !== context.limit,
    /** A new search the server takes (an over-long one waits, its field saying why). */
    searchChanged: ({ context }) => {
      const search = context.searchInput.trim();
      return search !== context.search && search.length <= SEARCH_MAX;
    },
    answeredSuccess: ({ event }) => (event as { output?: TeacherListResult }).output?.status === 'success',
    /** The list shrank under us (another admin's decision): the page asked for is past the end. */
    pastTheEnd: ({ context, event }) => {
      const out = (event as { output?: TeacherListResult }).output;
      const count = out?.teacher_count ?? out?.data?.length ?? 0;
      return (out?.data?.length ?? 0) === 0 && count > 0 && context.page > totalPages(count, context.limit);
    },
  },
  actions: {
    goToPage: assign({ page: ({ event }) => (event.type === 'page.go' ? event.page : 1) }),
    nextPage: assign({ page: ({ context }) => context.page + 1 }),
    previousPage: assign({ page: ({ context }) => context.page - 1 }),
    changePageSize: assign({
      limit: ({ context, event }) => (event.type === 'pageSize.change' ? event.limit : context.limit),
      page: 1,
    }),
    cycleStatus: assign({ status: ({ context }) => nextStatusFilter(context.status), page: 1 }),
    typeSearch: assign({
      searchInput: ({ event }) => (event.type === 'search.change' ? event.value : ''),
    }),
    commitSearch: assign({ search: ({ context }) => context.searchInput.trim(), page: 1 }),
    showPage: assign(({ event }) => {
      const out = (event as unknown as { output: TeacherListResult }).output;
      const data = out.data ?? [];
      return { teachers: data, count: out.teacher_count ?? data.length, error: null };
    }),
    goToLastPage: assign(({ context, event }) => {
      const out = (event as unknown as { output: TeacherListResult }).output;
      const count = out.teacher_count ?? 0;
      return { page: totalPages(count, context.limit), count };
    }),
    showStatusFailure: assign({ error: ADMIN_MESSAGES.listStatusFailed, teachers: [] }),
    showLoadFailure: assign({ error: ADMIN_MESSAGES.listLoadFailed, teachers: [] }),
  },
}).createMachine({
  id: 'adminTeacherList',
  context: ({ input }) => ({
    page: 1,
    limit:
      input?.limit && (ADMIN_PAGE_SIZES as readonly number[]).includes(input.limit)
        ? input.limit
        : ADMIN_DEFAULT_PAGE_SIZE,
    status: input?.status ?? 'all',
    search: '',
    searchInput: '',
    teachers: [],
    count: 0,
    error: null,
  }),
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      on: {
        'page.go': { guard: 'isOtherValidPage', target: '.loading', actions: 'goToPage' },
        'page.next': { guard: 'canGoNext', target: '.loading', actions: 'nextPage' },
        'page.previous': { guard: 'canGoPrevious', target: '.loading', actions: 'previousPage' },
        'pageSize.change': { guard: 'isOtherPageSize', target: '.loading', actions: 'changePageSize' },
        'status.cycle': { target: '.loading', actions: 'cycleStatus' },
      },
      states: {
        loading: {
          invoke: {
            id: 'fetchTeachers',
            src: 'fetchTeachers',
            input: ({ context }) => queryOf(context),
            onDone: [
              { guard: 'pastTheEnd', target: 'loading', reenter: true, actions: 'goToLastPage' },
              { guard: 'answeredSuccess', target: 'loaded', actions: 'showPage' },
              { target: 'failure', actions: 'showStatusFailure' },
            ],
            onError: { target: 'failure', actions: 'showLoadFailure' },
          },
        },
        loaded: {},
        failure: {
          on: { 'list.retry': 'loading' },
        },
      },
    },
    search: {
      initial: 'idle',
      on: {
        'search.submit': [
          {
            guard: 'searchChanged',
            target: ['.idle', '#adminTeacherList.list.loading'],
            actions: 'commitSearch',
          },
          { target: '.idle' },
        ],
      },
      states: {
        idle: {
          on: { 'search.change': { target: 'typing', actions: 'typeSearch' } },
        },
        typing: {
          // Each key starts the pause again (re-entering only this state, not the list).
          on: { 'search.change': { target: 'typing', reenter: true, actions: 'typeSearch' } },
          after: {
            searchPause: [
              {
                guard: 'searchChanged',
                target: ['idle', '#adminTeacherList.list.loading'],
                actions: 'commitSearch',
              },
              { target: 'idle' },
            ],
          },
        },
      },
    },
  },
});
