import { assign, fromPromise, setup } from 'xstate';
import { NEW_SUBJECT_MESSAGES as M, SUBJECT_MESSAGES } from '../../contract/rules/student-subject';
import { FAILURE_ORDER, failureText } from '../common/failure';

/**
 * 'New subjects' on the admin dashboard (D14), beside Teacher Approvals: the subjects students added
 * that wait for review. Approve adds one to the shared list; Merge asks which approved subject it is
 * the same as, then moves its requests and teachers there; Reject refuses it. After each decision the
 * list is loaded again. Calls come from `.provide()`.
 */

export interface NewSubject {
  id: number;
  name: string;
  created_at: string;
  suggested_by: string | null;
}

export interface ApprovedSubject {
  id: number;
  name: string;
}

export interface AdminSubjectsContext {
  subjects: NewSubject[];
  /** The shared list: what a suggestion can be merged into. */
  approved: ApprovedSubject[];
  /** The suggestion being decided on. */
  subjectId: number | null;
  /** Merge: the approved subject chosen. */
  intoId: number | null;
  intoError: string | null;
  error: string | null;
  /** The last decision, shown as a confirmation. */
  notice: string | null;
}

export type AdminSubjectsEvent =
  | { type: 'subject.approve'; subjectId: number }
  | { type: 'subject.reject'; subjectId: number }
  | { type: 'subject.merge'; subjectId: number }
  | { type: 'mergeTarget.change'; intoId: number | null }
  | { type: 'merge.submit' }
  | { type: 'merge.cancel' }
  | { type: 'subjects.retry' };

export interface AdminSubjectsLists {
  subjects: NewSubject[];
  approved: ApprovedSubject[];
}

const notProvided = (name: string) => () => {
  throw new Error(`adminSubjects: actor '${name}' was not provided`);
};

const nameOf = (c: AdminSubjectsContext) => c.subjects.find((s) => s.id === c.subjectId)?.name ?? '';
const intoNameOf = (c: AdminSubjectsContext) => c.approved.find((s) => s.id === c.intoId)?.name ?? '';

/** The server's own words for a refused decision: the field's message, else its message, else ours. */
const refusal = (error: unknown): string => failureText(error, FAILURE_ORDER.refusal, M.decisionFailed);

export const adminSubjectsMachine = setup({
  types: {
    context: {} as AdminSubjectsContext,
    events: {} as AdminSubjectsEvent,
  },
  actors: {
    fetchNewSubjects: fromPromise<AdminSubjectsLists>(notProvided('fetchNewSubjects')),
    approveSubject: fromPromise<unknown, { subjectId: number }>(notProvided('approveSubject')),
    rejectSubject: fromPromise<unknown, { subjectId: number }>(notProvided('rejectSubject')),
    mergeSubject: fromPromise<unknown, { subjectId: number; intoId: number }>(notProvided('mergeSubject')),
  },
  guards: {
    hasTarget: ({ context }) =>
      context.intoId !== null && context.approved.some((s) => s.id === context.intoId),
  },
  actions: {
    showLists: assign(({ event }) => {
      const out = (event as unknown as { output?: Partial<AdminSubjectsLists> }).output;
      return { subjects: out?.subjects ?? [], approved: out?.approved ?? [], error: null };
    }),
    showLoadFailure: assign({ error: M.loadFailed }),
    pickSubject: assign({
      subjectId: ({ event }) =>
        event.type === 'subject.approve' || event.type === 'subject.reject' || event.type === 'subject.merge'
          ? event.subjectId
          : null,
      intoId: null,
      intoError: null,
      error: null,
      notice: null,
    }),
    changeTarget: assign({
      intoId: ({ event }) => (event.type === 'mergeTarget.change' ? event.intoId : null),
      intoError: null,
    }),
    showTargetError: assign({ intoError: SUBJECT_MESSAGES.mergeTargetRequired }),
    noteApproved: assign({ notice: ({ context }) => M.approved(nameOf(context)), subjectId: null }),
    noteRejected: assign({ notice: ({ context }) => M.rejected(nameOf(context)), subjectId: null }),
    noteMerged: assign({
      notice: ({ context }) => M.merged(nameOf(context), intoNameOf(context)),
      subjectId: null,
      intoId: null,
    }),
    showDecisionFailure: assign({ error: ({ event }) => refusal((event as { error?: unknown }).error) }),
    forgetSubject: assign({ subjectId: null, intoId: null, intoError: null }),
  },
}).createMachine({
  id: 'adminSubjects',
  context: {
    subjects: [],
    approved: [],
    subjectId: null,
    intoId: null,
    intoError: null,
    error: null,
    notice: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchNewSubjects',
        src: 'fetchNewSubjects',
        onDone: { target: 'ready', actions: 'showLists' },
        onError: { target: 'failure', actions: 'showLoadFailure' },
      },
    },
    failure: { on: { 'subjects.retry': 'loading' } },
    ready: {
      on: {
        'subject.approve': { target: 'approving', actions: 'pickSubject' },
        'subject.reject': { target: 'rejecting', actions: 'pickSubject' },
        'subject.merge': { target: 'merging', actions: 'pickSubject' },
      },
    },
    approving: {
      invoke: {
        id: 'approveSubject',
        src: 'approveSubject',
        input: ({ context }) => ({ subjectId: context.subjectId ?? 0 }),
        onDone: { target: 'loading', actions: 'noteApproved' },
        onError: { target: 'ready', actions: ['showDecisionFailure', 'forgetSubject'] },
      },
    },
    rejecting: {
      invoke: {
        id: 'rejectSubject',
        src: 'rejectSubject',
        input: ({ context }) => ({ subjectId: context.subjectId ?? 0 }),
        onDone: { target: 'loading', actions: 'noteRejected' },
        onError: { target: 'ready', actions: ['showDecisionFailure', 'forgetSubject'] },
      },
    },
    merging: {
      initial: 'choosing',
      states: {
        choosing: {
          on: {
            'mergeTarget.change': { actions: 'changeTarget' },
            'merge.cancel': { target: '#adminSubjects.ready', actions: 'forgetSubject' },
            'merge.submit': [{ guard: 'hasTarget', target: 'submitting' }, { actions: 'showTargetError' }],
          },
        },
        submitting: {
          invoke: {
            id: 'mergeSubject',
            src: 'mergeSubject',
            input: ({ context }) => ({ subjectId: context.subjectId ?? 0, intoId: context.intoId ?? 0 }),
            onDone: { target: '#adminSubjects.loading', actions: 'noteMerged' },
            onError: { target: 'choosing', actions: 'showDecisionFailure' },
          },
        },
      },
    },
  },
});
