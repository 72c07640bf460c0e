import { assign, fromPromise, setup } from 'xstate';
import { isInProgress, POSTING_MESSAGES } from '../../contract/rules/job-postings';
import { JOB_MESSAGES } from '../../contract/rules/jobs';
import type { MyApplication } from '../../contract/structs/jobs';
import { failureMessage, isApiFailure } from '../common/failure';

/**
 * 'My applications' (/myapplications): each application with its posting, its status and its
 * history (with the notes the hiring side left). An application still in progress (applied or
 * shortlisted) can be withdrawn after a confirmation that says what follows; the list is read again
 * afterwards. Notifications are the header's bell's, as for every role.
 */
export const MY_APPLICATIONS_FAILED = JOB_MESSAGES.myApplicationsFailed;
export const WITHDRAW_FAILED = POSTING_MESSAGES.withdrawFailed;

export interface MyApplicationsData {
  applications: MyApplication[];
}

export interface MyApplicationsContext extends MyApplicationsData {
  /** The failed load (failure), or the failed withdrawal (confirming). */
  error: string | null;
  /** The application whose withdrawal is being confirmed or sent. */
  withdrawId: number | null;
  /**
   * The server refused the withdrawal because the application changed meanwhile (decided, or
   * already withdrawn: 409): its words, shown above the list read again.
   */
  notice: string | null;
}

export type MyApplicationsEvent =
  | { type: 'list.refresh' }
  | { type: 'list.retry' }
  | { type: 'withdraw.open'; id: number }
  | { type: 'withdraw.cancel' }
  | { type: 'withdraw.confirm' };

export const myApplicationsMachine = setup({
  types: { context: {} as MyApplicationsContext, events: {} as MyApplicationsEvent },
  actors: {
    fetchApplications: fromPromise<MyApplicationsData>(async () => {
      throw new Error('fetchApplications is supplied by the view');
    }),
    withdrawApplication: fromPromise<unknown, { id: number }>(async () => {
      throw new Error('withdrawApplication is supplied by the view');
    }),
  },
  actions: {
    store: assign(({ event }) => ({
      ...(event as unknown as { output: MyApplicationsData }).output,
      error: null,
    })),
    storeError: assign({
      error: ({ event }) => failureMessage((event as { error?: unknown }).error, MY_APPLICATIONS_FAILED),
    }),
    openWithdraw: assign(({ event }) =>
      event.type === 'withdraw.open' ? { withdrawId: event.id, error: null, notice: null } : {},
    ),
    closeWithdraw: assign({ withdrawId: () => null, error: () => null }),
    clearError: assign({ error: () => null }),
    clearNotice: assign({ notice: () => null }),
    storeWithdrawError: assign({
      error: ({ event }) => failureMessage((event as { error?: unknown }).error, WITHDRAW_FAILED),
    }),
    storeNotice: assign({
      notice: ({ event }) => failureMessage((event as { error?: unknown }).error, WITHDRAW_FAILED),
      withdrawId: () => null,
      error: () => null,
    }),
  },
  guards: {
    mayWithdraw: ({ context, event }) =>
      event.type === 'withdraw.open' &&
      context.applications.some((a) => a.id === event.id && isInProgress(a.status)),
    changedMeanwhile: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return isApiFailure(error) && error.status === 409;
    },
  },
}).createMachine({
  id: 'myApplications',
  context: { applications: [], error: null, withdrawId: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchApplications',
        src: 'fetchApplications',
        onDone: { target: 'ready', actions: 'store' },
        onError: { target: 'failure', actions: 'storeError' },
      },
    },
    ready: {
      on: {
        'list.refresh': { target: 'loading', actions: 'clearNotice' },
        'withdraw.open': { guard: 'mayWithdraw', target: 'confirming', actions: 'openWithdraw' },
      },
    },
    failure: { on: { 'list.retry': 'loading' } },
    /** The dialog: what withdrawing means, Withdraw or Keep. A failed withdrawal shows here. */
    confirming: {
      on: {
        'withdraw.cancel': { target: 'ready', actions: 'closeWithdraw' },
        'withdraw.confirm': { target: 'withdrawing', actions: 'clearError' },
      },
    },
    withdrawing: {
      invoke: {
        id: 'withdrawApplication',
        src: 'withdrawApplication',
        input: ({ context }) => ({ id: context.withdrawId as number }),
        onDone: { target: 'loading', actions: 'closeWithdraw' },
        onError: [
          // Decided or withdrawn meanwhile: the list is read again, with the server's reason above it.
          { guard: 'changedMeanwhile', target: 'loading', actions: 'storeNotice' },
          { target: 'confirming', actions: 'storeWithdrawError' },
        ],
      },
    },
  },
});
