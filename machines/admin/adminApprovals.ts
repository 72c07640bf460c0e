import { assign, fromPromise, setup } from 'xstate';
import { ADMIN_MESSAGES, REASON_MAX, validateRejection } from '../../contract/rules/admin';
import { hasErrors } from '../../contract/rules/common';

/**
 * Teacher Approvals on the admin dashboard (D9): teachers whose documents wait for review. Approve
 * marks the teacher verified; Reject asks for a reason first, then deactivates the teacher. After
 * each decision the list is loaded again. Calls come from `.provide()`.
 */

export interface PendingTeacher {
  id: number;
  name: string;
}

export interface AdminApprovalsContext {
  teachers: PendingTeacher[];
  total: number;
  /** The teacher being decided on. */
  teacherId: number | null;
  reason: string;
  reasonError: string | null;
  error: string | null;
  /** The last decision, shown as a confirmation. */
  notice: string | null;
}

export type AdminApprovalsEvent =
  | { type: 'approval.approve'; teacherId: number }
  | { type: 'approval.reject'; teacherId: number }
  | { type: 'reason.change'; value: string }
  | { type: 'rejection.submit' }
  | { type: 'rejection.cancel' }
  | { type: 'approvals.retry' };

const notProvided = (name: string) => () => {
  throw new Error(`adminApprovals: actor '${name}' was not provided`);
};
const LOAD_FAILED = ADMIN_MESSAGES.approvalsLoadFailed;

const nameOf = (c: AdminApprovalsContext) =>
  c.teachers.find((t) => t.id === c.teacherId)?.name ?? 'The teacher';

export const adminApprovalsMachine = setup({
  types: {
    context: {} as AdminApprovalsContext,
    events: {} as AdminApprovalsEvent,
  },
  actors: {
    fetchApprovals: fromPromise<{ teachers: PendingTeacher[]; total: number }>(notProvided('fetchApprovals')),
    approveTeacher: fromPromise<unknown, { teacherId: number }>(notProvided('approveTeacher')),
    rejectTeacher: fromPromise<unknown, { teacherId: number; reason: string }>(notProvided('rejectTeacher')),
  },
  guards: {
    reasonIsValid: ({ context }) => !hasErrors(validateRejection({ reason: context.reason })),
  },
  actions: {
    showList: assign(({ event }) => {
      const out = (event as unknown as { output?: { teachers?: PendingTeacher[]; total?: number } }).output;
      const teachers = out?.teachers ?? [];
      return { teachers, total: out?.total ?? teachers.length, error: null };
    }),
    showLoadFailure: assign({ error: LOAD_FAILED }),
    pickTeacher: assign({
      teacherId: ({ event }) =>
        event.type === 'approval.approve' || event.type === 'approval.reject' ? event.teacherId : null,
      reason: '',
      reasonError: null,
      error: null,
      notice: null,
    }),
    changeReason: assign({
      reason: ({ event }) => (event.type === 'reason.change' ? event.value.slice(0, REASON_MAX) : ''),
      reasonError: null,
    }),
    showReasonError: assign({
      reasonError: ({ context }) => validateRejection({ reason: context.reason }).reason ?? null,
    }),
    noteApproved: assign({ notice: ({ context }) => `${nameOf(context)} is now verified.`, teacherId: null }),
    noteRejected: assign({
      notice: ({ context }) => `${nameOf(context)} was rejected and deactivated.`,
      teacherId: null,
      reason: '',
    }),
    showDecisionFailure: assign({ error: ADMIN_MESSAGES.decisionFailed }),
    forgetTeacher: assign({ teacherId: null, reason: '', reasonError: null }),
  },
}).createMachine({
  id: 'adminApprovals',
  context: {
    teachers: [],
    total: 0,
    teacherId: null,
    reason: '',
    reasonError: null,
    error: null,
    notice: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchApprovals',
        src: 'fetchApprovals',
        onDone: { target: 'ready', actions: 'showList' },
        onError: { target: 'failure', actions: 'showLoadFailure' },
      },
    },
    failure: { on: { 'approvals.retry': 'loading' } },
    ready: {
      on: {
        'approval.approve': { target: 'approving', actions: 'pickTeacher' },
        'approval.reject': { target: 'rejecting', actions: 'pickTeacher' },
      },
    },
    approving: {
      invoke: {
        id: 'approveTeacher',
        src: 'approveTeacher',
        input: ({ context }) => ({ teacherId: context.teacherId ?? 0 }),
        onDone: { target: 'loading', actions: 'noteApproved' },
        onError: { target: 'ready', actions: ['showDecisionFailure', 'forgetTeacher'] },
      },
    },
    rejecting: {
      initial: 'askingReason',
      states: {
        askingReason: {
          on: {
            'rejection.cancel': { target: '#adminApprovals.ready', actions: 'forgetTeacher' },
            'reason.change': { actions: 'changeReason' },
            'rejection.submit': [
              { guard: 'reasonIsValid', target: 'submitting' },
              { actions: 'showReasonError' },
            ],
          },
        },
        submitting: {
          invoke: {
            id: 'rejectTeacher',
            src: 'rejectTeacher',
            input: ({ context }) => ({ teacherId: context.teacherId ?? 0, reason: context.reason.trim() }),
            onDone: { target: '#adminApprovals.loading', actions: 'noteRejected' },
            onError: { target: 'askingReason', actions: 'showDecisionFailure' },
          },
        },
      },
    },
  },
});
