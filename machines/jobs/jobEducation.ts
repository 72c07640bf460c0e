import { assign, fromPromise, setup } from 'xstate';
import { jobRoutes } from '../../contract/api/jobs';
import { declaredFieldErrors } from '../../contract/api/limits';
import { type FieldErrors, hasErrors } from '../../contract/rules/common';
import {
  EMPTY_JOB_EDUCATION,
  JOB_MESSAGES,
  type JobEducationField,
  type JobEducationValues,
  normalizeJobEducationField,
  type ResumeFile,
  validateJobEducation,
  validateResumeFile,
} from '../../contract/rules/jobs';
import { failureFieldMessages, failureMessage } from '../common/failure';
import { editField, restoreValues, selectResume, todayOf } from './form';

/**
 * Job seeker education (/jobdetails2). Submitting reads the resume's first bytes (`resumeSignature`,
 * supplied by the view: true when they are '%PDF'); when every rule holds the education and resume
 * are saved on the server (`saveEducation`) and the job list opens. Back keeps the draft (files are
 * never part of a draft).
 */
export interface JobEducationInput {
  draft?: Partial<Record<string, unknown>> | null;
  /** 'YYYY-MM-DD' to judge the year of passing against; today when absent. */
  today?: string;
}

export interface JobEducationContext {
  values: JobEducationValues;
  resume: ResumeFile | null;
  errors: FieldErrors<JobEducationField>;
  today: string | null;
  /** Why the last save failed (shown above the form). */
  failure: string | null;
}

type TextField = keyof JobEducationValues;
export type JobEducationEvent =
  | { type: 'field.change'; field: TextField; value: string }
  | { type: 'resume.select'; file: ResumeFile | null }
  | { type: 'form.submit' }
  | { type: 'form.back' };

const TEXT_FIELDS = Object.keys(EMPTY_JOB_EDUCATION) as TextField[];

/** Every rule of the form, and where they pass, what the route's declaration refuses (the server's words). */
const formErrors = (context: JobEducationContext, options: { resumeIsPdf?: boolean } = {}) => ({
  ...declaredFieldErrors(jobRoutes.saveEducation.body, context.values),
  ...validateJobEducation(context.values, context.resume, { today: todayOf(context), ...options }),
});

export function restoreJobEducation(draft: JobEducationInput['draft']): JobEducationValues {
  return restoreValues(EMPTY_JOB_EDUCATION, TEXT_FIELDS, draft, normalizeJobEducationField);
}

export const jobEducationMachine = setup({
  types: {
    context: {} as JobEducationContext,
    events: {} as JobEducationEvent,
    input: {} as JobEducationInput,
  },
  actors: {
    /** Resolves true when the file starts with '%PDF', false otherwise. Supplied by the view. */
    resumeSignature: fromPromise<boolean, { file: ResumeFile }>(async () => {
      throw new Error('resumeSignature is supplied by the view');
    }),
    /** Saves the education and uploads the resume. Supplied by the view. */
    saveEducation: fromPromise<unknown, { values: JobEducationValues; resume: ResumeFile }>(async () => {
      throw new Error('saveEducation is supplied by the view');
    }),
  },
  actions: {
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      return editField(context.values, context.errors, event.field, event.value, normalizeJobEducationField);
    }),
    // A wrong file type is shown at once; a missing file only on submit.
    selectResume: assign(({ context, event }) => {
      if (event.type !== 'resume.select') return {};
      return selectResume(context.resume, context.errors, event.file);
    }),
    validate: assign({
      errors: ({ context }, params: { resumeIsPdf?: boolean }) => formErrors(context, params),
      failure: () => null,
    }),
    rememberFailure: assign(({ event }) => {
      const error = (event as { error?: unknown }).error;
      const errors = failureFieldMessages(error) as FieldErrors<JobEducationField>;
      return {
        errors,
        failure: Object.keys(errors).length ? null : failureMessage(error, JOB_MESSAGES.saveFailed),
      };
    }),
    markResumeUnreadable: assign({
      errors: ({ context }) => ({ ...formErrors(context), resume: JOB_MESSAGES.resumeUnreadable }),
    }),
    // Supplied by the view with .provide():
    saveDraft: (_, _params: { values: JobEducationValues }) => {},
    revealErrors: (_, _params: { errors: FieldErrors<JobEducationField> }) => {},
    goBack: () => {},
    goToJobList: () => {},
  },
  guards: {
    isValid: ({ context }) => !hasErrors(context.errors),
    hasResumeToRead: ({ context }) => context.resume !== null && !validateResumeFile(context.resume),
  },
}).createMachine({
  id: 'jobEducation',
  context: ({ input }) => ({
    values: restoreJobEducation(input?.draft),
    resume: null,
    errors: {},
    today: input?.today ?? null,
    failure: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': {
          actions: [
            'changeField',
            { type: 'saveDraft', params: ({ context }) => ({ values: context.values }) },
          ],
        },
        'resume.select': { actions: 'selectResume' },
        'form.submit': [
          { guard: 'hasResumeToRead', target: 'validating' },
          { target: 'checked', actions: { type: 'validate', params: {} } },
        ],
        'form.back': {
          actions: [{ type: 'saveDraft', params: ({ context }) => ({ values: context.values }) }, 'goBack'],
        },
      },
    },
    /** Reading the resume's first bytes before judging the whole form. */
    validating: {
      invoke: {
        id: 'resumeSignature',
        src: 'resumeSignature',
        input: ({ context }) => ({ file: context.resume as ResumeFile }),
        onDone: {
          target: 'checked',
          actions: { type: 'validate', params: ({ event }) => ({ resumeIsPdf: event.output }) },
        },
        onError: { target: 'checked', actions: 'markResumeUnreadable' },
      },
    },
    /** Errors known: on to saving, or back to editing with every message shown. */
    checked: {
      always: [
        { guard: 'isValid', target: 'saving' },
        {
          target: 'editing',
          actions: { type: 'revealErrors', params: ({ context }) => ({ errors: context.errors }) },
        },
      ],
    },
    /** The valid form and its resume on their way to the server. */
    saving: {
      invoke: {
        id: 'saveEducation',
        src: 'saveEducation',
        input: ({ context }) => ({ values: context.values, resume: context.resume as ResumeFile }),
        onDone: { target: 'done' },
        onError: {
          target: 'editing',
          actions: [
            'rememberFailure',
            { type: 'revealErrors', params: ({ context }) => ({ errors: context.errors }) },
          ],
        },
      },
    },
    done: {
      type: 'final',
      entry: 'goToJobList',
    },
  },
});
