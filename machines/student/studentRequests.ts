import { assign, fromPromise, setup } from 'xstate';
import { REQUEST_MESSAGES } from '../../contract/rules/request';
import type { TeacherStudentRequest } from '../../contract/structs/request';
import { failureMessage } from '../common/failure';

/** One request the student made on /subject, with the copies sent to teachers (newest first). */
export interface RequestGroup {
  request: TeacherStudentRequest;
  sent: TeacherStudentRequest[];
}

/** One step of a teacher's status timeline. */
export interface TimelineStep {
  status: 'request_send' | 'accepted' | 'declined' | 'cancelled' | 'ended';
  at: string;
  reason?: string | null;
  /** A decline-reason preset (shown in the reader's language), 'other' or null: `reason` is then as typed. */
  reasonKey?: string | null;
}

/** The student's requests grouped: each request made with the copies sent from it. */
export function groupRequests(rows: TeacherStudentRequest[]): RequestGroup[] {
  const made = rows.filter((r) => r.teacher_id === null);
  return made.map((request) => ({
    request,
    sent: rows.filter((r) => r.parent_request_id === request.id),
  }));
}

/** sent → accepted → ended, or sent → declined (with the reason), or sent → cancelled, with times. */
export function timelineOf(r: TeacherStudentRequest): TimelineStep[] {
  const steps: TimelineStep[] = [{ status: 'request_send', at: r.created_at }];
  if (r.accepted_at) steps.push({ status: 'accepted', at: r.accepted_at });
  const last = r.status_changed_at ?? r.updated_at;
  if (r.status === 'declined')
    steps.push({
      status: 'declined',
      at: last,
      reason: r.decline_reason ?? null,
      reasonKey: r.decline_reason_key ?? null,
    });
  if (r.status === 'cancelled') steps.push({ status: 'cancelled', at: last });
  if (r.status === 'ended') steps.push({ status: 'ended', at: last });
  if (r.status === 'accepted' && !r.accepted_at) steps.push({ status: 'accepted', at: last });
  return steps;
}

export const isOpen = (g: RequestGroup | undefined) => g?.request.status === 'request_send';

/** The copy sent to a teacher with this id, and the request it was sent from. */
export function sentCopy(groups: RequestGroup[], id: number | null) {
  for (const group of groups) {
    const sent = group.sent.find((s) => s.id === id);
    if (sent) return { group, sent };
  }
  return undefined;
}

export interface StudentRequestsInput {
  /** The first screen's answer when the page already has it: the machine starts with it on screen. */
  first?: TeacherStudentRequest[];
}

export interface StudentRequestsContext {
  groups: RequestGroup[];
  /** The list came with the first screen's answer given at the start: no load for it. */
  given: boolean;
  /** The request whose cancellation is being confirmed or sent. */
  cancellingId: number | null;
  /** The accepted copy (a teacher's tutoring) whose end is being confirmed or sent. */
  endingId: number | null;
  notice: string | null;
  message: string | null;
}

export type StudentRequestsEvent =
  | { type: 'request.cancel'; id: number }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.dismiss' }
  | { type: 'tutoring.end'; id: number }
  | { type: 'end.confirm' }
  | { type: 'end.dismiss' }
  | { type: 'request.findMore'; id: number }
  | { type: 'request.change'; id: number }
  | { type: 'requests.retry' }
  | { type: 'request.new' };

/**
 * /requests: every request the student made, each with the teachers it was sent to and a status
 * timeline per teacher (contact details once accepted, the reason when declined). Cancel asks first;
 * 'Find more teachers' opens the finder for that request; 'Change request' opens it prefilled. 'End
 * tutoring' on a teacher who accepted asks first, then ends it; the notice says where to find another
 * teacher (this request while it is open, else a new one).
 */
export const studentRequestsMachine = setup({
  types: {
    context: {} as StudentRequestsContext,
    events: {} as StudentRequestsEvent,
    input: {} as StudentRequestsInput | undefined,
  },
  actors: {
    loadRequests: fromPromise<TeacherStudentRequest[], void>(async () => {
      throw new Error('loadRequests not provided');
    }),
    cancelRequest: fromPromise<TeacherStudentRequest, { id: number }>(async () => {
      throw new Error('cancelRequest not provided');
    }),
    endTutoring: fromPromise<TeacherStudentRequest, { id: number }>(async () => {
      throw new Error('endTutoring not provided');
    }),
  },
  actions: {
    /** Supplied by the view. */
    goToFinder: (_, _params: { requestId: number }) => {},
    goToChange: (_, _params: { requestId: number }) => {},
    goToNewRequest: () => {},
  },
  guards: {
    hasGivenRequests: ({ context }) => context.given,
    /** Cancel and Change only for a request still open. */
    isOpenRequest: ({ context, event }) =>
      'id' in event && isOpen(context.groups.find((g) => g.request.id === event.id)),
    /** End only for a teacher's copy that is accepted. */
    isAcceptedCopy: ({ context, event }) =>
      'id' in event && sentCopy(context.groups, event.id)?.sent.status === 'accepted',
  },
}).createMachine({
  id: 'studentRequests',
  context: ({ input }) => ({
    groups: groupRequests(input?.first ?? []),
    given: Boolean(input?.first),
    cancellingId: null,
    endingId: null,
    notice: null,
    message: null,
  }),
  initial: 'starting',
  states: {
    /** Given with the first screen's answer: on screen at once; otherwise loaded. */
    starting: { always: [{ guard: 'hasGivenRequests', target: 'ready' }, { target: 'loading' }] },
    loading: {
      invoke: {
        id: 'loadRequests',
        src: 'loadRequests',
        onDone: { target: 'ready', actions: assign({ groups: ({ event }) => groupRequests(event.output) }) },
        onError: {
          target: 'failure',
          actions: assign({
            message: ({ event }) => failureMessage(event.error, REQUEST_MESSAGES.requestsLoadFailed),
          }),
        },
      },
    },
    failure: { on: { 'requests.retry': { target: 'loading', actions: assign({ message: null }) } } },
    ready: {
      on: {
        'request.cancel': {
          guard: 'isOpenRequest',
          target: 'confirmingCancel',
          actions: assign({ cancellingId: ({ event }) => event.id, notice: null, message: null }),
        },
        'request.findMore': {
          guard: 'isOpenRequest',
          target: 'leaving',
          actions: { type: 'goToFinder', params: ({ event }) => ({ requestId: event.id }) },
        },
        'request.change': {
          guard: 'isOpenRequest',
          target: 'leaving',
          actions: { type: 'goToChange', params: ({ event }) => ({ requestId: event.id }) },
        },
        'request.new': { target: 'leaving', actions: 'goToNewRequest' },
        'tutoring.end': {
          guard: 'isAcceptedCopy',
          target: 'confirmingEnd',
          actions: assign({ endingId: ({ event }) => event.id, notice: null, message: null }),
        },
      },
    },
    /** Off to the finder or the request form. */
    leaving: { type: 'final' },
    /** REQUEST_MESSAGES.cancelConfirm in a dialog. */
    confirmingCancel: {
      on: {
        'cancel.confirm': 'cancelling',
        'cancel.dismiss': { target: 'ready', actions: assign({ cancellingId: null }) },
      },
    },
    /** REQUEST_MESSAGES.endConfirm with the teacher's name in a dialog. */
    confirmingEnd: {
      on: {
        'end.confirm': 'ending',
        'end.dismiss': { target: 'ready', actions: assign({ endingId: null }) },
      },
    },
    /**
     * Done or refused (a 409 when the teacher ended it first), the list is loaded again: it shows the
     * tutoring as it now stands.
     */
    ending: {
      invoke: {
        id: 'endTutoring',
        src: 'endTutoring',
        input: ({ context }) => ({ id: context.endingId! }),
        onDone: {
          target: 'loading',
          actions: assign(({ context }) => {
            const found = sentCopy(context.groups, context.endingId);
            const name = found?.sent.teacher?.name ?? '';
            return {
              endingId: null,
              notice: isOpen(found?.group)
                ? REQUEST_MESSAGES.endedFindMore(name)
                : REQUEST_MESSAGES.endedNewRequest(name),
            };
          }),
        },
        onError: {
          target: 'loading',
          actions: assign({
            endingId: null,
            message: ({ event }) => failureMessage(event.error, REQUEST_MESSAGES.endFailed),
          }),
        },
      },
    },
    cancelling: {
      invoke: {
        id: 'cancelRequest',
        src: 'cancelRequest',
        input: ({ context }) => ({ id: context.cancellingId! }),
        onDone: {
          target: 'loading',
          actions: assign({ cancellingId: null, notice: REQUEST_MESSAGES.cancelled }),
        },
        onError: {
          target: 'ready',
          actions: assign({
            cancellingId: null,
            message: ({ event }) => failureMessage(event.error, REQUEST_MESSAGES.cancelFailed),
          }),
        },
      },
    },
  },
});
