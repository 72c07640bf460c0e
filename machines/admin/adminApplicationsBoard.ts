import { assign, fromPromise, setup } from 'xstate';
import { APPLICATION_TRANSITIONS, type ApplicationStatus } from '../../contract/constants';
import { POSTING_MESSAGES, validateApplicationNote } from '../../contract/rules/job-postings';
import type { BoardApplication, JobPosting } from '../../contract/structs/jobs';
import { failureMessage } from '../common/failure';

/**
 * A posting's applications (/admin/jobs/{id}): each applicant's details and resume; an application
 * moves applied -> shortlisted -> hired or not selected, with an optional note the job seeker sees.
 * Only the moves the rules allow are offered; the server enforces them too.
 */
export const BOARD_LOAD_FAILED = POSTING_MESSAGES.boardLoadFailed;
export const MOVE_FAILED = POSTING_MESSAGES.moveFailed;

export interface AdminApplicationsBoardInput {
  postingId: number;
}

export interface BoardData {
  posting: JobPosting;
  applications: BoardApplication[];
}

export interface AdminApplicationsBoardContext {
  postingId: number;
  posting: JobPosting | null;
  applications: BoardApplication[];
  /** The application whose details are open. */
  selectedId: number | null;
  decision: { applicationId: number; status: ApplicationStatus; note: string } | null;
  /** The note's own rule refused it (only symbols or emoji): shown on the note, the move not sent. */
  noteError: string | null;
  error: string | null;
}

export type AdminApplicationsBoardEvent =
  | { type: 'application.select'; id: number }
  | { type: 'status.choose'; id: number; status: ApplicationStatus }
  | { type: 'note.change'; value: string }
  | { type: 'decision.confirm' }
  | { type: 'decision.cancel' }
  | { type: 'resume.open'; url: string }
  | { type: 'board.retry' };

export const adminApplicationsBoardMachine = setup({
  types: {
    context: {} as AdminApplicationsBoardContext,
    events: {} as AdminApplicationsBoardEvent,
    input: {} as AdminApplicationsBoardInput,
  },
  actors: {
    fetchBoard: fromPromise<BoardData, { postingId: number }>(async () => {
      throw new Error('fetchBoard is supplied by the view');
    }),
    moveApplication: fromPromise<unknown, { applicationId: number; status: ApplicationStatus; note: string }>(
      async () => {
        throw new Error('moveApplication is supplied by the view');
      },
    ),
  },
  actions: {
    storeBoard: assign(({ event }) => {
      const { posting, applications } = (event as unknown as { output: BoardData }).output;
      return { posting, applications, error: null };
    }),
    storeLoadError: assign({
      error: ({ event }) => failureMessage((event as { error?: unknown }).error, BOARD_LOAD_FAILED),
    }),
    select: assign({ selectedId: ({ event }) => (event.type === 'application.select' ? event.id : null) }),
    startDecision: assign(({ event }) =>
      event.type === 'status.choose'
        ? {
            decision: { applicationId: event.id, status: event.status, note: '' },
            noteError: null,
            selectedId: event.id,
            error: null,
          }
        : {},
    ),
    changeNote: assign(({ context, event }) =>
      event.type === 'note.change' && context.decision
        ? {
            decision: { ...context.decision, note: event.value },
            noteError: null,
          }
        : {},
    ),
    refuseNote: assign({
      noteError: ({ context }) => validateApplicationNote(context.decision?.note) ?? null,
    }),
    endDecision: assign({ decision: () => null }),
    /** The decision stays open with its note: the administrator can send it again or cancel. */
    storeMoveError: assign({
      error: ({ event }) => failureMessage((event as { error?: unknown }).error, MOVE_FAILED),
    }),
    clearError: assign({ error: () => null }),
    /** Supplied by the view: open the resume (a private document) in a new tab. */
    openResume: (_, _params: { url: string }) => {},
  },
  guards: {
    isNoteValid: ({ context }) => !validateApplicationNote(context.decision?.note),
    isAllowedMove: ({ context, event }) => {
      if (event.type !== 'status.choose') return false;
      const application = context.applications.find((a) => a.id === event.id);
      return Boolean(
        application &&
          APPLICATION_TRANSITIONS[application.status as ApplicationStatus]?.includes(event.status),
      );
    },
  },
}).createMachine({
  id: 'adminApplicationsBoard',
  context: ({ input }) => ({
    postingId: input.postingId,
    posting: null,
    applications: [],
    selectedId: null,
    decision: null,
    noteError: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchBoard',
        src: 'fetchBoard',
        input: ({ context }) => ({ postingId: context.postingId }),
        onDone: { target: 'board', actions: 'storeBoard' },
        onError: { target: 'failure', actions: 'storeLoadError' },
      },
    },
    failure: { on: { 'board.retry': 'loading' } },
    board: {
      on: {
        'application.select': { actions: 'select' },
        'resume.open': {
          actions: { type: 'openResume', params: ({ event }) => ({ url: event.url }) },
        },
        'status.choose': { guard: 'isAllowedMove', target: 'deciding', actions: 'startDecision' },
      },
    },
    /** The chosen move waits for its optional note and confirmation. */
    deciding: {
      on: {
        'note.change': { actions: 'changeNote' },
        'decision.cancel': { target: 'board', actions: ['endDecision', 'clearError'] },
        'decision.confirm': [
          { guard: 'isNoteValid', target: 'moving', actions: 'clearError' },
          { actions: 'refuseNote' },
        ],
      },
    },
    moving: {
      invoke: {
        id: 'moveApplication',
        src: 'moveApplication',
        input: ({ context }) =>
          context.decision as { applicationId: number; status: ApplicationStatus; note: string },
        onDone: { target: 'loading', actions: 'endDecision' },
        // The note written for the job seeker is not lost: back to the decision, the failure shown.
        onError: { target: 'deciding', actions: 'storeMoveError' },
      },
    },
  },
});
