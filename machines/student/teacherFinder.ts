import { assign, fromPromise, setup } from 'xstate';
import { TOAST_MS } from '../../contract/constants';
import { MATCH_MESSAGES, type MatchFilter } from '../../contract/rules/matching';
import { REQUEST_MESSAGES } from '../../contract/rules/request';
import type { MatchingTeacher, TeacherStudentRequest } from '../../contract/structs/request';
import { failureBody, failureMessage, isApiFailure } from '../common/failure';

export interface MatchPage {
  data: MatchingTeacher[];
  teacher_count: number;
  page: number;
  request: TeacherStudentRequest;
  /** Online-only request while online teaching is not offered: nobody can match. */
  mode_unavailable?: boolean;
  /** The student's location was used (radius check, nearest first). */
  using_distance?: boolean;
  /** The most cards one request can page through. */
  max_results?: number;
}

export interface TeacherFinderInput {
  /** The request id from /subject's navigation state; null after a reload. */
  requestId: number | null;
  /**
   * The first screen's answer when the page already has it (the latest request with its first
   * page of matches, or null: no request yet): the machine starts there instead of asking for it.
   */
  first?: MatchPage | null;
}

export interface TeacherFinderContext {
  requestId: number | null;
  request: TeacherStudentRequest | null;
  filter: MatchFilter;
  matches: MatchingTeacher[];
  total: number;
  page: number;
  connectingId: number | null;
  toast: string | null;
  message: string | null;
  usingDistance: boolean;
  maxResults: number | null;
  /** What the first screen's answer given at the start showed (null: none given, it is asked for). */
  given: 'matches' | 'modeUnavailable' | 'noRequest' | null;
}

export type TeacherFinderEvent =
  | { type: 'filter.change'; filter: MatchFilter }
  | { type: 'page.more' }
  | { type: 'teacher.connect'; teacherId: number }
  | { type: 'toast.close' }
  | { type: 'load.retry' }
  | { type: 'mode.offline' };

/** A first page of matches on screen (replacing the list). */
const pageFields = (page: MatchPage) => ({
  requestId: page.request.id,
  matches: page.data,
  total: page.teacher_count,
  page: page.page,
  request: page.request,
  usingDistance: Boolean(page.using_distance),
  maxResults: page.max_results ?? null,
});
/** Nobody can match an online-only request while online teaching is not offered. */
const modeUnavailableFields = (page: MatchPage) => ({
  requestId: page.request.id,
  matches: [],
  total: 0,
  request: page.request,
});

const withConnection = (
  matches: MatchingTeacher[],
  teacherId: number,
  connection: { id: number; status: string },
) => matches.map((m) => (m.teacher.id === teacherId ? { ...m, connection } : m));

/**
 * /teacherfinder: the real teachers matching the student's request (D9). Finds the request (from
 * navigation state, else the student's latest), loads matches per filter (All / Online / Offline /
 * Individual / Group) with 'more' pages, and Connect sends the request to one teacher, then shows the
 * confirmation for 3 seconds. A teacher already contacted shows that state, never a second Connect.
 * After a reload, `findLatestRequest` answers the latest request together with its first page of
 * matches (one call): the machine goes straight to `ready` with that page, without `loading` it again.
 * When the page already has that answer (asked for by its HTML), it is the input: the machine starts
 * where the answer leads, with no call and no step in between.
 */
export const teacherFinderMachine = setup({
  types: {
    context: {} as TeacherFinderContext,
    events: {} as TeacherFinderEvent,
    input: {} as TeacherFinderInput,
  },
  actors: {
    /** The student's latest request with its first page of matches (filter All), or null: none yet. */
    findLatestRequest: fromPromise<MatchPage | null, void>(async () => null),
    loadMatches: fromPromise<MatchPage, { requestId: number; filter: MatchFilter; page: number }>(
      async () => {
        throw new Error('loadMatches not provided');
      },
    ),
    /** Changes the request to offline teaching (online is not offered yet). */
    switchToOffline: fromPromise<unknown, { requestId: number }>(async () => {
      throw new Error('switchToOffline not provided');
    }),
    connectTeacher: fromPromise<{ id: number; status: string }, { requestId: number; teacherId: number }>(
      async () => {
        throw new Error('connectTeacher not provided');
      },
    ),
  },
  guards: {
    hasRequestId: ({ context }) => context.requestId !== null,
    givenMatches: ({ context }) => context.given === 'matches',
    givenModeUnavailable: ({ context }) => context.given === 'modeUnavailable',
    givenNoRequest: ({ context }) => context.given === 'noRequest',
    hasToast: ({ context }) => context.toast !== null,
    foundRequest: ({ event }) => Boolean((event as unknown as { output?: MatchPage | null }).output),
    notContacted: ({ context, event }) =>
      event.type === 'teacher.connect' &&
      !context.matches.some((m) => m.teacher.id === event.teacherId && m.connection),
    hasMore: ({ context }) =>
      context.matches.length < Math.min(context.total, context.maxResults ?? Infinity),
    modeUnavailable: ({ event }) =>
      Boolean((event as unknown as { output?: MatchPage }).output?.mode_unavailable),
  },
  actions: {
    /** A first page of matches on screen (replacing the list). */
    showPage: assign(({ event }) => pageFields((event as unknown as { output: MatchPage }).output)),
    /** Nobody can match an online-only request while online teaching is not offered. */
    showModeUnavailable: assign(({ event }) =>
      modeUnavailableFields((event as unknown as { output: MatchPage }).output),
    ),
  },
  delays: { toast: TOAST_MS },
}).createMachine({
  id: 'teacherFinder',
  context: ({ input }): TeacherFinderContext => {
    const empty: TeacherFinderContext = {
      requestId: input.requestId,
      request: null,
      filter: 'all',
      matches: [],
      total: 0,
      page: 1,
      connectingId: null,
      toast: null,
      message: null,
      usingDistance: false,
      maxResults: null,
      given: null,
    };
    const first = input.first;
    if (first === undefined) return empty;
    if (first === null) return { ...empty, given: 'noRequest' };
    return first.mode_unavailable
      ? { ...empty, ...modeUnavailableFields(first), given: 'modeUnavailable' }
      : { ...empty, ...pageFields(first), given: 'matches' };
  },
  initial: 'starting',
  states: {
    /** The first screen's answer given at the start is shown as it is (no call); otherwise found. */
    starting: {
      always: [
        { guard: 'givenMatches', target: 'ready' },
        { guard: 'givenModeUnavailable', target: 'modeUnavailable' },
        { guard: 'givenNoRequest', target: 'noRequest' },
        { target: 'resolving' },
      ],
    },
    resolving: {
      always: { guard: 'hasRequestId', target: 'loading' },
      invoke: {
        id: 'findLatestRequest',
        src: 'findLatestRequest',
        // The answer carries the first page of matches: shown as it is, no second call.
        onDone: [
          { guard: 'modeUnavailable', target: 'modeUnavailable', actions: 'showModeUnavailable' },
          { guard: 'foundRequest', target: 'ready', actions: 'showPage' },
          { target: 'noRequest' },
        ],
        onError: {
          target: 'failure',
          actions: assign(({ event }) => ({
            message: failureMessage(event.error, MATCH_MESSAGES.requestNotFound),
          })),
        },
      },
    },
    noRequest: {},
    loading: {
      entry: assign({ message: null }),
      invoke: {
        id: 'loadMatches',
        src: 'loadMatches',
        input: ({ context }) => ({ requestId: context.requestId!, filter: context.filter, page: 1 }),
        onDone: [
          { guard: 'modeUnavailable', target: 'modeUnavailable', actions: 'showModeUnavailable' },
          { target: 'ready', actions: 'showPage' },
        ],
        onError: {
          target: 'failure',
          actions: assign(({ event }) => ({
            message: failureMessage(event.error, MATCH_MESSAGES.loadFailed),
          })),
        },
      },
    },
    failure: {
      on: { 'load.retry': { target: 'resolving' } },
    },
    /** The request asks for online teaching only, which nobody offers yet: say so, offer offline. */
    modeUnavailable: {
      on: { 'mode.offline': { target: 'switchingMode', actions: assign({ message: null }) } },
    },
    switchingMode: {
      invoke: {
        id: 'switchToOffline',
        src: 'switchToOffline',
        input: ({ context }) => ({ requestId: context.requestId! }),
        onDone: { target: 'loading' },
        onError: {
          target: 'modeUnavailable',
          actions: assign(({ event }) => ({
            message: failureMessage(event.error, MATCH_MESSAGES.changeFailed),
          })),
        },
      },
    },
    ready: {
      type: 'parallel',
      on: {
        'filter.change': { target: 'loading', actions: assign(({ event }) => ({ filter: event.filter })) },
      },
      states: {
        list: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'page.more': { guard: 'hasMore', target: 'loadingMore' },
                'teacher.connect': {
                  guard: 'notContacted',
                  target: 'connecting',
                  actions: assign(({ event }) => ({ connectingId: event.teacherId, message: null })),
                },
              },
            },
            loadingMore: {
              invoke: {
                id: 'loadMoreMatches',
                src: 'loadMatches',
                input: ({ context }) => ({
                  requestId: context.requestId!,
                  filter: context.filter,
                  page: context.page + 1,
                }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({
                    matches: [
                      ...context.matches,
                      ...event.output.data.filter(
                        (m) => !context.matches.some((c) => c.teacher.id === m.teacher.id),
                      ),
                    ],
                    total: event.output.teacher_count,
                    page: event.output.page,
                  })),
                },
                onError: {
                  target: 'idle',
                  actions: assign(({ event }) => ({
                    message: failureMessage(event.error, MATCH_MESSAGES.loadMoreFailed),
                  })),
                },
              },
            },
            connecting: {
              invoke: {
                id: 'connectTeacher',
                src: 'connectTeacher',
                input: ({ context }) => ({ requestId: context.requestId!, teacherId: context.connectingId! }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign(({ context, event }) => ({
                      matches: withConnection(context.matches, context.connectingId!, event.output),
                      connectingId: null,
                      toast: REQUEST_MESSAGES.connectSent,
                    })),
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: assign(({ context, event }) => {
                    // Already sent (another tab, a double click): show that state instead of an error.
                    const existing = failureBody(event.error).data as
                      | { id?: number; status?: string }
                      | undefined;
                    if (
                      isApiFailure(event.error) &&
                      event.error.status === 409 &&
                      existing?.id &&
                      existing.status
                    )
                      return {
                        matches: withConnection(context.matches, context.connectingId!, {
                          id: existing.id,
                          status: existing.status,
                        }),
                        connectingId: null,
                      };
                    return {
                      connectingId: null,
                      message: failureMessage(event.error, REQUEST_MESSAGES.connectFailed),
                    };
                  }),
                },
              },
            },
          },
        },
        toast: {
          initial: 'hidden',
          states: {
            hidden: {
              always: { guard: 'hasToast', target: 'shown' },
            },
            shown: {
              after: { toast: { target: 'hidden', actions: assign({ toast: null }) } },
              on: { 'toast.close': { target: 'hidden', actions: assign({ toast: null }) } },
            },
          },
        },
      },
    },
  },
});
