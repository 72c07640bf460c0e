import { assign, fromPromise, setup } from 'xstate';
import { ADMIN_MESSAGES } from '../../contract/rules/admin';
import type { AdminTeacherFile, TeacherDecision } from '../../contract/structs/admin';
import { notProvided } from '../common/actors';
import { isApiFailure } from '../common/failure';
import { rejectionReason } from './adminApprovals';

/**
 * One teacher's full record for an administrator (/Admin_Teacher/:id, opened from a card of the
 * teacher list): every field, documents, qualification, preferences, schedule, the requests sent
 * to the teacher and the activity on them. A teacher whose verification is pending can be decided
 * on here as in Teacher Approvals (adminApprovals): Approve at once, Reject after a reason, the same
 * calls, rules and messages. The decision's answer (the teacher as now stored) replaces the
 * teacher on screen and is confirmed. The calls are supplied with `.provide()`.
 */

export interface AdminTeacherFileContext {
  teacherId: number;
  file: AdminTeacherFile | null;
  error: string | null;
  /** The rejection's reason as typed, and why it cannot be sent yet. */
  reason: string;
  reasonError: string | null;
  /** A refused decision. */
  decisionError: string | null;
  /** The last decision, shown as a confirmation. */
  notice: string | null;
}

export type AdminTeacherFileEvent =
  | { type: 'file.retry' }
  | { type: 'file.approve' }
  | { type: 'file.reject' }
  | { type: 'decision.change'; value: string }
  | { type: 'decision.confirm' }
  | { type: 'decision.cancel' };

export interface AdminTeacherFileInput {
  teacherId: number;
}

type DecisionAnswer = typeof TeacherDecision.TYPE;

const pending = (file: AdminTeacherFile | null) => file?.teacher.verification_status === 'pending';

export const adminTeacherFileMachine = setup({
  types: {
    context: {} as AdminTeacherFileContext,
    events: {} as AdminTeacherFileEvent,
    input: {} as AdminTeacherFileInput,
  },
  actors: {
    fetchTeacherFile: fromPromise<AdminTeacherFile, { teacherId: number }>(
      notProvided('adminTeacherFile', 'fetchTeacherFile'),
    ),
    approveTeacher: fromPromise<DecisionAnswer, { teacherId: number }>(
      notProvided('adminTeacherFile', 'approveTeacher'),
    ),
    rejectTeacher: fromPromise<DecisionAnswer, { teacherId: number; reason: string }>(
      notProvided('adminTeacherFile', 'rejectTeacher'),
    ),
  },
  guards: {
    isNotFound: ({ event }) => {
      const error = (event as unknown as { error: unknown }).error;
      return isApiFailure(error) && error.status === 404;
    },
    isPending: ({ context }) => pending(context.file),
    reasonIsValid: ({ context }) => rejectionReason.check(context.reason) === null,
  },
  actions: {
    showFile: assign({
      file: ({ event }) => (event as unknown as { output: AdminTeacherFile }).output,
      error: null,
    }),
    showFailure: assign({ error: ADMIN_MESSAGES.teacherFileFailed }),
    startDecision: assign({ reason: '', reasonError: null, decisionError: null, notice: null }),
    changeReason: assign({
      reason: ({ event }) =>
        event.type === 'decision.change' ? String(rejectionReason.keep(event.value)) : '',
      reasonError: null,
    }),
    showReasonError: assign({ reasonError: ({ context }) => rejectionReason.check(context.reason) }),
    forgetDecision: assign({ reason: '', reasonError: null, decisionError: null }),
    showDecision: assign(({ context, event }, { approved }: { approved: boolean }) => {
      const teacher = (event as unknown as { output: DecisionAnswer }).output.data;
      return {
        file: context.file && { ...context.file, teacher },
        notice: (approved ? ADMIN_MESSAGES.teacherVerified : ADMIN_MESSAGES.teacherRejected)(teacher.name),
        reason: '',
        reasonError: null,
        decisionError: null,
      };
    }),
    showDecisionFailure: assign({ decisionError: ADMIN_MESSAGES.decisionFailed }),
  },
}).createMachine({
  id: 'adminTeacherFile',
  context: ({ input }) => ({
    teacherId: input.teacherId,
    file: null,
    error: null,
    reason: '',
    reasonError: null,
    decisionError: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchTeacherFile',
        src: 'fetchTeacherFile',
        input: ({ context }) => ({ teacherId: context.teacherId }),
        onDone: { target: 'loaded', actions: 'showFile' },
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          { target: 'failure', actions: 'showFailure' },
        ],
      },
    },
    loaded: {
      initial: 'viewing',
      states: {
        // Tags tell the view what a state is: 'asking' (the reason dialog is open), 'sending'.
        viewing: {
          on: {
            'file.approve': { guard: 'isPending', target: 'approving', actions: 'startDecision' },
            'file.reject': { guard: 'isPending', target: 'rejecting', actions: 'startDecision' },
          },
        },
        approving: {
          tags: ['sending'],
          invoke: {
            id: 'approveTeacher',
            src: 'approveTeacher',
            input: ({ context }) => ({ teacherId: context.teacherId }),
            onDone: { target: 'viewing', actions: { type: 'showDecision', params: { approved: true } } },
            onError: { target: 'viewing', actions: 'showDecisionFailure' },
          },
        },
        rejecting: {
          initial: 'editing',
          tags: ['asking'],
          states: {
            editing: {
              on: {
                'decision.change': { actions: 'changeReason' },
                'decision.cancel': { target: '#adminTeacherFile.loaded.viewing', actions: 'forgetDecision' },
                'decision.confirm': [
                  { guard: 'reasonIsValid', target: 'submitting' },
                  { actions: 'showReasonError' },
                ],
              },
            },
            submitting: {
              tags: ['sending'],
              invoke: {
                id: 'rejectTeacher',
                src: 'rejectTeacher',
                input: ({ context }) => ({
                  teacherId: context.teacherId,
                  reason: String(rejectionReason.send(context.reason)),
                }),
                onDone: {
                  target: '#adminTeacherFile.loaded.viewing',
                  actions: { type: 'showDecision', params: { approved: false } },
                },
                onError: { target: 'editing', actions: 'showDecisionFailure' },
              },
            },
          },
        },
      },
    },
    notFound: {},
    failure: { on: { 'file.retry': 'loading' } },
  },
});
