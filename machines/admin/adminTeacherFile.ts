import { assign, fromPromise, setup } from 'xstate';
import { ADMIN_MESSAGES } from '../../contract/rules/admin';
import type { AdminTeacherFile } from '../../contract/structs/admin';
import { notProvided } from '../common/actors';
import { isApiFailure } from '../common/failure';

/**
 * One teacher's full record for an administrator (/Admin_Teacher/:id, opened from a card of the
 * teacher list): every field, documents, qualification, preferences, schedule, the requests sent
 * to the teacher and the activity on them. The fetch is supplied with `.provide()`.
 */

export interface AdminTeacherFileContext {
  teacherId: number;
  file: AdminTeacherFile | null;
  error: string | null;
}

export type AdminTeacherFileEvent = { type: 'file.retry' };

export interface AdminTeacherFileInput {
  teacherId: number;
}

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
  },
  guards: {
    isNotFound: ({ event }) => {
      const error = (event as unknown as { error: unknown }).error;
      return isApiFailure(error) && error.status === 404;
    },
  },
  actions: {
    showFile: assign({
      file: ({ event }) => (event as unknown as { output: AdminTeacherFile }).output,
      error: null,
    }),
    showFailure: assign({ error: ADMIN_MESSAGES.teacherFileFailed }),
  },
}).createMachine({
  id: 'adminTeacherFile',
  context: ({ input }) => ({ teacherId: input.teacherId, file: null, error: null }),
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
    loaded: {},
    notFound: {},
    failure: { on: { 'file.retry': 'loading' } },
  },
});
