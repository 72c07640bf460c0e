import { assign, fromPromise, setup } from 'xstate';
import { ADMIN_MESSAGES } from '../../contract/rules/admin';
import { missingDocuments } from '../../contract/rules/files';
import type { AdminTeacherFile, TeacherDecision } from '../../contract/structs/admin';
import { notProvided } from '../common/actors';
import { isApiFailure } from '../common/failure';
import { decisionRefusal, rejectionReason } from './adminApprovals';
import { noLongerWaiting } from './reviewQueue';

/**
 * One teacher's full record for an administrator (/Admin_Teacher/:id, opened from a card of the
 * teacher list): every field, documents, qualification, preferences, schedule, the requests sent
 * to the teacher and the activity on them. Whether the teacher is pending review is decided once,
 * when the file arrives (`loaded.pending` or `loaded.decided`, tag 'pending'). A pending teacher can
 * be decided on here as in Teacher Approvals (adminApprovals): Approve at once (only with every
 * document on file, as the queue lists them: `missingDocuments` in contract/rules/files.ts), Reject after a reason, the same
 * calls, rules and messages. The decision's answer (the teacher as now stored) replaces the teacher
 * on screen and is confirmed, and the file loads again (`refreshing`: the activity gains the
 * decision). When another administrator decided first, or the teacher changed what is reviewed since
 * the file loaded (409: each decision sends back the review version on screen), the server's words
 * show and the file loads again, so the status, reason and documents now stored show. The calls are
 * supplied with `.provide()`.
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
/** A decision's call: the teacher, and the review version the file on screen shows (sent back). */
interface DecisionOn {
  teacherId: number;
  reviewVersion: number | undefined;
}
const decisionOn = ({ context }: { context: AdminTeacherFileContext }): DecisionOn => ({
  teacherId: context.teacherId,
  reviewVersion: context.file?.teacher.review_version,
});

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
    approveTeacher: fromPromise<DecisionAnswer, DecisionOn>(
      notProvided('adminTeacherFile', 'approveTeacher'),
    ),
    rejectTeacher: fromPromise<DecisionAnswer, DecisionOn & { reason: string }>(
      notProvided('adminTeacherFile', 'rejectTeacher'),
    ),
  },
  guards: {
    isNotFound: ({ event }) => {
      const error = (event as unknown as { error: unknown }).error;
      return isApiFailure(error) && error.status === 404;
    },
    isPending: ({ context }) => pending(context.file),
    hasDocuments: ({ context }) => missingDocuments(context.file?.teacher).length === 0,
    noLongerWaiting: ({ event }) => noLongerWaiting((event as unknown as { error: unknown }).error),
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
    forgetReason: assign({ reason: '', reasonError: null }),
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
    showDecisionFailure: assign({
      decisionError: ({ event }) => decisionRefusal((event as unknown as { error: unknown }).error),
    }),
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
      initial: 'sorting',
      states: {
        /** Pending review or not: decided here, once per file. */
        sorting: { always: [{ guard: 'isPending', target: 'pending' }, { target: 'decided' }] },
        /** Verified or rejected: nothing to decide until the teacher changes what was reviewed. */
        decided: {},
        // Tags tell the view what a state is: 'pending' (the decision is offered), 'asking' (the
        // reason dialog is open), 'sending'.
        pending: {
          initial: 'viewing',
          tags: ['pending'],
          states: {
            viewing: {
              on: {
                'file.approve': { guard: 'hasDocuments', target: 'approving', actions: 'startDecision' },
                'file.reject': { target: 'rejecting', actions: 'startDecision' },
              },
            },
            approving: {
              tags: ['sending'],
              invoke: {
                id: 'approveTeacher',
                src: 'approveTeacher',
                input: decisionOn,
                onDone: {
                  target: '#adminTeacherFile.refreshing',
                  actions: { type: 'showDecision', params: { approved: true } },
                },
                onError: [
                  {
                    guard: 'noLongerWaiting',
                    target: '#adminTeacherFile.refreshing',
                    actions: 'showDecisionFailure',
                  },
                  { target: 'viewing', actions: 'showDecisionFailure' },
                ],
              },
            },
            rejecting: {
              initial: 'editing',
              tags: ['asking'],
              states: {
                editing: {
                  on: {
                    'decision.change': { actions: 'changeReason' },
                    'decision.cancel': {
                      target: '#adminTeacherFile.loaded.pending.viewing',
                      actions: 'forgetDecision',
                    },
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
                      ...decisionOn({ context }),
                      reason: String(rejectionReason.send(context.reason)),
                    }),
                    onDone: {
                      target: '#adminTeacherFile.refreshing',
                      actions: { type: 'showDecision', params: { approved: false } },
                    },
                    // Decided by someone else: the dialog closes and the file loads again. Another
                    // refusal keeps the dialog and the reason typed.
                    onError: [
                      {
                        guard: 'noLongerWaiting',
                        target: '#adminTeacherFile.refreshing',
                        actions: ['showDecisionFailure', 'forgetReason'],
                      },
                      { target: 'editing', actions: 'showDecisionFailure' },
                    ],
                  },
                },
              },
            },
          },
        },
      },
    },
    /**
     * After a decision (or a refusal that means someone else decided): the file loads again with the
     * teacher as now stored and the activity that followed, the file on screen meanwhile. A failure
     * keeps what is shown and says so.
     */
    refreshing: {
      invoke: {
        id: 'refreshTeacherFile',
        src: 'fetchTeacherFile',
        input: ({ context }) => ({ teacherId: context.teacherId }),
        onDone: { target: 'loaded', actions: 'showFile' },
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          { target: 'loaded', actions: 'showFailure' },
        ],
      },
    },
    notFound: {},
    failure: { on: { 'file.retry': 'loading' } },
  },
});
