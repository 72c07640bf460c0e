import { assign, fromPromise, setup } from 'xstate';
import { MAX } from '../../contract/api/common';
import { JOB_MESSAGES } from '../../contract/rules/jobs';
import type { JobPosting } from '../../contract/structs/jobs';
import { failureMessage } from '../common/failure';

/**
 * /joblist: open postings, newest first, filtered by industry, district and employment type and
 * searched by text, one server page at a time. Every change of filter or search reloads page 1.
 */
export const JOB_LIST_FAILED = JOB_MESSAGES.listFailed;

export interface JobFilters {
  industry: string;
  district: string;
  type: string;
  q: string;
}
export type JobFilterField = 'industry' | 'district' | 'type';

export interface JobListPage {
  postings: JobPosting[];
  total: number;
  next: number | null;
  prev: number | null;
}

export interface JobListContext extends JobListPage {
  filters: JobFilters;
  /** The search box as typed (applied on search.submit). */
  search: string;
  page: number;
  error: string | null;
}

export type JobListEvent =
  | { type: 'filter.change'; field: JobFilterField; value: string }
  | { type: 'search.change'; value: string }
  | { type: 'search.submit' }
  | { type: 'page.next' }
  | { type: 'page.prev' }
  | { type: 'list.retry' };

export const EMPTY_FILTERS: JobFilters = { industry: '', district: '', type: '', q: '' };

export const jobListMachine = setup({
  types: { context: {} as JobListContext, events: {} as JobListEvent },
  actors: {
    fetchPostings: fromPromise<JobListPage, { filters: JobFilters; page: number }>(async () => {
      throw new Error('fetchPostings is supplied by the view');
    }),
  },
  actions: {
    setFilter: assign(({ context, event }) =>
      event.type === 'filter.change'
        ? { filters: { ...context.filters, [event.field]: event.value }, page: 1 }
        : {},
    ),
    setSearch: assign({ search: ({ event }) => (event.type === 'search.change' ? event.value : '') }),
    applySearch: assign(({ context }) => ({
      filters: { ...context.filters, q: context.search.trim() },
      page: 1,
    })),
    nextPage: assign({ page: ({ context }) => context.next ?? context.page }),
    prevPage: assign({ page: ({ context }) => context.prev ?? context.page }),
    storePage: assign(({ event }) => ({
      ...(event as unknown as { output: JobListPage }).output,
      error: null,
    })),
    storeError: assign({
      error: ({ event }) => failureMessage((event as { error?: unknown }).error, JOB_LIST_FAILED),
    }),
  },
  guards: {
    hasNext: ({ context }) => context.next !== null,
    hasPrev: ({ context }) => context.prev !== null,
    /** A search the server takes (`q` is at most MAX.name); an over-long one waits, its field saying why. */
    searchFits: ({ context }) => context.search.trim().length <= MAX.name,
  },
}).createMachine({
  id: 'jobList',
  context: {
    filters: EMPTY_FILTERS,
    search: '',
    page: 1,
    postings: [],
    total: 0,
    next: null,
    prev: null,
    error: null,
  },
  initial: 'loading',
  on: {
    'filter.change': { target: '.loading', actions: 'setFilter' },
    'search.change': { actions: 'setSearch' },
    'search.submit': { guard: 'searchFits', target: '.loading', actions: 'applySearch' },
  },
  states: {
    loading: {
      invoke: {
        id: 'fetchPostings',
        src: 'fetchPostings',
        input: ({ context }) => ({ filters: context.filters, page: context.page }),
        onDone: { target: 'ready', actions: 'storePage' },
        onError: { target: 'failure', actions: 'storeError' },
      },
    },
    ready: {
      on: {
        'page.next': { guard: 'hasNext', target: 'loading', actions: 'nextPage' },
        'page.prev': { guard: 'hasPrev', target: 'loading', actions: 'prevPage' },
      },
    },
    failure: {
      on: { 'list.retry': 'loading' },
    },
  },
});
