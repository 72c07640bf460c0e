import { assign, fromPromise, setup } from 'xstate';
import { TOAST_MS, UNNAMED_STUDENT } from '../../contract/constants';
import { TEACHER_DASHBOARD_MESSAGES as M } from '../../contract/rules/teacher-dashboard';
import type { TeacherStudentRequest } from '../../contract/structs/request';
import type { TeacherRecord } from '../../contract/structs/teacher';
import { FAILURE_ORDER, failureText } from '../common/failure';
import { errorOf, fixStepOf, notProvided, outputOf } from './form';

/**
 * The teacher dashboard (/dashboard, /tutor). Independent regions: the teacher record (spinner until
 * it is fetched; on screen from the start when the first screen's answer is given as input), this
 * teacher's requests (D9: New Requests with Accept/Decline, each confirmed in a
 * dialog, Decline with an optional reason; Active with End Contract), the End Contract dialog, and
 * the 3-second toast.
 */

export interface DashboardInput {
  /** Unused by the machine: the view's loadTeacher actor resolves the signed-in teacher. */
  teacherId?: number | null;
  /**
   * The first screen's answer when the page already has it (the teacher and, usually, the newest
   * requests): the machine starts with them on screen instead of loading them.
   */
  first?: { teacher: TeacherRecord; requests?: TeacherStudentRequest[] } | null;
}

interface Context {
  teacher: TeacherRecord | null;
  requests: TeacherStudentRequest[];
  /** The requests came with the first screen's answer given at the start: no load for them. */
  requestsGiven: boolean;
  /** Request being accepted or declined (confirmation dialog, then the call). */
  pendingId: number | null;
  /** The optional reason typed in the Decline dialog (the teacher's own words). */
  reason: string;
  /** The preset picked in the Decline dialog (a DECLINE_REASON_KEYS key), or 'other' with typed words. */
  reasonKey: string | null;
  /** The request the End Contract dialog is about. */
  ending: { id: number; name: string } | null;
  /**
   * What each dialog says, kept after it closes: a dialog fades out with its own words, where the
   * request it was about is gone (an accepted request's dialog never turns into 'Decline request',
   * nor loses the student's name). `name` null: the student's name is not known.
   */
  shown: { accept: boolean; name: string | null; ending: string };
  toast: string | null;
  /** A toast was set that the toast region has not shown yet (it starts the 3 seconds again). */
  toastFresh: boolean;
}

type Event =
  | { type: 'account.edit' }
  | { type: 'account.details' }
  | { type: 'documents.fix' }
  | { type: 'request.accept'; id: number }
  | { type: 'request.decline'; id: number }
  /** A preset picked (`key`), or the teacher's own words typed (`reason`). */
  | { type: 'reason.change'; reason: string; key?: string | null }
  | { type: 'decision.confirm' }
  | { type: 'decision.cancel' }
  | { type: 'contract.end'; id: number }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'teacher.retry' }
  | { type: 'requests.retry' }
  | { type: 'toast.dismiss' };

export interface StatusChange {
  id: number;
  status: 'accepted' | 'declined' | 'ended';
  /** Declining: the teacher's optional reason, shown to the student: a preset's key, or own words. */
  reason?: string;
  reasonKey?: string | null;
}

/** New Requests: sent to this teacher and not answered yet. */
export const newRequests = (requests: TeacherStudentRequest[]) =>
  requests.filter((r) => r.status === 'request_send');
/** Active: accepted and not ended. */
export const activeRequests = (requests: TeacherStudentRequest[]) =>
  requests.filter((r) => r.status === 'accepted');
export const studentName = (r: TeacherStudentRequest | undefined) => r?.student?.name ?? UNNAMED_STUDENT;

/** Sets the toast; the toast region shows it (a context change, not an internal event). */
const toast = (message: string) => ({ toast: message, toastFresh: true });

const replaceRequest = (list: TeacherStudentRequest[], updated: TeacherStudentRequest) =>
  list.map((r) => (r.id === updated.id ? updated : r));

export const dashboardMachine = setup({
  types: { context: {} as Context, events: {} as Event, input: {} as DashboardInput },
  actors: {
    loadTeacher: fromPromise<TeacherRecord>(notProvided('teacherDashboard', 'loadTeacher')),
    loadRequests: fromPromise<TeacherStudentRequest[], { teacherId: number }>(
      notProvided('teacherDashboard', 'loadRequests'),
    ),
    updateStatus: fromPromise<TeacherStudentRequest, StatusChange>(
      notProvided('teacherDashboard', 'updateStatus'),
    ),
  },
  actions: {
    setTeacher: assign({ teacher: ({ event }) => outputOf<TeacherRecord>(event) }),
    setRequests: assign({ requests: ({ event }) => outputOf<TeacherStudentRequest[]>(event) }),
    setPending: assign(({ context, event }) => {
      if (event.type !== 'request.accept' && event.type !== 'request.decline') return {};
      const name = context.requests.find((r) => r.id === event.id)?.student?.name ?? null;
      return {
        pendingId: event.id,
        shown: { ...context.shown, accept: event.type === 'request.accept', name },
      };
    }),
    clearPending: assign({ pendingId: null, reason: '', reasonKey: null }),
    // A preset replaces typed words; typed words replace the preset ('other').
    setReason: assign(({ event }) => {
      if (event.type !== 'reason.change') return {};
      if (event.key) return { reasonKey: event.key, reason: '' };
      return { reason: event.reason, reasonKey: event.reason.trim() ? 'other' : null };
    }),
    applyUpdate: assign({
      requests: ({ context, event }) =>
        replaceRequest(context.requests, outputOf<TeacherStudentRequest>(event)),
    }),
    openDialog: assign(({ context, event }) => {
      if (event.type !== 'contract.end') return {};
      const ending = { id: event.id, name: studentName(context.requests.find((r) => r.id === event.id)) };
      return { ending, shown: { ...context.shown, ending: ending.name } };
    }),
    closeDialog: assign({ ending: null }),
    markToastShown: assign({ toastFresh: false }),
    clearToast: assign({ toast: null, toastFresh: false }),
    /** Supplied by the view: Edit opens the onboarding steps in edit mode (prefilled). */
    openEdit: () => {},
    /** Supplied by the view: Details opens /profile. */
    openDetails: () => {},
    /** Supplied by the view: 'Fix documents' opens that step in edit mode (fixStepOf). */
    openFixDocuments: (_, _params: { step: 1 | 3 }) => {},
    toastAnswered: assign(({ event }) => {
      const r = outputOf<TeacherStudentRequest>(event);
      const name = studentName(r);
      return toast(r.status === 'accepted' ? M.requestAccepted(name) : M.requestDeclined(name));
    }),
    toastEnded: assign(({ context }) => toast(M.contractEnded(context.ending?.name ?? ''))),
    toastFailure: assign(({ event }) =>
      toast(failureText(errorOf(event), FAILURE_ORDER.server, M.statusUpdateFailed)),
    ),
    /** Supplied by the view: fetch failures are logged (docs/product.md#validation-and-messages). */
    logFailure: (_, _params: { what: string; error: unknown }) => {},
  },
  guards: {
    hasTeacher: ({ context }) => context.teacher !== null,
    hasGivenRequests: ({ context }) => context.requestsGiven,
    isVerified: ({ context }) => context.teacher?.verification_status === 'verified',
    isRejected: ({ context }) => context.teacher?.verification_status === 'rejected',
    /** Only the mark sheet or certificate is missing: Fix documents opens step 3 (fixStepOf). */
    fixesInPreferences: ({ context }) => fixStepOf(context.teacher) === 3,
    hasFreshToast: ({ context }) => context.toastFresh,
    /** Accept and Decline exist only on New Requests; End Contract only on Active ones. */
    /** One dialog at a time: no decision starts while the End Contract dialog is open, and vice versa. */
    isNewRequest: ({ context, event }) =>
      context.ending === null &&
      'id' in event &&
      newRequests(context.requests).some((r) => r.id === event.id),
    isActiveRequest: ({ context, event }) =>
      context.pendingId === null &&
      'id' in event &&
      activeRequests(context.requests).some((r) => r.id === event.id),
  },
  delays: { toastDelay: TOAST_MS },
}).createMachine({
  id: 'teacherDashboard',
  context: ({ input }) => ({
    teacher: input?.first?.teacher ?? null,
    requests: input?.first?.requests ?? [],
    requestsGiven: Boolean(input?.first?.requests),
    pendingId: null,
    reason: '',
    reasonKey: null,
    ending: null,
    shown: { accept: true, name: null, ending: '' },
    toast: null,
    toastFresh: false,
  }),
  type: 'parallel',
  on: {
    // Edit and Details are on the Account Details card, shown once the teacher is loaded.
    'account.edit': { guard: 'hasTeacher', actions: 'openEdit' },
    'account.details': { guard: 'hasTeacher', actions: 'openDetails' },
  },
  states: {
    teacher: {
      initial: 'starting',
      states: {
        /** Given with the first screen's answer: on screen at once; otherwise loaded. */
        starting: { always: [{ guard: 'hasTeacher', target: 'loaded' }, { target: 'loading' }] },
        loading: {
          invoke: {
            src: 'loadTeacher',
            id: 'loadTeacher',
            onDone: { target: 'loaded', actions: 'setTeacher' },
            onError: {
              target: 'failed',
              actions: {
                type: 'logFailure',
                params: ({ event }) => ({ what: 'teacher', error: event.error }),
              },
            },
          },
        },
        loaded: {},
        failed: { on: { 'teacher.retry': 'loading' } },
      },
    },
    requests: {
      initial: 'waiting',
      states: {
        /** The requests are this teacher's: they load once the teacher is known (unless given). */
        waiting: {
          always: [
            { guard: 'hasGivenRequests', target: 'loaded' },
            { guard: 'hasTeacher', target: 'loading' },
          ],
        },
        loading: {
          invoke: {
            src: 'loadRequests',
            id: 'loadRequests',
            input: ({ context }) => ({ teacherId: context.teacher!.id }),
            onDone: { target: 'loaded', actions: 'setRequests' },
            onError: {
              target: 'failed',
              actions: {
                type: 'logFailure',
                params: ({ event }) => ({ what: 'requests', error: event.error }),
              },
            },
          },
        },
        loaded: {
          on: {
            'request.accept': { guard: 'isNewRequest', target: 'confirmingAccept', actions: 'setPending' },
            'request.decline': { guard: 'isNewRequest', target: 'confirmingDecline', actions: 'setPending' },
          },
        },
        /** 'Accept the request from {name}? ...' */
        confirmingAccept: {
          on: {
            'decision.confirm': 'accepting',
            'decision.cancel': { target: 'loaded', actions: 'clearPending' },
          },
        },
        /** 'Decline the request from {name}?' with an optional reason (presets or free text). */
        confirmingDecline: {
          on: {
            'reason.change': { actions: 'setReason' },
            'decision.confirm': 'declining',
            'decision.cancel': { target: 'loaded', actions: 'clearPending' },
          },
        },
        accepting: {
          invoke: {
            src: 'updateStatus',
            id: 'acceptRequest',
            input: ({ context }) => ({ id: context.pendingId!, status: 'accepted' as const }),
            onDone: { target: 'loaded', actions: ['applyUpdate', 'clearPending', 'toastAnswered'] },
            onError: { target: 'loaded', actions: ['clearPending', 'toastFailure'] },
          },
        },
        declining: {
          invoke: {
            src: 'updateStatus',
            id: 'declineRequest',
            input: ({ context }) => ({
              id: context.pendingId!,
              status: 'declined' as const,
              reason: context.reason.trim(),
              reasonKey: context.reasonKey,
            }),
            onDone: { target: 'loaded', actions: ['applyUpdate', 'clearPending', 'toastAnswered'] },
            // The dialog stays with the reason written: the teacher can send it again or cancel.
            onError: { target: 'confirmingDecline', actions: 'toastFailure' },
          },
        },
        failed: { on: { 'requests.retry': 'loading' } },
      },
    },
    contract: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'contract.end': { guard: 'isActiveRequest', target: 'confirming', actions: 'openDialog' } },
        },
        /** 'Are you sure you want to end the contract with {name}? ...' */
        confirming: {
          on: {
            'dialog.cancel': { target: 'closed', actions: 'closeDialog' },
            'dialog.confirm': 'ending',
          },
        },
        ending: {
          invoke: {
            src: 'updateStatus',
            id: 'endContract',
            input: ({ context }) => ({ id: context.ending!.id, status: 'ended' as const }),
            onDone: { target: 'closed', actions: ['applyUpdate', 'toastEnded', 'closeDialog'] },
            onError: { target: 'closed', actions: ['toastFailure', 'closeDialog'] },
          },
        },
      },
    },
    /** Any transition that sets a toast shows it for 3 seconds; a newer toast starts them again. */
    /**
     * Where the teacher stands with verification (D13), shown at the top once the record is known:
     * documents under review, verified, or rejected with the reason and a way to fix the documents.
     */
    verification: {
      initial: 'unknown',
      states: {
        unknown: {
          always: [
            { guard: 'isVerified', target: 'verified' },
            { guard: 'isRejected', target: 'rejected' },
            { guard: 'hasTeacher', target: 'pending' },
          ],
        },
        pending: {},
        verified: {},
        rejected: {
          on: {
            'documents.fix': [
              {
                guard: 'fixesInPreferences',
                actions: { type: 'openFixDocuments', params: { step: 3 } },
              },
              { actions: { type: 'openFixDocuments', params: { step: 1 } } },
            ],
          },
        },
      },
    },
    toast: {
      initial: 'hidden',
      states: {
        hidden: { always: { guard: 'hasFreshToast', target: 'visible', actions: 'markToastShown' } },
        visible: {
          always: { guard: 'hasFreshToast', target: 'replaced', actions: 'markToastShown' },
          after: { toastDelay: { target: 'hidden', actions: 'clearToast' } },
          on: { 'toast.dismiss': { target: 'hidden', actions: 'clearToast' } },
        },
        /** A newer toast replaced the visible one: the same screen, its own 3 seconds. */
        replaced: {
          always: { guard: 'hasFreshToast', target: 'visible', actions: 'markToastShown' },
          after: { toastDelay: { target: 'hidden', actions: 'clearToast' } },
          on: { 'toast.dismiss': { target: 'hidden', actions: 'clearToast' } },
        },
      },
    },
  },
});
