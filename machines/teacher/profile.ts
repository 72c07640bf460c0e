import { assign, fromPromise, setup } from 'xstate';
import { TEACHER_DASHBOARD_MESSAGES as M } from '../../contract/rules/teacher-dashboard';
import type { TeacherRecord } from '../../contract/structs/teacher';
import { FAILURE_ORDER, failureText } from '../common/failure';
import { errorOf, notProvided, outputOf } from './form';

/**
 * The teacher's own profile (/profile, D9): loads the signed-in teacher's record; documents on file
 * open through an authenticated fetch (private documents, D8).
 */

interface Context {
  teacher: TeacherRecord | null;
  error: string | null;
  documentError: string | null;
}

type Event = { type: 'teacher.retry' } | { type: 'document.open'; url: string };

export const profileMachine = setup({
  types: { context: {} as Context, events: {} as Event },
  actors: {
    loadTeacher: fromPromise<TeacherRecord>(notProvided('teacherProfile', 'loadTeacher')),
    /** Fetches a private document with the token and shows it (a blob URL in a new tab). */
    openDocument: fromPromise<void, { url: string }>(notProvided('teacherProfile', 'openDocument')),
  },
  actions: {
    setTeacher: assign({ teacher: ({ event }) => outputOf<TeacherRecord>(event), error: null }),
    setError: assign({
      error: ({ event }) => failureText(errorOf(event), FAILURE_ORDER.server, M.teacherLoadFailed),
    }),
    setDocumentError: assign({ documentError: M.documentOpenFailed }),
    clearDocumentError: assign({ documentError: null }),
  },
}).createMachine({
  id: 'teacherProfile',
  context: { teacher: null, error: null, documentError: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadTeacher',
        id: 'loadTeacher',
        onDone: { target: 'loaded', actions: 'setTeacher' },
        onError: { target: 'failed', actions: 'setError' },
      },
    },
    failed: { on: { 'teacher.retry': 'loading' } },
    loaded: {
      initial: 'idle',
      states: {
        idle: { on: { 'document.open': { target: 'opening', actions: 'clearDocumentError' } } },
        opening: {
          invoke: {
            src: 'openDocument',
            id: 'openDocument',
            input: ({ event }) => ({ url: event.type === 'document.open' ? event.url : '' }),
            onDone: 'idle',
            onError: { target: 'idle', actions: 'setDocumentError' },
          },
        },
      },
    },
  },
});
