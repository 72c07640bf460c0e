import { assign, fromPromise, setup } from 'xstate';
import { isLiveApplication, validateCoverNote } from '../../contract/rules/job-postings';
import { JOB_MESSAGES, type ResumeFile, validateResumeFile } from '../../contract/rules/jobs';
import type { JobPosting } from '../../contract/structs/jobs';
import { failureMessage } from '../common/failure';
import { clearError } from '../common/field-errors';
import { selectResume } from './form';

/**
 * A posting's page (/jobs/{id}) and applying to it: the posting is read; a job seeker who has not
 * applied and whose posting still takes applications may open the application, write an optional
 * cover note, keep the resume on file or choose a new PDF, and send it. The server's refusals
 * (already applied, closed) are shown as it words them.
 */
export const POSTING_LOAD_FAILED = JOB_MESSAGES.postingLoadFailed;
export const APPLY_FAILED = JOB_MESSAGES.applyFailed;

export interface JobApplyInput {
  postingId: number;
}

export interface JobApplyContext {
  postingId: number;
  posting: JobPosting | null;
  coverNote: string;
  /** A new resume for this application; null sends the one on file. */
  resume: ResumeFile | null;
  errors: { cover_note?: string; resume?: string };
  error: string | null;
}

export type JobApplyEvent =
  | { type: 'apply.open' }
  | { type: 'apply.cancel' }
  | { type: 'cover.change'; value: string }
  | { type: 'resume.select'; file: ResumeFile | null }
  | { type: 'apply.submit' }
  | { type: 'posting.retry' };

export const jobApplyMachine = setup({
  types: { context: {} as JobApplyContext, events: {} as JobApplyEvent, input: {} as JobApplyInput },
  actors: {
    fetchPosting: fromPromise<JobPosting, { postingId: number }>(async () => {
      throw new Error('fetchPosting is supplied by the view');
    }),
    submitApplication: fromPromise<
      unknown,
      { postingId: number; coverNote: string; resume: ResumeFile | null }
    >(async () => {
      throw new Error('submitApplication is supplied by the view');
    }),
  },
  actions: {
    storePosting: assign({
      posting: ({ event }) => (event as unknown as { output: JobPosting }).output,
      error: () => null,
    }),
    storeLoadError: assign({
      error: ({ event }) => failureMessage((event as { error?: unknown }).error, POSTING_LOAD_FAILED),
    }),
    changeCover: assign(({ context, event }) => {
      if (event.type !== 'cover.change') return {};
      return { coverNote: event.value, errors: clearError(context.errors, 'cover_note') };
    }),
    selectResume: assign(({ context, event }) => {
      if (event.type !== 'resume.select') return {};
      return selectResume(context.resume, context.errors, event.file);
    }),
    validate: assign({
      errors: ({ context }) => {
        const errors: JobApplyContext['errors'] = {};
        const cover = validateCoverNote(context.coverNote);
        if (cover) errors.cover_note = cover;
        const resume = context.resume ? validateResumeFile(context.resume) : undefined;
        if (resume) errors.resume = resume;
        return errors;
      },
    }),
    markApplied: assign({
      posting: ({ context, event }) =>
        context.posting && {
          ...context.posting,
          my_application: {
            id: ((event as unknown as { output: { id?: number } }).output?.id as number) ?? 0,
            status: 'applied',
          },
        },
      error: () => null,
    }),
    storeApplyError: assign({
      error: ({ event }) => failureMessage((event as { error?: unknown }).error, APPLY_FAILED),
    }),
    clearError: assign({ error: () => null }),
  },
  guards: {
    // A withdrawn application does not stand in the way: its job seeker may apply again.
    canApply: ({ context }) =>
      Boolean(context.posting?.accepting_applications && !isLiveApplication(context.posting?.my_application)),
    isValid: ({ context }) => Object.keys(context.errors).length === 0,
  },
}).createMachine({
  id: 'jobApply',
  context: ({ input }) => ({
    postingId: input.postingId,
    posting: null,
    coverNote: '',
    resume: null,
    errors: {},
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchPosting',
        src: 'fetchPosting',
        input: ({ context }) => ({ postingId: context.postingId }),
        onDone: { target: 'viewing', actions: 'storePosting' },
        onError: { target: 'failure', actions: 'storeLoadError' },
      },
    },
    failure: { on: { 'posting.retry': 'loading' } },
    viewing: {
      on: { 'apply.open': { guard: 'canApply', target: 'composing', actions: 'clearError' } },
    },
    composing: {
      initial: 'editing',
      on: { 'apply.cancel': { target: 'viewing' } },
      states: {
        editing: {
          on: {
            'cover.change': { actions: 'changeCover' },
            'resume.select': { actions: 'selectResume' },
            'apply.submit': { target: 'checking', actions: 'validate' },
          },
        },
        checking: {
          always: [{ guard: 'isValid', target: 'submitting' }, { target: 'editing' }],
        },
        submitting: {
          invoke: {
            id: 'submitApplication',
            src: 'submitApplication',
            input: ({ context }) => ({
              postingId: context.postingId,
              coverNote: context.coverNote,
              resume: context.resume,
            }),
            onDone: { target: '#jobApply.applied', actions: 'markApplied' },
            onError: { target: 'editing', actions: 'storeApplyError' },
          },
        },
      },
    },
    /** Sent: the page shows the application's status. */
    applied: {},
  },
});
