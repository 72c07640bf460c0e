import { assign, fromPromise, setup } from 'xstate';
import { JOB_MESSAGES } from '../../contract/rules/jobs';
import type { MyApplication } from '../../contract/structs/jobs';
import { failureMessage } from '../common/failure';

/**
 * 'My applications' (/myapplications): each application with its posting, its status and its
 * history (with the notes the hiring side left). Notifications are the header's bell's, as for
 * every role.
 */
export const MY_APPLICATIONS_FAILED = JOB_MESSAGES.myApplicationsFailed;

export interface MyApplicationsData {
  applications: MyApplication[];
}

export interface MyApplicationsContext extends MyApplicationsData {
  error: string | null;
}

export type MyApplicationsEvent = { type: 'list.refresh' } | { type: 'list.retry' };

export const myApplicationsMachine = setup({
  types: { context: {} as MyApplicationsContext, events: {} as MyApplicationsEvent },
  actors: {
    fetchApplications: fromPromise<MyApplicationsData>(async () => {
      throw new Error('fetchApplications is supplied by the view');
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
  },
}).createMachine({
  id: 'myApplications',
  context: { applications: [], error: null },
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
    ready: { on: { 'list.refresh': 'loading' } },
    failure: { on: { 'list.retry': 'loading' } },
  },
});
